package dev.bluegreen.core.simulation;

import dev.bluegreen.core.Action;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.Observation;
import dev.bluegreen.core.Plan;
import dev.bluegreen.core.TransitionRecord;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * The simulated controller of a {@link TransitionSimulator}: the virtual clock, the decision
 * function, the persisted record, the requeue timer and the step loop (see the simulator's class
 * comment). A restart rebuilds the decision function and drops the timer; only the persisted record
 * survives. Not thread-safe.
 */
final class SimulatedController {
    private static final int MAX_STEPS_AT_ONE_INSTANT = 100;

    private final long seed;
    private final Instant start;
    private final Duration maxStep;
    private final Supplier<? extends BiFunction<TransitionRecord, Observation, Plan>> deciders;
    private final SimulatedCluster cluster;
    private final List<TraceLine> trace = new ArrayList<>();
    private List<String> pendingEvents = new ArrayList<>();
    private BiFunction<TransitionRecord, Observation, Plan> decider;
    private TransitionRecord persisted = TransitionRecord.initial();
    private Instant now;
    private Instant requeueAt;
    private boolean inputsChanged;
    private boolean crashAfterNextActions;
    private boolean lastStepChangedNothing;
    private int stepsAtThisInstant;
    private int convergenceSteps = 1_000;
    private Duration convergenceTime = Duration.ofHours(24);
    private boolean refuseFromFailing;
    private long promotedIn = -1;
    private long abortedIn = -1;

    SimulatedController(
            long seed,
            Instant start,
            Duration maxStep,
            Supplier<? extends BiFunction<TransitionRecord, Observation, Plan>> deciders,
            SimulatedCluster cluster) {
        this.seed = seed;
        this.start = start;
        this.now = start;
        this.maxStep = maxStep;
        this.deciders = deciders;
        this.decider = deciders.get();
        this.cluster = cluster;
    }

    /**
     * Sets the bounds of {@link #runUntilResting()} and whether the policy refuses to leave a
     * failing child.
     */
    void convergence(int steps, Duration time, boolean refuseFromFailingChild) {
        convergenceSteps = steps;
        convergenceTime = time;
        refuseFromFailing = refuseFromFailingChild;
    }

    /** Steps until {@link #resting()}, then checks the rest; throws on a breach or no rest. */
    void runUntilResting() {
        runUntilResting(null, "of quiet inputs");
    }

    /**
     * Steps until {@link #resting()} like {@link #runUntilResting()}, the user aborting every plan
     * that holds for the user; throws {@link Invariant#ABORT_ENDS_HOLD} when the holds of one
     * change outlast their bounds ({@link HoldAborts}).
     */
    void runUntilRestingAbortingHolds(int maxAborts, int maxSteps) {
        var holds = new HoldAborts(maxAborts, maxSteps, persisted.transitionNumber());
        runUntilResting(holds, "while aborting holds");
    }

    /** The loop of both: {@code holds} answers holds with aborts, or is {@code null}. */
    private void runUntilResting(HoldAborts holds, String inputs) {
        Instant deadline = now.plus(convergenceTime);
        for (int i = 0; i < convergenceSteps && !now.isAfter(deadline); i++) {
            TraceLine line = step();
            if (resting()) {
                checkAtRest();
                return;
            }
            if (holds != null) {
                answer(holds, line);
            }
        }
        throw violation(
                new Invariants.Breach(
                        Invariant.CONVERGENCE,
                        String.format(
                                "not resting after %s steps or %s %s",
                                convergenceSteps, convergenceTime, inputs)),
                null);
    }

    /**
     * Aborts the hold of {@code line}, if it is one; throws when the holds outlast their bounds.
     */
    private void answer(HoldAborts holds, TraceLine line) {
        Invariants.Breach breach = holds.check(line, persisted, trace.size());
        if (breach != null) {
            throw violation(breach, null);
        }
        if (line.reason().holdsForUser()) {
            userAction("abort " + cluster.abort());
        }
    }

    private void checkAtRest() {
        Invariants.Breach breach = Invariants.atRest(persisted, cluster, refuseFromFailing);
        if (breach != null) {
            throw violation(breach, null);
        }
    }

    Instant now() {
        return now;
    }

    TransitionRecord persisted() {
        return persisted;
    }

    List<TraceLine> trace() {
        return trace;
    }

    /** Notes a user action; the next step happens without advancing the clock. */
    void userAction(String description) {
        pendingEvents.add("user: " + description);
        inputsChanged = true;
    }

    /** Rebuilds the decision function and drops the requeue timer. */
    void restart() {
        decider = deciders.get();
        requeueAt = null;
        userAction("controller restarted");
    }

    void crashAfterNextActions() {
        crashAfterNextActions = true;
    }

    /**
     * Whether the last step stayed in a resting state, persisted, changed nothing, and all is quiet
     * since. Staying (not just entering) matters: the engine may act on entering a state.
     */
    boolean resting() {
        TraceLine last = trace.isEmpty() ? null : trace.get(trace.size() - 1);
        return last != null
                && last.persisted()
                && last.from() == last.to()
                && lastStepChangedNothing
                && !inputsChanged
                && cluster.nextEventAt(persisted, now) == null
                && Invariants.resting(persisted.state(), cluster.specs().desired(null).suspended());
    }

    /** Runs one step; throws {@link InvariantViolation} on a breach. */
    TraceLine step() {
        advanceClock();
        List<String> events = progress();
        Observation observation = cluster.observe(persisted, now);
        Plan plan = decide(observation);
        Invariants.Breach breach = execute(plan, observation);
        TraceLine line = persist(plan, events);
        if (breach == null) {
            breach = Invariants.afterStep(persisted, line.persisted(), observation, cluster);
        }
        if (breach != null) {
            throw violation(breach, null);
        }
        return line;
    }

