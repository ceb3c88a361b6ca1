package dev.bluegreen.diff;

import java.util.Objects;

/**
 * What a spec change costs, ordered by precedence, lowest first: when several fields change, the
 * highest kind among them is the kind of the whole change.
 *
 * <p>The constants match {@code dev.bluegreen.core.ChangeKind} one to one by name; the operator
 * plugin maps one onto the other by name, and its tests check every constant.
 */
public enum ChangeKind {
    /** Nothing that matters changed. */
    IGNORE,
    /**
     * Only the parent changed ({@code configuration}, {@code ingress}, {@code httpRoute}, {@code
     * analysis}): no child write.
     */
    PARENT_ONLY,
    /** The active child is patched in place: no second deployment, no savepoint. */
    PATCH_CHILD,
    /** A full blue/green transition: a second child, a savepoint and a dual run. */
    TRANSITION,
    /** A blue/green transition that starts from {@code job.initialSavepointPath}, no savepoint. */
    SAVEPOINT_REDEPLOY,
    /** The job goes from suspended to running; applied in place. */
    RESUME,
    /** The job goes from running to suspended; applied in place. */
    SUSPEND;

    /**
     * Returns the kind with the higher precedence of this and {@code other}.
     *
     * @param other the kind to compare with, not null
     * @return this or {@code other}, whichever comes later in the declaration order
     * @throws NullPointerException if {@code other} is null
     */
    public ChangeKind max(ChangeKind other) {
        Objects.requireNonNull(other, "other == null");
        return other.ordinal() > ordinal() ? other : this;
    }
}
