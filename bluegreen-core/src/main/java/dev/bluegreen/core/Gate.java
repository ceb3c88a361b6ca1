package dev.bluegreen.core;

import dev.bluegreen.core.BlueGreenState.Role;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The rules of ADVANCED mode ({@link TransitionPolicy#gatedHandover()}) that several steps share:
 * who the engine wants to own the output tail ({@link TransitionRecord#outputOwner()}), whether a
 * child may be retired without cutting off output it still owes, and the drain-then-retire exit
 * used by rollbacks. Package-private and stateless; nothing here runs in BASIC mode.
 */
final class Gate {
    /** How often the engine asks to decide again while it waits for the gate: 5 seconds. */
    static final Duration POLL = Duration.ofSeconds(5);

    private Gate() {}

    static boolean on(Step s) {
        return s.policy.gatedHandover();
    }

    /**
     * The plan with the output owner the engine wants after it: the serving colour of the next
     * state, except in {@code TRANSITIONING} (the step sets it: the incumbent until the incoming
     * child is ready) and {@code INITIALIZING} (none).
     */
    static Plan withOwner(Plan plan) {
        BlueGreenState next = plan.next();
        Color owner =
                next.role() == Role.TRANSITIONING
                        ? plan.record().outputOwner()
                        : next.activeColor().orElse(null);
        if (owner == plan.record().outputOwner()) {
            return plan;
        }
        var record = plan.record().toBuilder().outputOwner(owner).build();
        return new Plan(record, plan.actions(), plan.requeueAfter(), plan.reason(), plan.message());
    }

    /**
     * Whether {@code color} may still emit records that nobody else will (gated, the gate names it
     * as the owner of the output tail, and it is present and not failing), or owes output that a
     * keep window's hand-back will still take back from it (present, failing or not): it must not
     * be retired.
     */
    static boolean ownsOutput(Step s, Color color) {
        ChildObservation child = s.obs.child(color);
        boolean owner = s.obs.gate().outputOwner() == color && !child.failing();
        return on(s) && child.present() && (owner || owes(s, color));
    }

    /**
     * Whether a keep window protects {@code color}'s output (ADVANCED mode; BASIC mode's gate
     * observation names no colour): a failing child of that colour waits for the gate's hand-back
     * before it is retired.
     */
    static boolean owes(Step s, Color color) {
        return s.obs.gate().owes(color);
    }

    /**
     * Whether the leftover Y of a resting X must be kept because it owns the output and X can take
     * it back (X is not failing: a failing X can never be handed the output, so waiting for that
     * would block every later change).
     */
    static boolean leftoverOwnsOutput(Step s) {
        return ownsOutput(s, s.y) && !s.childX().failing();
    }

    /** The requeue while waiting for the gate: {@link #POLL}, or sooner at {@code until}. */
    static Optional<Duration> poll(Step s, Instant until) {
        if (until == null || Deadlines.passed(s, until)) {
            return Optional.of(POLL);
        }
        Duration left = Duration.between(s.now, until);
        return Optional.of(left.compareTo(POLL) < 0 ? left : POLL);
    }

    /** A stay while the gate moves the output to {@code owner}. */
    static Plan waitForOwner(Step s, Color owner, String before, Instant until) {
        return Plans.stay(
                s,
                Reason.WAITING_FOR_CUTOVER,
                String.format(
                        "waiting for the gate to hand the output to %s before %s (%s)",
                        owner.lowerCase(), before, detail(s)),
                poll(s, until));
    }

    static String detail(Step s) {
        GateObservation gate = s.obs.gate();
        String owner = gate.outputOwner() == null ? "unknown" : gate.outputOwner().lowerCase();
        return "gate: output owner "
                + owner
                + (gate.detail().isEmpty() ? "" : ", " + gate.detail());
    }

    /**
     * Ends a change by returning to the serving colour while {@code retiring} may still owe output:
     * {@code RETIRING_<retiring>} with the stable spec as target (a rollback retirement: it keeps
     * the failed marker and never switches back), retired once the gate hands the output back and
     * {@code retiring} is drained, bounded by the cutover deadline.
     */
    static Plan drainThenRetire(
            Step s, Color retiring, List<Action> actions, Reason reason, String why) {
        var next = retiringBack(s, retiring, reason != Reason.SUPERSEDED);
        return Plans.plan(
                next, actions, Optional.of(POLL), reason, retiredOnceDrained(s, retiring, why));
    }

    /**
     * {@code RETIRING_<retiring>} back to the stable spec, traffic on the other colour; a {@code
     * failed} target is marked failed. The cutover deadline bounds the drain.
     */
    private static TransitionRecord.Builder retiringBack(Step s, Color retiring, boolean failed) {
        return Plans.next(s, BlueGreenState.of(Role.RETIRING, retiring))
                .trafficColor(retiring.opposite())
                .targetSpecRef(s.record.stableSpecRef())
                .failedSpecRef(failed ? s.record.targetSpecRef() : s.record.failedSpecRef())
                .readySince(null)
                .trafficSwitchedAt(null)
                .deadline(s.now.plus(s.policy.cutover().timeout()));
    }

    private static String retiredOnceDrained(Step s, Color retiring, String why) {
        return String.format(
                "%s: %s serves spec %s; %s is retired once the gate hands the output back"
                        + " and it is drained (%s)",
                why,
                retiring.opposite().lowerCase(),
                s.record.stableSpecRef(),
                retiring.lowerCase(),
                detail(s));
    }

    /** Whether this {@code RETIRING} state retires a rolled-back child (target = stable spec). */
    static boolean rollingBack(Step s) {
        return on(s) && Objects.equals(s.record.targetSpecRef(), s.record.stableSpecRef());
    }
}
