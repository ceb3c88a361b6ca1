package dev.bluegreen.core;

/**
 * How the desired spec differs from the last stable spec, as classified by bluegreen-diff (the
 * operator plugin maps the diff result onto this enum; core does not depend on diff). Constants are
 * ordered by precedence, lowest first.
 */
public enum ChangeKind {
    /** No difference that matters. */
    IGNORE,
    /**
     * Only the parent changed ({@code spec.configuration}, {@code spec.ingress}): no child change.
     */
    PARENT_ONLY,
    /** The active child can be patched in place (incl. template labels/annotations, rescale). */
    PATCH_CHILD,
    /** A full blue/green transition is needed. */
    TRANSITION,
    /**
     * {@code job.savepointRedeployNonce} changed: redeploy from the spec's initialSavepointPath.
     */
    SAVEPOINT_REDEPLOY,
    /** The job must be resumed (job.state suspended to running), in place. */
    RESUME,
    /** The job must be suspended (job.state to suspended), in place. */
    SUSPEND;

    /** Whether this kind needs a write to a child. */
    public boolean touchesChild() {
        return this != IGNORE && this != PARENT_ONLY;
    }
}
