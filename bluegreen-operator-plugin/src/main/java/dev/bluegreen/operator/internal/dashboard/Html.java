package dev.bluegreen.operator.internal.dashboard;

/**
 * HTML building for the pages: every string that comes from a resource goes through {@link #text},
 * which escapes the five characters that can end text or an attribute value ({@code & < > " '}), so
 * that it can only ever be text. Not thread-safe (one per page).
 */
final class Html {
    /** What a missing value shows as. */
    static final String NONE = "\u2014";

    private final StringBuilder out = new StringBuilder(4096);

    /** {@code value} escaped for text and quoted attribute values; {@link #NONE} for null. */
    static String escape(String value) {
        if (value == null) {
            return NONE;
        }
        StringBuilder escaped = new StringBuilder(value.length() + 16);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '&' -> escaped.append("&amp;");
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '"' -> escaped.append("&quot;");
                case '\'' -> escaped.append("&#39;");
                default -> escaped.append(c);
            }
        }
        return escaped.toString();
    }

    /** Appends markup written here (never a resource's string). */
    Html raw(String markup) {
        out.append(markup);
        return this;
    }

    /** Appends {@code value} escaped. */
    Html text(String value) {
        out.append(escape(value));
        return this;
    }

    /** Appends {@code <tag>value</tag>} with {@code value} escaped. */
    Html element(String tag, String value) {
        return raw("<" + tag + ">").text(value).raw("</" + tag + ">");
    }

    /** Appends one table row of escaped cells. */
    Html row(String... cells) {
        raw("<tr>");
        for (String cell : cells) {
            element("td", cell);
        }
        return raw("</tr>");
    }

    /** Appends a table head row. */
    Html head(String... names) {
        raw("<tr>");
        for (String name : names) {
            element("th", name);
        }
        return raw("</tr>");
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
