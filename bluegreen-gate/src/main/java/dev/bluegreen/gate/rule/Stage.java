package dev.bluegreen.gate.rule;

/**
 * Stage of one transition (one proposed cutover) in the controller's command. A transition moves
 * from {@link #PROPOSED} to exactly one of {@link #COMMITTED} or {@link #ABORTED}, never back.
 */
public enum Stage {
    /** The controller proposes the cutover; gates arm (hold records at or after it) or conflict. */
    PROPOSED,
    /** Every gate subtask armed the proposal; the cutover is now in force everywhere. */
    COMMITTED,
    /** The controller withdrew the proposal (conflict, deadline or abort); nothing changes. */
    ABORTED;

    /** Whether the transition can no longer change stage. */
    boolean isFinal() {
        return this != PROPOSED;
    }
}
