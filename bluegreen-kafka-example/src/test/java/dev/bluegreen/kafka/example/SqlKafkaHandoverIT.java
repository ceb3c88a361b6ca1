package dev.bluegreen.kafka.example;

import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.kafka.example.SqlWindowJob.Version;
import dev.bluegreen.kafka.example.WindowOutput.Audit;
import dev.bluegreen.kafka.example.WindowOutput.Content;
import dev.bluegreen.kafka.example.WindowOutput.Row;
import dev.bluegreen.kafka.example.WindowOutput.Window;

import org.apache.flink.api.common.JobStatus;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Blue to green for a stateful Flink SQL job on a real Kafka pipeline (a KRaft broker in a child
 * JVM, shared by the class; fresh topics, feeder at 100 records/s over 8 keys): {@link
 * SqlWindowJob}, a {@code TUMBLE} window count per key from a Kafka source table into a Kafka sink
 * table through {@code 'connector' = 'bluegreen'}, exactly-once. Each colour runs on its own
 * MiniCluster (parallelism 2, checkpoints every second); green is restored from blue's mid-stream
 * savepoint (allowNonRestoredState, as the per-colour sink uids need). The test plays the
 * controller over the in-memory gate channel ({@link ControllerSteps}); the output is audited
 * read_committed against the source, window by window.
 */
class SqlKafkaHandoverIT extends BrokerPerClass {
    static final String LABEL = "SqlKafkaHandoverIT";

    @TempDir Path tmp;
    private final List<AutoCloseable> resources = new ArrayList<>();
    private KafkaPipeline.TopicPair topics;
    private ControllerSteps controller;
    private InputFeeder feeder;

    @BeforeEach
    void startRun(TestInfo info) {
        String name =
                "sql-" + info.getTestMethod().orElseThrow().getName().toLowerCase(Locale.ROOT);
        topics = pipeline.freshTopics(name);
        controller =
                keep(ControllerSteps.on(name + "-" + topics.input(), HandoverRun.POLL_INTERVAL));
        feeder =
                keep(
                        InputFeeder.start(
                                pipeline.bootstrapServers(),
                                topics.input(),
                                KafkaPipeline.PARTITIONS,
                                HandoverRun.RATE,
                                HandoverRun.KEYS));
    }

    @AfterEach
    void closeRun() throws Exception {
        for (int i = resources.size() - 1; i >= 0; i--) {
            resources.get(i).close();
        }
    }

    @Test
    void sqlWindowJobHandsOverWithEveryWindowExactlyOnce() throws Exception {
        // Given blue (v1) running with the gate, and green restored from its savepoint with a
        // state-compatible change: another label and a column added after the window
        ColourJob blue = startSql(Version.V1, Color.BLUE, null);
        controller.awaitPassed(Color.BLUE, 40);
        ColourJob green = startSql(Version.V2, Color.GREEN, blue.savepoint());
        long greenStarted = System.nanoTime();

        // When the controller hands over, then retires blue with a savepoint once it drained
        GateCommand committed = handOver();
        blue.stopWithSavepoint();
        long overlapMs = (System.nanoTime() - greenStarted) / 1_000_000;
        awaitRows("v2", 24);
        feeder.close();
        SourceTruth truth = SourceTruth.of(feeder);
        Map<Window, Content> complete =
                WindowOutput.completeWindows(feeder.generator(), truth.sent());
        awaitAllWindows(complete);
        green.stopWithSavepoint();

        // Then every complete window came out exactly once with the right count, blue's before T
        List<Row> rows = committedRows(true);
        Audit audit = Audit.of(rows, complete);
        System.out.println(summary(truth, audit, complete.size(), overlapMs, committed.cutover()));
        assertThat(audit.duplicates()).as("duplicates").isZero();
        assertThat(audit.lost()).as("lost").isZero();
        assertThat(audit.wrong()).as("windows with a wrong count").isZero();
        assertThat(audit.byVersion()).containsOnlyKeys("v1", "v2");
        long cutover = committed.cutover();
        assertThat(rows)
                .allMatch(r -> r.version().equals("v1") == r.windowTime() < cutover, "split at T");
        HandoverRun.assertNeverFailed(blue);
        HandoverRun.assertNeverFailed(green);
    }

    @Test
    void basicHandoverBaselineWritesTheOverlapTwice() throws Exception {
        // Given blue and green without gate colours (BASIC; the sink names are still per colour)
        ColourJob blue =
                keep(ColourJob.start(basicSpec(Version.V1, Color.BLUE), pipeline(Version.V1)));
        awaitRows("v1", 40);
        ColourJob green =
                keep(
                        ColourJob.start(
                                basicSpec(Version.V2, Color.GREEN).restoredFrom(blue.savepoint()),
                                pipeline(Version.V2)));

        // When both run until green committed 24 rows, then blue is retired
        awaitRows("v2", 24);
        blue.stopWithSavepoint();
        feeder.close();
        SourceTruth truth = SourceTruth.of(feeder);
        Map<Window, Content> complete =
                WindowOutput.completeWindows(feeder.generator(), truth.sent());
        awaitAllWindows(complete);
        green.stopWithSavepoint();

        // Then nothing is lost, and the windows of the overlap are written by both
        Audit audit = Audit.of(committedRows(true), complete);
        System.out.println(
                LABEL
                        + " BASIC (SQL window): sent="
                        + truth.sent()
                        + " completeWindows="
                        + complete.size()
                        + " rows="
                        + audit.rows()
                        + " duplicates="
                        + audit.duplicates()
                        + " lost="
                        + audit.lost()
                        + " byVersion="
                        + audit.byVersion());
        assertThat(audit.lost()).as("lost").isZero();
        assertThat(audit.wrong()).as("windows with a wrong count").isZero();
        assertThat(audit.duplicates()).as("duplicates").isPositive();
    }

