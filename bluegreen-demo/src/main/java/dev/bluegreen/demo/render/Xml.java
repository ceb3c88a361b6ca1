package dev.bluegreen.demo.render;

/** Escaping for text and attribute values in HTML and SVG. */
final class Xml {
    private Xml() {}

    /** {@code text} with {@code & < > " '} escaped. */
    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
