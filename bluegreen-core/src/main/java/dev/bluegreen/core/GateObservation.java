package dev.bluegreen.core;

/**
 * What the record-level gate reports for one blue/green resource, as the engine needs it in
 * ADVANCED mode ({@link TransitionPolicy#gatedHandover()}). The plugin's coordinator derives it
 * from the control channel's newest command and the gate subtasks' reports; in BASIC mode it is
 * {@link #none()} and the engine ignores it. Immutable and thread-safe.
 *
 * @param outputOwner the colour that owns the tail of the output (event time from the newest
 *     committed cutover on) per the newest committed schedule; {@link Color#BLUE} when nothing was
 *     committed yet; {@code null} when unknown (no gate, or the channel cannot be read yet)
 * @param blueDrained whether every blue gate subtask reports drained for the newest committed
 *     cutover (blue passes no more records)
 * @param greenDrained the same for green
 * @param detail a short human text for messages and conditions (e.g. {@code "3 of 4 subtasks
 *     armed"}), or empty; never {@code null}
 * @param owing the colour whose output a keep window protects (docs/gate.md, "Keep window and cold
 *     hand-back"): it may still owe output that the other colour keeps and would take back if it
 *     fails, so a failing child of this colour is not retired until the gate says so (the hand-back
 *     moves the output); {@code null} for none
 */
public record GateObservation(
        Color outputOwner, boolean blueDrained, boolean greenDrained, String detail, Color owing) {
    private static final GateObservation NONE = new GateObservation(null, false, false, "");

    public GateObservation {
        detail = detail == null ? "" : detail;
    }

    /** An observation without a keep window. */
    public GateObservation(
            Color outputOwner, boolean blueDrained, boolean greenDrained, String detail) {
        this(outputOwner, blueDrained, greenDrained, detail, null);
    }

    /**
     * Whether {@code color}'s output is protected by a keep window: a hand-back can still take from
     * the other colour what {@code color} did not commit.
     */
    public boolean owes(Color color) {
        return owing == color;
    }

    /** Nothing known about a gate (BASIC mode, or the channel is not readable yet). */
    public static GateObservation none() {
        return NONE;
    }

    /** Whether every gate subtask of {@code color} reports drained. */
    public boolean drained(Color color) {
        return color == Color.BLUE ? blueDrained : greenDrained;
    }
}
