package dev.bluegreen.kafka.example;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A SQL script as {@link SqlRunner} runs it: statements separated by {@code ;}, {@code --} line
 * comments and {@code /* *}{@code /} block comments skipped, {@code ;} and comment marks inside
 * single-quoted strings kept. {@code {{name}}} placeholders are replaced by the job argument {@code
 * --name}'s value. Pure and stateless.
 */
public final class SqlScript {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([A-Za-z0-9._-]+)}}");

    private SqlScript() {}

    /**
     * The statements of {@code script} in order, each trimmed, without comments or the trailing
     * {@code ;}; empty statements are dropped.
     *
     * @throws IllegalArgumentException when a quoted string or a block comment is not closed
     */
    public static List<String> statements(String script) {
        List<String> statements = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int i = 0;
        while (i < script.length()) {
            char c = script.charAt(i);
            if (c == '\'') {
                int end = closingQuote(script, i);
                current.append(script, i, end + 1);
                i = end + 1;
            } else if (script.startsWith("--", i)) {
                int end = script.indexOf('\n', i);
                i = end < 0 ? script.length() : end;
            } else if (script.startsWith("/*", i)) {
                int end = script.indexOf("*/", i + 2);
                if (end < 0) {
                    throw new IllegalArgumentException(
                            "SQL script: a /* comment at offset " + i + " is not closed");
                }
                current.append(' ');
                i = end + 2;
            } else if (c == ';') {
                add(statements, current);
                i++;
            } else {
                current.append(c);
                i++;
            }
        }
        add(statements, current);
        return statements;
    }

    /**
     * {@code text} with every {@code {{name}}} replaced by {@code values.get(name)}.
     *
     * @throws IllegalArgumentException naming the placeholder that has no value (no {@code --name}
     *     argument)
     */
    public static String substitute(String text, Map<String, String> values) {
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = values.get(m.group(1));
            if (value == null) {
                throw new IllegalArgumentException(
                        "SQL script: {{"
                                + m.group(1)
                                + "}} has no value (no --"
                                + m.group(1)
                                + " argument)");
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** The index of the quote closing the string opened at {@code open} ({@code ''} escapes). */
    static int closingQuote(String script, int open) {
        int i = open + 1;
        while (i < script.length()) {
            if (script.charAt(i) == '\'') {
                if (i + 1 < script.length() && script.charAt(i + 1) == '\'') {
                    i += 2;
                    continue;
                }
                return i;
            }
            i++;
        }
        throw new IllegalArgumentException(
                "SQL script: a string opened at offset " + open + " is not closed");
    }

    private static void add(List<String> statements, StringBuilder current) {
        String statement = current.toString().strip();
        if (!statement.isEmpty()) {
            statements.add(statement);
        }
        current.setLength(0);
    }
}
