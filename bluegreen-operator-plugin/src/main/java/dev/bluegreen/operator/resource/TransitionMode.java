package dev.bluegreen.operator.resource;

/** How the two colours hand over output. Cannot change after the first deployment. */
public enum TransitionMode {
    /** Both jobs write while they overlap (at-least-once), as upstream FLIP-503. The default. */
    BASIC,
    /** A record-level gate in the job hands output over at a cutover event time (exactly-once). */
    ADVANCED
}
