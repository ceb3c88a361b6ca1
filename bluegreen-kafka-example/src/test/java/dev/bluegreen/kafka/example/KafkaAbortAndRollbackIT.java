package dev.bluegreen.kafka.example;

import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The handovers that do not end with green owning the tail, on a real Kafka pipeline (the shape of
 * {@link KafkaHandoverIT}: a KRaft broker shared by the class, fresh topics per test, {@link
 * KafkaCountingJob} as two jobs on their own MiniClusters, checkpoints every second, green restored
 * from a mid-stream savepoint of blue with a per-colour sink uid and allowNonRestoredState). The
 * test plays the controller over the in-memory gate channel: an aborted proposal with green killed,
 * and a committed handover followed by a hot rollback (a newer committed cutover back to blue). The
 * output is audited read_committed after every job stopped; blue must never fail or restart (its
 * producer is never fenced).
 */
class KafkaAbortAndRollbackIT extends HandoverRunPerTest {
    static final String LABEL = "KafkaAbortAndRollbackIT";

    @Test
    void abortMidHandoverKeepsBlueAndLosesNothing() throws Exception {
        // Given blue running with the gate, and green restored from blue's mid-stream savepoint,
        // both armed for a proposed cutover T and already holding records at or after T
        ColourJob blue = startGatedBlue();
        ColourJob green = startGatedGreenFrom(blue);
        long greenStarted = System.nanoTime();
        run.controller().awaitCaughtUp(CATCH_UP_BOUND_MS);
        GateCommand proposal = run.controller().proposeUntilAllArmed(CUTOVER_MARGIN_MS);
        run.controller().awaitHolding(Color.BLUE, 20);

        // When the controller aborts the proposal, and green is killed (cancelled); blue runs on
        long blueHeld = run.controller().held(Color.BLUE);
        GateCommand aborted = run.controller().abort(proposal);
        run.controller().awaitApplied(aborted);
        long greenPassed = run.controller().passed(Color.GREEN);
        String reportsAtAbort = run.controller().reports().toString();
        HandoverRun.assertNeverFailed(green);
        green.cancel();
        long overlapMs = (System.nanoTime() - greenStarted) / 1_000_000;
        long cutover = proposal.cutover();
        run.awaitLines("v1", t -> t >= cutover, 200);
        HandoverOutput output = run.endWith(blue);

        // Then blue alone wrote every record exactly once, including those held under the proposal
        assertThat(greenPassed).as("records green's gates passed; %s", reportsAtAbort).isZero();
        output.assertExactlyOnce();
        assertThat(output.lines())
                .allMatch(l -> l.version().equals("v1"), "only blue (v1) in the output");
        // and blue was never fenced: no restart, no failure recorded
        HandoverRun.assertNeverFailed(blue);
        System.out.println(
                run.summary(LABEL, "ABORT", output, overlapMs, Long.MIN_VALUE)
                        + " abortedCutover="
                        + HandoverRun.at(cutover)
                        + " blueHeldBeforeAbort="
                        + blueHeld);
    }

    @Test
    void hotRollbackDuringTheWindowLosesNothing() throws Exception {
        // Given a committed handover to green at T; blue drained but kept running (gated off) for
        // the rollback window
        ColourJob blue = startGatedBlue();
        ColourJob green = startGatedGreenFrom(blue);
        long greenStarted = System.nanoTime();
        GateCommand first = handOver();
        long t = first.cutover();
        run.awaitLines("v2", time -> time >= t, 200);

        // When the controller commits a newer cutover T2 back to blue (hot rollback), green drains
        // and is retired by stop-with-savepoint (SUSPEND_THEN_DELETE), blue runs on
        GateCommand rollback =
                run.controller().commit(run.controller().proposeUntilAllArmed(CUTOVER_MARGIN_MS));
        run.controller().awaitDrained(Color.GREEN, rollback);
        HandoverRun.assertNeverFailed(green);
        green.stopWithSavepoint();
        long overlapMs = (System.nanoTime() - greenStarted) / 1_000_000;
        long t2 = rollback.cutover();
        run.awaitLines("v1", time -> time >= t2, 200);
        HandoverOutput output = run.endWith(blue);

        // Then every record came out exactly once: blue's before T and from T2, green's in [T, T2)
        assertThat(rollback.transition()).isGreaterThan(first.transition());
        assertThat(rollback.committedCutovers()).containsExactly(t, t2);
        output.assertExactlyOnce();
        assertThat(output.lines())
                .allMatch(
                        l -> l.version().equals("v2") == (l.eventTime() >= t && l.eventTime() < t2),
                        "blue owns < T and >= T2, green owns [T, T2)");
        // and neither colour was fenced: no restart, no failure recorded
        HandoverRun.assertNeverFailed(blue);
        HandoverRun.assertNeverFailed(green);
        System.out.println(
                run.summary(LABEL, "HOT-ROLLBACK", output, overlapMs, t)
                        + " T2="
                        + HandoverRun.at(t2)
                        + " transitions="
                        + rollback.transition());
    }
}
