package dev.bluegreen.kafka.example;

import dev.bluegreen.example.OutputAudit;
import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The Kafka sink without transactions: {@link KafkaCountingJob} with {@code --delivery-guarantee
 * at-least-once}, on the harness of {@link KafkaHandoverIT} (a real KRaft broker, fresh topics per
 * test fed at 100 records/s over 8 keys, two jobs on their own MiniClusters, the test playing the
 * controller). The output is read with {@code read_uncommitted}: nothing here relies on
 * transactions.
 */
class SinkGuaranteesIT extends HandoverRunPerTest {
    static final String[] AT_LEAST_ONCE = {"--delivery-guarantee", "at-least-once"};
    static final String[] UPSERT_BY_ID = {
        "--delivery-guarantee", "at-least-once", "--record-key", "id"
    };

    @Test
    void atLeastOnceSinkWritesEachRecordOnceInAdvancedModeWithoutFailures() throws Exception {
        // Given blue with the gate and an at-least-once sink, and green restored from its savepoint
        ColourJob blue = run.startJob(run.gatedSpec("v1", Color.BLUE).withArgs(AT_LEAST_ONCE));
        run.controller().awaitPassed(Color.BLUE, 300);
        ColourJob green =
                run.startJob(
                        run.gatedSpec("v2", Color.GREEN)
                                .withArgs(AT_LEAST_ONCE)
                                .restoredFrom(blue.savepoint()));

        // When the controller hands over and retires blue with a savepoint once it drained
        // (SUSPEND_THEN_DELETE: the stop flushes blue's producer), and green runs to the end
        GateCommand committed = handOver();
        blue.stopWithSavepoint();
        run.awaitLines("v2", 200);
        SourceTruth truth = run.stopFeederAndAwaitLastId();
        green.stopWithSavepoint();

        // Then every record was written once, blue's before T and green's from T
        List<OutputLog.Entry> log = readUncommitted();
        List<OutputAudit.Line> lines = OutputLog.lines(log);
        OutputAudit.Audit audit = OutputAudit.of(lines);
        truth.assertContentMatches(lines);
        new HandoverOutput(truth, lines, audit).assertExactlyOnce();
        long cutover = committed.cutover();
        assertThat(lines)
                .allMatch(l -> l.version().equals("v1") == l.eventTime() < cutover, "split at T");
        // and without transactions: a transactional sink leaves a commit marker per transaction
        // and partition, which takes an offset; here every offset holds a record
        assertThat(endOffsets()).isEqualTo(log.size());
        HandoverRun.assertNeverFailed(blue);
        HandoverRun.assertNeverFailed(green);
        System.out.printf(
                "SinkGuaranteesIT ADVANCED at-least-once: sent=%d out=%d duplicates=%d lost=%d"
                        + " byVersion=%s%n",
                truth.sent(),
                audit.recordsOut(),
                audit.duplicates(),
                audit.lost(),
                audit.outByVersion());
    }