    @Test
    void greenThatCannotRestoreFailsAndBlueRunsOn() throws Exception {
        // Given blue (v1) running with the gate
        ColourJob blue = startSql(Version.V1, Color.BLUE, null);
        controller.awaitPassed(Color.BLUE, 16);

        // When green adds an aggregate to the window (its state no longer fits) and restores
        ColourJob green =
                keep(
                        ColourJob.submit(
                                spec(Version.V2_NEW_AGGREGATE, Color.GREEN)
                                        .restoredFrom(blue.savepoint()),
                                pipeline(Version.V2_NEW_AGGREGATE)));

        // Then green fails (restarts exhausted) with the state error, and blue is untouched
        await("green failed")
                .atMost(HandoverRun.TIMEOUT)
                .until(() -> green.status() == JobStatus.FAILED);
        String failures = String.join("\n", green.failures());
        assertThat(failures.toLowerCase(Locale.ROOT)).contains("incompatible");
        long passed = controller.passed(Color.BLUE);
        controller.awaitPassed(Color.BLUE, passed + 16);
        assertThat(blue.status()).isEqualTo(JobStatus.RUNNING);
        HandoverRun.assertNeverFailed(blue);
        assertThat(committedRows(false)).isNotEmpty().allMatch(r -> r.version().equals("v1"));
        System.out.println(
                LABEL
                        + " INCOMPATIBLE-GREEN: green "
                        + green.status()
                        + " after "
                        + green.maxAttemptNumber()
                        + " restarts; blue RUNNING, passed "
                        + controller.passed(Color.BLUE)
                        + "; failure: "
                        + failures.lines()
                                .filter(l -> l.toLowerCase(Locale.ROOT).contains("incompatible"))
                                .findFirst()
                                .orElse("")
                                .strip());
    }

    private JobSpec spec(Version version, Color color) {
        return basicSpec(version, color).gated(controller.channelName());
    }

    /** A job with its colour ({@code bluegreen.color}) but no gate colour: BASIC mode. */
    private JobSpec basicSpec(Version version, Color color) {
        return JobSpec.of(pipeline, topics, tmp, version.label, color);
    }

    private <T extends AutoCloseable> T keep(T resource) {
        resources.add(resource);
        return resource;
    }

    /**
     * The controller's handover from blue to green, as in {@link HandoverRunPerTest}: green caught
     * up, proposals until every subtask armed, commit, blue drained.
     */
    private GateCommand handOver() {
        controller.awaitCaughtUp(HandoverRunPerTest.CATCH_UP_BOUND_MS);
        GateCommand committed =
                controller.commit(
                        controller.proposeUntilAllArmed(HandoverRunPerTest.CUTOVER_MARGIN_MS));
        controller.awaitDrained(Color.BLUE, committed);
        return committed;
    }

    private ColourJob.Pipeline pipeline(Version version) {
        return SqlWindowJob.pipeline(pipeline.bootstrapServers(), topics, version);
    }

    private ColourJob startSql(Version version, Color color, String savepoint) throws Exception {
        JobSpec spec = spec(version, color);
        return keep(
                ColourJob.start(
                        savepoint == null ? spec : spec.restoredFrom(savepoint),
                        pipeline(version)));
    }

    private List<Row> committedRows(boolean settle) {
        return WindowOutput.committedRows(pipeline.bootstrapServers(), topics.output(), settle);
    }

    private void awaitRows(String version, long atLeast) {
        await(version + " committed " + atLeast + " rows")
                .atMost(HandoverRun.TIMEOUT)
                .pollInterval(java.time.Duration.ofMillis(500))
                .until(
                        () ->
                                committedRows(false).stream()
                                                .filter(r -> r.version().equals(version))
                                                .count()
                                        >= atLeast);
    }

    private void awaitAllWindows(Map<Window, Content> complete) {
        await("every complete window committed")
                .atMost(HandoverRun.TIMEOUT)
                .pollInterval(java.time.Duration.ofMillis(500))
                .until(
                        () ->
                                WindowOutput.byWindow(committedRows(false))
                                        .keySet()
                                        .containsAll(complete.keySet()));
    }

    private static String summary(
            SourceTruth truth, Audit audit, int complete, long overlapMs, long cutover) {
        return String.format(
                Locale.ROOT,
                "%s ADVANCED (SQL window): sent=%d completeWindows=%d rows=%d distinct=%d"
                        + " duplicates=%d lost=%d wrongCounts=%d byVersion=%s jobsOverlapped=%dms"
                        + " cutover=%s",
                LABEL,
                truth.sent(),
                complete,
                audit.rows(),
                audit.distinct(),
                audit.duplicates(),
                audit.lost(),
                audit.wrong(),
                audit.byVersion(),
                overlapMs,
                HandoverRun.at(cutover));
    }
}
