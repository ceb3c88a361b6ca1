package dev.bluegreen.gate.rule;

import java.util.Locale;

/**
 * How a gate cuts the output between the colours (docs/gate.md, "Which cut for which job"): at one
 * event time ({@link #EVENT_TIME}, {@code BlueGreenGate.apply} and the {@code bluegreen} SQL
 * connector), or per source partition at an offset ({@link #SOURCE_POSITION}, the gate inside the
 * Kafka source). A gate says which in each report; the controller's {@code advanced.cut} must name
 * the same, or the hand-over is refused before any cutover.
 */
public enum CutKind {
    /** One event time {@code T}: blue emits what is before it, green what is at or after it. */
    EVENT_TIME("event-time"),
    /** Per partition an offset {@code O_p}: blue emits what is below it, green the rest. */
    SOURCE_POSITION("source-position");

    private final String text;

    CutKind(String text) {
        this.text = text;
    }

    /** The name in reports and in the {@code advanced.cut} option: {@code event-time}, ... */
    public String text() {
        return text;
    }

    /**
     * The kind named {@code value} ({@link #text()}, case-insensitive).
     *
     * @param field the field's name, for the error
     * @param value the text
     * @return the kind
     * @throws IllegalArgumentException naming {@code field} and the accepted values
     */
    public static CutKind parse(String field, String value) {
        for (CutKind kind : values()) {
            if (kind.text.equals(value.trim().toLowerCase(Locale.ROOT))) {
                return kind;
            }
        }
        throw new IllegalArgumentException(
                field + ": expected event-time or source-position, got \"" + value + "\"");
    }
}