    @Test
    void atLeastOnceSinkRepeatsRecordsAfterAFailoverDespiteTheGate() throws Exception {
        // Given blue with the gate and an at-least-once sink, checkpointing only when the test
        // asks; its lines are readable before any checkpoint (no transactions)
        ColourJob blue =
                run.startJob(
                        run.gatedSpec("v1", Color.BLUE)
                                .withArgs(AT_LEAST_ONCE)
                                .withCheckpointInterval(Duration.ofHours(1).toMillis()));
        run.awaitLines("v1", 100);
        // the sink flushes before it acknowledges a checkpoint: every record before the barrier
        // is below these end offsets, every record above them came after the barrier
        blue.checkpoint();
        long atCheckpoint = endOffsets();
        await("50 records written after the checkpoint")
                .atMost(HandoverRun.TIMEOUT)
                .until(() -> endOffsets() >= atCheckpoint + 50);
        long afterCheckpoint = endOffsets() - atCheckpoint;

        // When the TaskManager is lost and blue restarts from that checkpoint
        blue.loseTaskManager();
        SourceTruth truth = run.stopFeederAndAwaitLastId();
        blue.stopWithSavepoint();

        // Then nothing is lost, but every record written after the checkpoint came out twice,
        // although the gate (blue owns all event time) passed each record once per run
        List<OutputAudit.Line> lines = OutputLog.lines(readUncommitted());
        OutputAudit.Audit audit = OutputAudit.of(lines);
        truth.assertContentMatches(lines);
        assertThat(audit.lost()).isZero();
        assertThat(audit.expected()).isEqualTo(truth.sent());
        assertThat(audit.duplicates()).isGreaterThanOrEqualTo(afterCheckpoint);
        assertThat(blue.maxAttemptNumber()).isPositive();
        System.out.printf(
                "SinkGuaranteesIT FAILOVER at-least-once: sent=%d out=%d duplicates=%d lost=%d"
                        + " writtenAfterCheckpoint=%d attempts=%d%n",
                truth.sent(),
                audit.recordsOut(),
                audit.duplicates(),
                audit.lost(),
                afterCheckpoint,
                blue.maxAttemptNumber());
    }

    @Test
    void upsertByRecordIdCollapsesBasicModeDuplicates() throws Exception {
        // Given blue without gate colours (BASIC), an at-least-once sink keyed by the record id,
        // and green restored from blue's savepoint
        ColourJob blue = run.startJob(run.spec("v1", Color.BLUE).withArgs(UPSERT_BY_ID));
        run.awaitLines("v1", 200);
        ColourJob green =
                run.startJob(
                        run.spec("v2", Color.GREEN)
                                .withArgs(UPSERT_BY_ID)
                                .restoredFrom(blue.savepoint()));

        // When both write until green wrote 200 lines, then blue is deleted (cancelled)
        run.awaitLines("v2", 200);
        HandoverRun.assertNeverFailed(blue);
        blue.cancel();
        SourceTruth truth = run.stopFeederAndAwaitLastId();
        green.stopWithSavepoint();

        // Then the topic holds the overlap twice, each copy equal to the source record
        List<OutputLog.Entry> log = readUncommitted();
        OutputAudit.Audit raw = OutputAudit.of(OutputLog.lines(log));
        truth.assertContentMatches(OutputLog.lines(log));
        assertThat(raw.duplicates()).isPositive();
        assertThat(raw.lost()).isZero();
        assertThat(raw.expected()).isEqualTo(truth.sent());
        // and the last line per Kafka key has every id exactly once, with the right count and
        // event time (its version is whichever colour wrote last)
        Map<String, OutputAudit.Line> view = OutputLog.upsertView(log);
        assertThat(view.keySet())
                .containsExactlyInAnyOrderElementsOf(
                        LongStream.range(0, truth.sent()).mapToObj(Long::toString).toList());
        assertThat(view).allSatisfy((key, line) -> assertThat(line.id()).hasToString(key));
        truth.assertContentMatches(List.copyOf(view.values()));
        OutputAudit.Audit upserted = OutputAudit.of(List.copyOf(view.values()));
        HandoverRun.assertNeverFailed(green);
        System.out.printf(
                "SinkGuaranteesIT BASIC upsert by id: sent=%d raw=%d rawDuplicates=%d rawLost=%d"
                        + " rawByVersion=%s viewIds=%d viewByVersion=%s%n",
                truth.sent(),
                raw.recordsOut(),
                raw.duplicates(),
                raw.lost(),
                raw.outByVersion(),
                view.size(),
                upserted.outByVersion());
    }

    private List<OutputLog.Entry> readUncommitted() {
        return OutputLog.readUncommitted(pipeline.bootstrapServers(), run.topics().output());
    }

    private long endOffsets() {
        return OutputLog.endOffsets(pipeline.bootstrapServers(), run.topics().output());
    }
}