    /**
     * Lets the cluster progress to now; the user's and the cluster's events since the last step.
     */
    private List<String> progress() {
        List<String> events = pendingEvents;
        pendingEvents = new ArrayList<>();
        cluster.progress(now, persisted, events);
        failScriptedRuns(trace.size() + 1, events);
        return events;
    }

    private TraceLine persist(Plan plan, List<String> events) {
        TransitionRecord before = persisted;
        boolean persist = persistOrCrash(plan);
        inputsChanged = false;
        TraceLine line =
                new TraceLine(
                        trace.size() + 1,
                        Duration.between(start, now),
                        before.state(),
                        plan.reason(),
                        plan.next(),
                        plan.actions(),
                        plan.requeueAfter(),
                        persist,
                        events);
        trace.add(line);
        return line;
    }

    /** Persists the plan's record, or crashes (as scripted) before it; whether it persisted. */
    private boolean persistOrCrash(Plan plan) {
        if (!crashAfterNextActions) {
            persisted = plan.record();
            requeueAt = plan.requeueAfter().map(now::plus).orElse(null);
            return true;
        }
        // The controller crashed after executing the actions: it restarts and reconciles the
        // old record at once.
        crashAfterNextActions = false;
        decider = deciders.get();
        requeueAt = now;
        return false;
    }

    private void advanceClock() {
        Instant next = nextStepTime();
        stepsAtThisInstant = next.equals(now) ? stepsAtThisInstant + 1 : 0;
        now = next;
        if (stepsAtThisInstant >= MAX_STEPS_AT_ONE_INSTANT) {
            throw violation(
                    new Invariants.Breach(
                            Invariant.CONVERGENCE,
                            MAX_STEPS_AT_ONE_INSTANT + " steps without the clock advancing"),
                    null);
        }
    }

    /** When the next step happens (see the simulator's class comment). */
    Instant nextStepTime() {
        if (inputsChanged || (requeueAt != null && !requeueAt.isAfter(now))) {
            return now;
        }
        Instant next = now.plus(maxStep);
        if (requeueAt != null && requeueAt.isBefore(next)) {
            next = requeueAt;
        }
        Instant event = cluster.nextEventAt(persisted, now);
        if (event != null && event.isBefore(next)) {
            next = event.isBefore(now) ? now : event;
        }
        return next;
    }

    /** Sets the clock to {@code time}, which must not be before the next step time. */
    void idleUntil(Instant time) {
        now = time;
    }

    private void failScriptedRuns(int step, List<String> events) {
        for (Color color : Color.values()) {
            FakeChild child = cluster.child(color);
            if (child.script().failAtStep() == step && child.failRun()) {
                events.add(color.lowerCase() + ": run " + child.jobId() + " failed (scripted)");
            }
        }
    }

    private Plan decide(Observation observation) {
        Plan plan = decideOrBreach(observation);
        if (plan == null) {
            throw violation(
                    new Invariants.Breach(Invariant.VALID_PLAN, "decide returned null"), null);
        }
        return plan;
    }

    private Plan decideOrBreach(Observation observation) {
        try {
            return decider.apply(persisted, observation);
        } catch (RuntimeException e) {
            throw violation(
                    new Invariants.Breach(
                            Invariant.VALID_PLAN,
                            "decide threw " + e + " for " + persisted + " and " + observation),
                    e);
        }
    }

    /** Executes the plan's actions; stops at the first breach and returns it. */
    private Invariants.Breach execute(Plan plan, Observation observation) {
        AnalysisInvariants.Commanded commanded = commanded(plan);
        lastStepChangedNothing = true;
        for (Action action : plan.actions()) {
            Invariants.Breach breach = beforeAction(action, plan, observation, commanded);
            if (breach != null) {
                return breach;
            }
            lastStepChangedNothing &= !cluster.execute(action, now);
        }
        return null;
    }

    /**
     * What the user commanded in the persisted record's transition, {@code plan} included: a
     * promote or abort token the plan records as handled was consumed.
     */
    private AnalysisInvariants.Commanded commanded(Plan plan) {
        long transition = persisted.transitionNumber();
        if (!Objects.equals(plan.record().handledPromote(), persisted.handledPromote())) {
            promotedIn = transition;
        }
        if (!Objects.equals(plan.record().handledAbort(), persisted.handledAbort())) {
            abortedIn = transition;
        }
        return new AnalysisInvariants.Commanded(promotedIn == transition, abortedIn == transition);
    }

    /** The first invariant {@code action} would breach, checked before it is executed. */
    private Invariants.Breach beforeAction(
            Action action,
            Plan plan,
            Observation observation,
            AnalysisInvariants.Commanded commanded) {
        return Invariants.first(
                () ->
                        cluster.analysis().scripted()
                                ? AnalysisInvariants.beforeAction(
                                        action,
                                        persisted.state(),
                                        observation,
                                        commanded,
                                        cluster.traffic())
                                : null,
                () -> Invariants.beforeAction(action, observation, cluster),
                () -> Invariants.abandonedChildKept(action, persisted, cluster),
                () ->
                        cluster.gate() == null
                                ? null
                                : GateInvariants.beforeAction(
                                        action, plan, persisted.state(), observation, cluster));
    }

    InvariantViolation violation(Invariants.Breach breach, Throwable cause) {
        return new InvariantViolation(breach.invariant(), breach.detail(), seed, trace, cause);
    }
}
