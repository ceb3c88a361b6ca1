package dev.bluegreen.diff.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * The path syntax shared by changed paths and rule patterns: dot-separated object keys, {@code
 * ["key.with.dots"]} for keys that are not plain identifiers, and {@code [3]} for array indexes.
 * Paths are relative to the FlinkBlueGreenDeployment {@code spec}. Segments are kept as strings; an
 * array index is stored as {@code "[3]"}. This class is stateless and thread-safe.
 */
public final class JsonPaths {

    /** The wildcard segment of a rule pattern: matches any one key or index. */
    public static final String WILDCARD = "*";

    private JsonPaths() {}

    /**
     * Returns the segment that stands for an array index.
     *
     * @param index the zero-based index
     * @return the segment, e.g. {@code "[3]"}
     */
    public static String index(int index) {
        return "[" + index + "]";
    }

    /**
     * Renders segments as a path string, e.g. {@code template.spec.job.args[0]}.
     *
     * @param segments the segments, in order from the spec root
     * @return the rendered path; the empty string for no segments
     */
    public static String render(List<String> segments) {
        StringBuilder out = new StringBuilder();
        for (String segment : segments) {
            if (isIndex(segment) || WILDCARD.equals(segment)) {
                appendSeparated(out, segment, WILDCARD.equals(segment));
            } else if (isPlainKey(segment)) {
                appendSeparated(out, segment, true);
            } else {
                out.append("[\"")
                        .append(segment.replace("\\", "\\\\").replace("\"", "\\\""))
                        .append("\"]");
            }
        }
        return out.toString();
    }

    private static void appendSeparated(StringBuilder out, String segment, boolean dotted) {
        if (dotted && out.length() > 0) {
            out.append('.');
        }
        out.append(segment);
    }

    /** Whether the key can be written after a dot: letters, digits, '_' and '-' only. */
    private static boolean isPlainKey(String key) {
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            boolean plain =
                    (c >= 'a' && c <= 'z')
                            || (c >= 'A' && c <= 'Z')
                            || (c >= '0' && c <= '9')
                            || c == '_'
                            || c == '-';
            if (!plain) {
                return false;
            }
        }
        return !key.isEmpty();
    }

    private static boolean isIndex(String segment) {
        return segment.length() > 2 && segment.charAt(0) == '[' && segment.endsWith("]");
    }

    /**
     * Returns the path of an object key below a rendered path.
     *
     * @param parent a rendered path, e.g. {@code template.spec.flinkConfiguration}
     * @param key the key, e.g. {@code taskmanager.numberOfTaskSlots}
     * @return e.g. {@code template.spec.flinkConfiguration["taskmanager.numberOfTaskSlots"]}
     */
    public static String child(String parent, String key) {
        return parent + render(List.of("x", key)).substring(1);
    }

    /**
     * Parses a path or rule pattern written in the syntax {@link #render} produces; {@code *} and
     * {@code [*]} are wildcards for one segment.
     *
     * @param text the path, e.g. {@code template.metadata.labels["app.kubernetes.io/name"]}
     * @return the segments, never empty
     * @throws IllegalArgumentException if the text is empty or malformed; the message quotes it
     */
    public static List<String> parse(String text) {
        List<String> segments = new ArrayList<>();
        int pos = 0;
        while (pos < text.length()) {
            pos =
                    text.charAt(pos) == '['
                            ? parseBracket(text, pos, segments)
                            : parseKey(text, pos, segments);
        }
        if (segments.isEmpty()) {
            throw malformed(text, "empty path");
        }
        return List.copyOf(segments);
    }

    private static int parseKey(String text, int start, List<String> segments) {
        int pos = afterDot(text, start, segments);
        int end = keyEnd(text, pos);
        if (end == pos) {
            throw malformed(text, "empty key at offset " + pos);
        }
        segments.add(text.substring(pos, end));
        return end;
    }

    /** The key's first offset: after the {@code .} that must separate it from earlier segments. */
    private static int afterDot(String text, int pos, List<String> segments) {
        if (text.charAt(pos) == '.') {
            if (segments.isEmpty()) {
                throw malformed(text, "starts with '.'");
            }
            return pos + 1;
        }
        if (!segments.isEmpty()) {
            throw malformed(text, "expected '.' or '[' at offset " + pos);
        }
        return pos;
    }

    /** The offset of the first {@code .} or {@code [} at or after {@code pos}, or the length. */
    private static int keyEnd(String text, int pos) {
        int end = pos;
        while (end < text.length() && text.charAt(end) != '.' && text.charAt(end) != '[') {
            end++;
        }
        return end;
    }

    private static int parseBracket(String text, int start, List<String> segments) {
        int close = text.indexOf(']', start);
        if (start + 1 < text.length() && text.charAt(start + 1) == '"') {
            return parseQuotedKey(text, start + 2, segments);
        }
        if (close < 0) {
            throw malformed(text, "unclosed '[' at offset " + start);
        }
        segments.add(indexOrWildcard(text, text.substring(start + 1, close)));
        return close + 1;
    }

    private static String indexOrWildcard(String text, String inside) {
        if (inside.equals(WILDCARD)) {
            return WILDCARD;
        }
        if (!inside.isEmpty()
                && inside.length() <= 9
                && inside.chars().allMatch(Character::isDigit)) {
            return index(Integer.parseInt(inside));
        }
        throw malformed(text, "expected an index, * or a quoted key in [" + inside + "]");
    }

    private static int parseQuotedKey(String text, int start, List<String> segments) {
        StringBuilder key = new StringBuilder();
        int pos = unquote(text, start, key);
        if (pos + 1 >= text.length() || text.charAt(pos + 1) != ']') {
            throw malformed(text, "unclosed quoted key at offset " + (start - 2));
        }
        segments.add(key.toString());
        return pos + 2;
    }

    /**
     * Appends the quoted key from {@code start} to {@code key}; the offset of its closing quote.
     */
    private static int unquote(String text, int start, StringBuilder key) {
        int pos = start;
        while (pos < text.length() && text.charAt(pos) != '"') {
            char c = text.charAt(pos);
            if (c == '\\' && pos + 1 < text.length()) {
                pos++;
                c = text.charAt(pos);
            }
            key.append(c);
            pos++;
        }
        return pos;
    }

    private static IllegalArgumentException malformed(String text, String problem) {
        return new IllegalArgumentException("malformed path \"" + text + "\": " + problem);
    }
}
