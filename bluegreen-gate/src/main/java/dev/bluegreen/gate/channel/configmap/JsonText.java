package dev.bluegreen.gate.channel.configmap;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON reader for API server responses, so the gate needs no JSON library on the user's job
 * classpath. Objects become {@code Map<String, Object>}, arrays {@code List<Object>}, strings
 * {@code String}, numbers {@code Double}, and {@code true}/{@code false}/{@code null} their Java
 * values. Stateless apart from the position; one instance per document; not thread-safe.
 */
final class JsonText {
    /** The one-letter escapes after a backslash, and the characters they stand for. */
    private static final String ESCAPE_LETTERS = "ntrbf";

    private static final String ESCAPED_CHARS = "\n\t\r\b\f";

    private final String text;
    private int at;

    private JsonText(String text) {
        this.text = text;
    }

    /**
     * Parses one JSON document.
     *
     * @throws IllegalArgumentException naming the position of the first error
     */
    static Object parse(String text) {
        JsonText reader = new JsonText(text);
        Object value = reader.value();
        reader.skipSpace();
        if (reader.at != text.length()) {
            throw reader.error("expected the end of the document");
        }
        return value;
    }

    private Object value() {
        skipSpace();
        if (at >= text.length()) {
            throw error("expected a value");
        }
        switch (text.charAt(at)) {
            case '{':
                return object();
            case '[':
                return array();
            case '"':
                return string();
            case 't':
                return literal("true", Boolean.TRUE);
            case 'f':
                return literal("false", Boolean.FALSE);
            case 'n':
                return literal("null", null);
            default:
                return number();
        }
    }

    private Map<String, Object> object() {
        Map<String, Object> map = new LinkedHashMap<>();
        elements('}', () -> field(map));
        return map;
    }

    /**
     * Reads the comma-separated elements after the opening bracket at {@code at}, each with {@code
     * element}, up to and including {@code close}.
     */
    private void elements(char close, Runnable element) {
        at++;
        skipSpace();
        if (peek(close)) {
            at++;
            return;
        }
        while (true) {
            element.run();
            skipSpace();
            if (peek(',')) {
                at++;
            } else {
                expect(close);
                return;
            }
        }
    }

    /** Reads one {@code "name": value} pair into {@code map}. */
    private void field(Map<String, Object> map) {
        skipSpace();
        if (!peek('"')) {
            throw error("expected a field name");
        }
        String key = string();
        skipSpace();
        expect(':');
        map.put(key, value());
    }

    private List<Object> array() {
        List<Object> list = new ArrayList<>();
        elements(']', () -> list.add(value()));
        return list;
    }

    private String string() {
        at++;
        StringBuilder out = new StringBuilder();
        while (at < text.length()) {
            char c = text.charAt(at++);
            if (c == '"') {
                return out.toString();
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            if (at >= text.length()) {
                break;
            }
            out.append(escaped(text.charAt(at++)));
        }
        throw error("unterminated string");
    }

    /** The character after a backslash stands for: a one-letter escape, {@code u}, or itself. */
    private char escaped(char c) {
        int simple = ESCAPE_LETTERS.indexOf(c);
        if (simple >= 0) {
            return ESCAPED_CHARS.charAt(simple);
        }
        return c == 'u' ? unicode() : c; // '"', '\\' and '/' stand for themselves
    }

    /** The character of a {@code u} escape: its four hex digits. */
    private char unicode() {
        if (at + 4 > text.length()) {
            throw error("short unicode escape");
        }
        try {
            char decoded = (char) Integer.parseInt(text.substring(at, at + 4), 16);
            at += 4;
            return decoded;
        } catch (NumberFormatException e) {
            throw error("bad unicode escape");
        }
    }

    private Object literal(String word, Object value) {
        if (!text.startsWith(word, at)) {
            throw error("expected " + word);
        }
        at += word.length();
        return value;
    }

    private Double number() {
        int start = at;
        while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
            at++;
        }
        try {
            return Double.valueOf(text.substring(start, at));
        } catch (NumberFormatException e) {
            at = start;
            throw error("expected a value");
        }
    }

    private void skipSpace() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }

    private boolean peek(char c) {
        return at < text.length() && text.charAt(at) == c;
    }

    private void expect(char c) {
        if (!peek(c)) {
            throw error("expected '" + c + "'");
        }
        at++;
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException("JSON at offset " + at + ": " + what);
    }
}
