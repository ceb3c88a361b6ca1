package dev.bluegreen.core.simulation;

import dev.bluegreen.core.ChangeKind;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.FailingSource;
import dev.bluegreen.core.PhaseDeadline;
import dev.bluegreen.core.ReadinessPolicies;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.Retention;
import dev.bluegreen.core.TimeoutAction;
import dev.bluegreen.core.TransitionPolicy;

import java.time.Duration;
import java.util.Random;

/**
 * Seeded random schedules for a {@link TransitionSimulator}: random child scripts, then a random
 * sequence of user actions and disruptions (spec changes of every {@link ChangeKind}, promote,
 * abort, pause, hand deletions, failing jobs, changed scripts, controller restarts, crashes between
 * executing a plan and persisting its record) separated by random waits, and finally quiet inputs
 * with behaving children until the deployment rests (the user aborts a phase held at its deadline
 * by a {@link TimeoutAction#HOLD} policy, which waits for the user by design). The same seed gives
 * the same schedule, so a violation is replayed by running its seed again. Stateless and
 * thread-safe.
 */
public final class RandomSchedule {
    private static final ChangeKind[] KINDS = ChangeKind.values();

    /** At most this many aborts of held phases while settling. */
    private static final int MAX_SETTLE_ABORTS = 3;

    /**
     * At most this many steps while settling, before {@link TransitionSimulator#runUntilResting}.
     */
    private static final int MAX_SETTLE_STEPS = 1_000;

    private RandomSchedule() {}

    /**
     * A random policy for {@code seed}: soak 0 s to 2 min, short or default deadlines, all {@link
     * TimeoutAction#ROLLBACK ROLLBACK}; any deletion delay, retention, rollback window and failing
     * source. Same as {@code randomPolicy(seed, false)}.
     */
    public static TransitionPolicy randomPolicy(long seed) {
        return randomPolicy(seed, false);
    }

    /**
     * A random policy for {@code seed} (see {@link #randomPolicy(long)}).
     *
     * @param withHolds whether each deadline is {@link TimeoutAction#HOLD HOLD} with probability
     *     1/5 (a held phase waits for the user: {@link #run} aborts it while settling)
     */
    public static TransitionPolicy randomPolicy(long seed, boolean withHolds) {
        Random r = new Random(seed ^ 0x5DEECE66DL);
        int holdOneIn = withHolds ? 5 : 0;
        return TransitionPolicy.builder()
                .readiness(ReadinessPolicies.stableAndRunningFor(pick(r, 0, 10, 30, 120)))
                .savepoint(deadline(r, holdOneIn, 60, 600))
                .readinessDeadline(deadline(r, holdOneIn, 120, 600))
                .cutover(deadline(r, holdOneIn, 120, 300))
                .patch(deadline(r, holdOneIn, 120, 600))
                .deletionDelay(pick(r, 0, 0, 30, 300))
                .retention(Retention.values()[r.nextInt(Retention.values().length)])
                .rollbackWindow(pick(r, 0, 60, 600))
                .failingSource(FailingSource.values()[r.nextInt(FailingSource.values().length)])
                .build();
    }

    /**
     * A random ADVANCED-mode policy for {@code seed}: {@code randomPolicy(seed, true)} with {@code
     * gatedHandover} and a random catch-up deadline (2 or 10 min, HOLD with probability 1/5).
     * {@link #run} then also gives the gate a random script: commits after 0 to 60 s, drains after
     * 0 to 3 min, each never with probability 1/8 (until the gate behaves while settling).
     */
    public static TransitionPolicy randomAdvancedPolicy(long seed) {
        Random r = new Random(seed ^ 0x6A7EL);
        return randomPolicy(seed, true).toBuilder()
                .gatedHandover(true)
                .catchUp(deadline(r, 5, 120, 600))
                .build();
    }

    private static GateScript randomGate(Random r) {
        Duration commit = r.nextInt(8) == 0 ? null : Duration.ofSeconds(r.nextInt(61));
        Duration drain = r.nextInt(8) == 0 ? null : Duration.ofSeconds(r.nextInt(181));
        return new GateScript(commit, drain);
    }

