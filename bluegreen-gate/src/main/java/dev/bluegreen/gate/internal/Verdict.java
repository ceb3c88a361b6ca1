package dev.bluegreen.gate.internal;

/** What a gate subtask does with one record. */
public enum Verdict {
    /** The record goes on to the sink. */
    PASS,
    /** The record is discarded: the other colour emits it. */
    DROP,
    /**
     * The record is kept by the gate until the proposed cutover it falls under is committed or
     * withdrawn; it is then passed or dropped. Only records at or after a proposed, uncommitted
     * cutover are held.
     */
    HOLD
}
