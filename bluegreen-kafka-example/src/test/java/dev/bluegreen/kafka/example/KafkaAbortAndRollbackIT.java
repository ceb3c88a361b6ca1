package dev.bluegreen.kafka.example;

import dev.bluegreen.example.EventGenerator;
import dev.bluegreen.example.OutputAudit;
import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

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
class KafkaAbortAndRollbackIT {
    static final long CATCH_UP_BOUND_MS = 5_000;
    static final long CUTOVER_MARGIN_MS = 1_000;

    @TempDir static Path brokerDir;
    static KafkaPipeline pipeline;

    @TempDir Path tmp;
    private HandoverRun run;

    @BeforeAll
    static void startBroker() throws Exception {
        pipeline = KafkaPipeline.start(brokerDir);
    }

    @AfterAll
    static void stopBroker() {
        if (pipeline != null) {
            pipeline.close();
        }
    }

    @BeforeEach
    void startRun(TestInfo info) {
        String name = info.getTestMethod().orElseThrow().getName().toLowerCase(Locale.ROOT);
        run = HandoverRun.start(pipeline, tmp, name);
    }

    @AfterEach
    void closeRun() throws Exception {
        if (run != null) {
            run.close();
        }
    }

    @Test
    void abortMidHandoverKeepsBlueAndLosesNothing() throws Exception {
        // Given blue running with the gate, and green restored from blue's mid-stream savepoint,
        // both armed for a proposed cutover T and already holding records at or after T
        ColourJob blue = run.startJob(run.gatedSpec("v1", Color.BLUE));
        run.controller.awaitPassed(Color.BLUE, 300);
        ColourJob green =
                run.startJob(run.gatedSpec("v2", Color.GREEN).restoredFrom(blue.savepoint()));
        long greenStarted = System.nanoTime();
        run.controller.awaitCaughtUp(CATCH_UP_BOUND_MS);
        GateCommand proposal = run.controller.proposeUntilAllArmed(CUTOVER_MARGIN_MS);
        RollbackSteps.awaitHolding(run.controller, Color.BLUE, 20);

        // When the controller aborts the proposal, and green is killed (cancelled); blue runs on
        long blueHeld = RollbackSteps.held(run.controller, Color.BLUE);
        GateCommand aborted = run.controller.abort(proposal);
        RollbackSteps.awaitApplied(run.controller, aborted);
        long greenPassed = run.controller.passed(Color.GREEN);
        String reportsAtAbort = run.controller.reports().toString();
        HandoverRun.assertNeverFailed(green);
        green.cancel();
        long overlapMs = (System.nanoTime() - greenStarted) / 1_000_000;
        long cutover = proposal.cutover();
        RollbackSteps.awaitLines(run, "v1", t -> t >= cutover, 200);
        SourceTruth truth = run.stopFeederAndAwaitLastId();
        blue.stopWithSavepoint();

        // Then blue alone wrote every record exactly once, including those held under the proposal
        List<OutputAudit.Line> lines = run.readCommitted();
        OutputAudit.Audit audit = OutputAudit.of(lines);
        truth.assertContentMatches(lines);
        assertThat(greenPassed).as("records green's gates passed; %s", reportsAtAbort).isZero();
        assertThat(audit.duplicates()).isZero();
        assertThat(audit.lost()).isZero();
        assertThat(audit.recordsOut()).isEqualTo(truth.sent()).isEqualTo(audit.expected());
        assertThat(lines).allMatch(l -> l.version().equals("v1"), "only blue (v1) in the output");
        // and blue was never fenced: no restart, no failure recorded
        HandoverRun.assertNeverFailed(blue);
        System.out.println(
                summary(
                        "ABORT",
                        audit,
                        truth,
                        overlapMs,
                        "abortedCutover=" + at(cutover) + " blueHeldBeforeAbort=" + blueHeld));
    }

    @Test
    void hotRollbackDuringTheWindowLosesNothing() throws Exception {
        // Given a committed handover to green at T; blue drained but kept running (gated off) for
        // the rollback window
        ColourJob blue = run.startJob(run.gatedSpec("v1", Color.BLUE));
        run.controller.awaitPassed(Color.BLUE, 300);
        ColourJob green =
                run.startJob(run.gatedSpec("v2", Color.GREEN).restoredFrom(blue.savepoint()));
        long greenStarted = System.nanoTime();
        run.controller.awaitCaughtUp(CATCH_UP_BOUND_MS);
        GateCommand first =
                run.controller.commit(run.controller.proposeUntilAllArmed(CUTOVER_MARGIN_MS));
        run.controller.awaitDrained(Color.BLUE, first);
        long t = first.cutover();
        RollbackSteps.awaitLines(run, "v2", time -> time >= t, 200);

        // When the controller commits a newer cutover T2 back to blue (hot rollback), green drains
        // and is retired by stop-with-savepoint (SUSPEND_THEN_DELETE), blue runs on
        GateCommand rollback =
                run.controller.commit(run.controller.proposeUntilAllArmed(CUTOVER_MARGIN_MS));
        run.controller.awaitDrained(Color.GREEN, rollback);
        HandoverRun.assertNeverFailed(green);
        green.stopWithSavepoint();
        long overlapMs = (System.nanoTime() - greenStarted) / 1_000_000;
        long t2 = rollback.cutover();
        RollbackSteps.awaitLines(run, "v1", time -> time >= t2, 200);
        SourceTruth truth = run.stopFeederAndAwaitLastId();
        blue.stopWithSavepoint();

        // Then every record came out exactly once: blue's before T and from T2, green's in [T, T2)
        List<OutputAudit.Line> lines = run.readCommitted();
        OutputAudit.Audit audit = OutputAudit.of(lines);
        truth.assertContentMatches(lines);
        assertThat(rollback.transition()).isGreaterThan(first.transition());
        assertThat(rollback.committedCutovers()).containsExactly(t, t2);
        assertThat(audit.duplicates()).isZero();
        assertThat(audit.lost()).isZero();
        assertThat(audit.recordsOut()).isEqualTo(truth.sent()).isEqualTo(audit.expected());
        assertThat(lines)
                .allMatch(
                        l -> l.version().equals("v2") == (l.eventTime() >= t && l.eventTime() < t2),
                        "blue owns < T and >= T2, green owns [T, T2)");
        // and neither colour was fenced: no restart, no failure recorded
        HandoverRun.assertNeverFailed(blue);
        HandoverRun.assertNeverFailed(green);
        System.out.println(
                summary(
                        "HOT-ROLLBACK",
                        audit,
                        truth,
                        overlapMs,
                        "T=" + at(t) + " T2=" + at(t2) + " transitions=" + rollback.transition()));
    }

    private static String summary(
            String mode, OutputAudit.Audit audit, SourceTruth truth, long overlapMs, String extra) {
        return String.format(
                "KafkaAbortAndRollbackIT %s: sent=%d out=%d distinct=%d duplicates=%d lost=%d"
                        + " byVersion=%s jobsOverlapped=%dms %s",
                mode,
                truth.sent(),
                audit.recordsOut(),
                audit.distinct(),
                audit.duplicates(),
                audit.lost(),
                audit.outByVersion(),
                overlapMs,
                extra);
    }

    private static String at(long eventTime) {
        return "epoch+" + (eventTime - EventGenerator.EPOCH_START_MS) + "ms";
    }
}