    private static PhaseDeadline deadline(Random r, int holdOneIn, int... seconds) {
        Duration timeout = pick(r, seconds);
        return holdOneIn > 0 && r.nextInt(holdOneIn) == 0
                ? new PhaseDeadline(timeout, TimeoutAction.HOLD)
                : PhaseDeadline.rollbackAfter(timeout);
    }

    private static Duration pick(Random r, int... seconds) {
        return Duration.ofSeconds(seconds[r.nextInt(seconds.length)]);
    }

    /**
     * Runs the schedule of {@code seed} on a simulator built from {@code builder} (its seed and
     * child scripts are set here) until the deployment rests.
     *
     * @return the result after resting
     * @throws InvariantViolation with the seed and trace if any invariant breaks
     */
    public static SimulationResult run(TransitionSimulator.Builder builder, long seed) {
        return settle(schedule(builder, seed));
    }

    /**
     * Runs the schedule of {@code seed} with the random analysis scripts of {@link
     * #runWithAnalysis}, then settles it with a user who only aborts: every plan that holds for the
     * user is answered with an abort ({@link TransitionSimulator#runUntilRestingAbortingHolds()},
     * which checks {@link Invariant#ABORT_ENDS_HOLD}), never with a promote.
     *
     * @return the result after resting
     * @throws InvariantViolation with the seed and trace if any invariant breaks
     */
    public static SimulationResult runAbortingOnly(TransitionSimulator.Builder builder, long seed) {
        return schedule(withAnalysis(builder, seed), seed).runUntilRestingAbortingHolds();
    }

    /** The simulator after the schedule's actions, children (and gate) behaving from then on. */
    private static TransitionSimulator schedule(TransitionSimulator.Builder builder, long seed) {
        Random r = new Random(seed);
        if (builder.policy.gatedHandover()) {
            // a stream of its own, so that BASIC schedules stay what they were
            builder.gate(randomGate(new Random(~seed)));
        }
        TransitionSimulator sim =
                builder.seed(seed).blue(randomScript(r)).green(randomScript(r)).build();
        sim.deploy(r.nextInt(10) == 0, r.nextInt(5) == 0);
        int actions = 5 + r.nextInt(36);
        for (int i = 0; i < actions; i++) {
            randomAction(r, sim);
        }
        return sim.paused(false).childrenBehave();
    }

    /**
     * Runs the schedule of {@code seed} (see {@link #run}) with random analysis scripts for both
     * stages, drawn from a stream of their own (the rest of the schedule is that of {@link #run}):
     * per stage, one in seven none, two in seven passing, one in seven each failing, erring,
     * inconclusive or never concluding, 0 to 5 min after the window opens. Checks that never
     * conclude pass while settling ({@link TransitionSimulator#childrenBehave()}); inconclusive
     * ones are aborted like other holds.
     *
     * @throws InvariantViolation with the seed and trace if any invariant breaks
     */
    public static SimulationResult runWithAnalysis(TransitionSimulator.Builder builder, long seed) {
        return run(withAnalysis(builder, seed), seed);
    }

    /** {@code builder} with the random analysis scripts of {@code seed}. */
    private static TransitionSimulator.Builder withAnalysis(
            TransitionSimulator.Builder builder, long seed) {
        Random r = new Random(seed * 0x9E3779B97F4A7C15L + 28);
        AnalysisScript pre = randomAnalysis(r);
        AnalysisScript post = randomAnalysis(r);
        if (pre != null) {
            builder.prePromotion(pre);
        }
        if (post != null) {
            builder.postPromotion(post);
        }
        return builder;
    }

    /** A random analysis script, or {@code null} for none (see {@link #runWithAnalysis}). */
    private static AnalysisScript randomAnalysis(Random r) {
        Duration after = Duration.ofSeconds(r.nextInt(301));
        return switch (r.nextInt(7)) {
            case 0 -> null;
            case 1, 2 -> AnalysisScript.passesAfter(after);
            case 3 -> AnalysisScript.failsAfter(after);
            case 4 -> AnalysisScript.errsAfter(after);
            case 5 -> AnalysisScript.inconclusiveAfter(after);
            default -> AnalysisScript.never();
        };
    }

