package dev.bluegreen.core.simulation;

/**
 * The properties a {@link TransitionSimulator} checks after every step (and, for actions, before
 * executing each one). A breach throws {@link InvariantViolation}.
 */
public enum Invariant {
    /**
     * Never zero running children (present, not being deleted, spec not suspended) unless the user
     * asked for suspension (the desired spec is suspended, the engine rests in a SUSPENDED state,
     * or the last stable spec, which a rollback returns to, is a suspended one), the first
     * deployment never completed (no stable spec yet; it may already receive traffic), or a child
     * deleted by hand is still terminating.
     */
    RUNNING_CHILD,
    /**
     * Never two children receiving traffic: the single traffic pointer, once set, points at a child
     * that exists, and it only moves to a child that is stable and running at its newest generation
     * (unless the desired spec is suspended: then nothing runs); after every persisted step the
     * record's {@code trafficColor} names it. A child deleted by hand may be terminating; once it
     * is gone the engine must recreate it or move traffic in the same step.
     */
    SINGLE_TRAFFIC_TARGET,
    /**
     * The child receiving traffic is never deleted, nor suspended while the desired spec asks for a
     * running job: a previous child is only retired after traffic moved to its ready successor.
     */
    ACTIVE_CHILD_KEPT,
    /**
     * The status converges: once inputs stop changing it rests (stays in ACTIVE_X, SUSPENDED_X,
     * FAILING_X, or INITIALIZING_BLUE when the desired spec is suspended, with nothing left to do)
     * within the simulator's step and time bounds, and the clock keeps advancing. At rest, ACTIVE_X
     * has traffic on a present child X (FAILING_X too, unless the first deployment never
     * succeeded), and the desired spec is applied or reported failed ({@code failedSpecRef}),
     * unless the policy refuses to move away from a failing child ({@code FailingSource.REFUSE}).
     */
    CONVERGENCE,
    /**
     * Every hold ends under abort alone: when the user answers each plan that holds for the user
     * ({@link dev.bluegreen.core.Reason#holdsForUser()}: a deadline's HOLD, a child the operator
     * rejected or failed under HOLD, an inconclusive analysis) with an abort and does nothing else,
     * the deployment rests within {@link TransitionSimulator#ABORTED_HOLD_STEPS} steps of the first
     * such abort, and needs at most {@link TransitionSimulator#MAX_HOLD_ABORTS} aborts (counted per
     * change: a change the engine starts afterwards, with a new transition number, counts afresh).
     * Where an abort cannot keep its promise it still ends the hold: the serving child keeps the
     * traffic. Checked by {@link TransitionSimulator#runUntilRestingAbortingHolds()}.
     */
    ABORT_ENDS_HOLD,
    /**
     * The decision function returns a plan for every observation (no exception, no {@code null})
     * and only writes spec refs the user asked for at some point.
     */
    VALID_PLAN,
    /**
     * ADVANCED mode: traffic moves from a present incumbent to the incoming child of a transition
     * only once the gate committed the cutover of the output to that child.
     */
    CUTOVER_BEFORE_TRAFFIC,
    /**
     * ADVANCED mode: the child that owns the output tail per the gate (live and not failing) is
     * never retired, unless the user asked for suspension or the other child fails (it could never
     * take the output back).
     */
    OUTPUT_OWNER_KEPT,
    /**
     * ADVANCED mode: a previous child retired at the end of a transition ({@code RETIRING}) that
     * lost the output in the newest cutover was drained, or is failing or gone, or the cutover
     * deadline's rollback or the user's abort said so.
     */
    DRAINED_BEFORE_RETIRED,
    /**
     * With {@link dev.bluegreen.core.Retention#SUSPEND_THEN_DELETE} (children write to a
     * transactional sink): a child whose job runs, including one still stopping with a savepoint,
     * is never deleted: its open transaction would be aborted and the records in it lost. It is
     * stopped with a savepoint first and deleted once observed suspended; a failing child or one
     * without a running job may be deleted at once.
     */
    SAVEPOINT_BEFORE_DELETE,
    /**
     * With {@link dev.bluegreen.core.Retention#KEEP_RUNNING} or {@link
     * dev.bluegreen.core.Retention#SUSPEND}: a child abandoned by a rollback is suspended (kept for
     * analysis), never deleted. While a change is underway ({@code TRANSITIONING} or {@code
     * RETIRING}) the only child that may be deleted is the previous child retired at the end of a
     * forward transition: {@code RETIRING_X} deleting X while the record's target differs from its
     * stable spec. Any other child retired there is abandoned: the incoming X of {@code
     * TRANSITIONING_X}, the new Y that traffic switches back from in {@code RETIRING_X}, or the
     * rolled-back X of a rollback retirement ({@code RETIRING_X} with target = stable spec,
     * ADVANCED mode, retired after its drain). A leftover deleted before the next transition, from
     * a resting state, is not checked.
     */
    ABANDONED_CHILD_KEPT,
    /**
     * With analysis scripts: traffic moves from a present serving child to the incoming child of a
     * transition only when the pre-promotion analysis passed ({@code SUCCESSFUL}, or {@code NONE}:
     * no checks), not while it is pending, running, inconclusive, failed or erring, unless the user
     * promoted in this transition (a promote skips unfinished checks).
     */
    PRE_ANALYSIS_BEFORE_SWITCH,
    /**
     * With analysis scripts: an automatic rollback after the switch (traffic back to the previous
     * child of {@code RETIRING_X} with the post-promotion analysis failed or erring, without an
     * abort by the user) happens only while the previous child is kept, observed stable and running
     * when the rollback was decided.
     */
    ROLLBACK_WHILE_PREVIOUS_KEPT,
    /**
     * With analysis scripts: the previous child of {@code RETIRING_X} is not retired (deleted or
     * suspended) while the post-promotion analysis is pending, running or inconclusive, unless the
     * user promoted or aborted in this transition, the desired spec is suspended, or the previous
     * child fails (it could not take traffic back).
     */
    PREVIOUS_KEPT_DURING_POST_ANALYSIS
}
