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
            if (script.charAt(i) == ';') {
                add(statements, current);
                i++;
            } else {
                i = appendToken(script, i, current);
            }
        }
        add(statements, current);
        return statements;
    }

    /**
     * Appends the token at {@code i} to {@code current}: a quoted string as written, a comment as
     * one blank (a line comment as nothing: its line end follows), any other character as is.
     *
     * @return the index after the token
     */
    private static int appendToken(String script, int i, StringBuilder current) {
        if (script.charAt(i) == '\'') {
            int end = closingQuote(script, i);
            current.append(script, i, end + 1);
            return end + 1;
        }
        if (script.startsWith("--", i)) {
            int end = script.indexOf('\n', i);
            return end < 0 ? script.length() : end;
        }
        if (script.startsWith("/*", i)) {
            current.append(' ');
            return blockCommentEnd(script, i);
        }
        current.append(script.charAt(i));
        return i + 1;
    }

    /** The index after the {@code *}{@code /} closing the comment opened at {@code open}. */
    private static int blockCommentEnd(String script, int open) {
        int end = script.indexOf("*/", open + 2);
        if (end < 0) {
            throw new IllegalArgumentException(
                    "SQL script: a /* comment at offset " + open + " is not closed");
        }
        return end + 2;
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
            m.appendReplacement(out, Matcher.quoteReplacement(valueOf(m.group(1), values)));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static String valueOf(String name, Map<String, String> values) {
        String value = values.get(name);
        if (value == null) {
            throw new IllegalArgumentException(
                    "SQL script: {{" + name + "}} has no value (no --" + name + " argument)");
        }
        return value;
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
