package dev.bluegreen.core;

/**
 * Where a transition away from a failing serving child restores its state from; a failing job
 * cannot take a hand-over savepoint.
 */
public enum FailingSource {
    /**
     * The failing child's newest completed checkpoint or savepoint; empty state if there is none.
     */
    LAST_GOOD_SNAPSHOT,
    /** Always start empty (stateless). */
    EMPTY,
    /** Do not transition away from a failing child; wait until it recovers. */
    REFUSE
}