    /**
     * Quiet inputs until the deployment rests, except that the user aborts a held phase ({@link
     * TimeoutAction#HOLD} waits for the user by design, at the deadline or when the operator
     * rejected or failed the child, and on inconclusive analysis checks).
     */
    private static SimulationResult settle(TransitionSimulator sim) {
        int aborts = 0;
        for (int i = 0; i < MAX_SETTLE_STEPS && !sim.resting(); i++) {
            TraceLine line = sim.step();
            if (line.reason().holdsForUser() && aborts < MAX_SETTLE_ABORTS) {
                release(sim, line.reason(), aborts);
                aborts++;
            }
        }
        return sim.runUntilResting();
    }

    /**
     * Aborts a held phase; an inconclusive analysis that the previous abort did not release (the
     * previous child cannot take the traffic back) is promoted instead.
     */
    private static void release(TransitionSimulator sim, Reason reason, int released) {
        if (reason == Reason.ANALYSIS_INCONCLUSIVE && released % 2 == 1) {
            sim.promote();
        } else {
            sim.abort();
        }
    }

    private static ChildScript randomScript(Random r) {
        ChildScript script =
                ChildScript.readyAfter(Duration.ofSeconds(r.nextInt(121)))
                        .withReconcileDelay(Duration.ofSeconds(r.nextInt(6)))
                        .deletionTakes(Duration.ofSeconds(r.nextInt(31)));
        script = randomFailures(script, r);
        script = script.savepointCompletesAfter(Duration.ofSeconds(r.nextInt(61)));
        return switch (r.nextInt(10)) {
            case 0 -> script.savepointFails();
            case 1 -> script.savepointHangs();
            default -> script;
        };
    }

    /** One in ten each: no startup, failing every run after a while, failing at a step. */
    private static ChildScript randomFailures(ChildScript script, Random r) {
        if (r.nextInt(10) == 0) {
            script = script.withStartup(null);
        }
        if (r.nextInt(10) == 0) {
            script = script.failingEveryRunAfter(Duration.ofSeconds(10 + r.nextInt(291)));
        }
        if (r.nextInt(10) == 0) {
            script = script.failingAtStep(1 + r.nextInt(60));
        }
        return script;
    }

    private static void randomAction(Random r, TransitionSimulator sim) {
        int dice = r.nextInt(100);
        Color color = r.nextBoolean() ? Color.BLUE : Color.GREEN;
        if (dice < 35) {
            // Mostly short waits, sometimes past the default 10 min deadlines.
            double skew = r.nextDouble() * r.nextDouble();
            sim.runFor(Duration.ofSeconds(1 + (long) (skew * 1_800)));
        } else if (dice < 60) {
            sim.changeSpec(KINDS[r.nextInt(KINDS.length)], r.nextInt(5) == 0);
        } else if (dice < 75) {
            randomCommand(dice, r, sim);
        } else {
            randomFault(dice, color, r, sim);
        }
    }

    /** A user command for {@code dice} in [60, 75): promote, abort, or (un)pause. */
    private static void randomCommand(int dice, Random r, TransitionSimulator sim) {
        if (dice < 65) {
            sim.promote();
        } else if (dice < 70) {
            sim.abort();
        } else {
            sim.paused(r.nextBoolean());
        }
    }

    /** A fault for {@code dice} in [75, 100): a child's, or the controller's. */
    private static void randomFault(int dice, Color color, Random r, TransitionSimulator sim) {
        if (dice < 80) {
            sim.deleteByHand(color);
        } else if (dice < 85) {
            sim.failJob(color);
        } else if (dice < 90) {
            sim.script(color, randomScript(r));
        } else if (dice < 95) {
            sim.restartController();
        } else {
            sim.crashBeforePersistingNextRecord();
        }
    }
}
