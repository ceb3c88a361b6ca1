package dev.bluegreen.example;

import dev.bluegreen.gate.channel.InMemoryGateChannel;
import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.gate.rule.HandoverStatus;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Blue to green end to end on local MiniClusters: two real runs of {@link CountingJob} (the gate
 * before the sink) read the same deterministic, out-of-order source; the keyed stage and the gate
 * run with parallelism 2 and a single key, so one gate subtask of each colour never gets a record.
 * Blue runs; green is restored from a savepoint of blue taken mid-stream while blue keeps running.
 *
 * <p>ADVANCED: the test plays the controller over the in-memory channel with {@link
 * HandoverStatus}: propose once green has caught up, re-pick on a conflict, commit when every
 * subtask of both colours is armed, wait until blue is drained, then cancel blue (as the controller
 * deletes it). BASIC: the same without colours; blue is cancelled while both run. Green stops with
 * a savepoint, then {@link OutputAudit} checks the combined output on counts and content.
 */
class HandoverIT {
    private static final long RATE = 500;
    private static final long OUT_OF_ORDERNESS_MS = 200;

    /**
     * Green's slowest watermark may lag blue's fastest by this much when the handover starts. Both
     * sources run at the same rate, so green stays behind by its start-up time (longer on a loaded
     * machine); the bound is generous for that reason. The handover is correct at any lag.
     */
    private static final long CATCH_UP_BOUND_MS = 30_000;

    private static final long CUTOVER_MARGIN_MS = 1_000;
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final EventGenerator EVENTS = new EventGenerator(1, RATE, OUT_OF_ORDERNESS_MS);

    @TempDir Path tmp;
    private final List<JobClient> jobs = new ArrayList<>();
    private String channelName;

    @AfterEach
    void cancelJobs() throws Exception {
        for (JobClient job : jobs) {
            cancelIfStillRunning(job);
        }
        if (channelName != null) {
            InMemoryGateChannel.remove(channelName);
        }
    }

    @Test
    void advancedHandoverWritesEveryRecordExactlyOnce() throws Exception {
        // Given blue running with the gate, and green restored from blue's mid-stream savepoint
        channelName = "handover-it-advanced";
        InMemoryGateChannel channel = InMemoryGateChannel.named(channelName);
        Path out = tmp.resolve("out");
        JobClient blue = start("v1", Color.BLUE, null);
        awaitLines(out, "v1", 300);
        JobClient green = start("v2", Color.GREEN, savepoint(blue));
        long started = System.nanoTime();

        // When the controller hands over once green has caught up
        await("green caught up")
                .atMost(TIMEOUT)
                .until(() -> CatchUpCheck.caughtUp(channel.reports(), CATCH_UP_BOUND_MS));
        GateCommand committed = proposeUntilAllArmed(channel);
        channel.send(committed);
        await("blue drained")
                .atMost(TIMEOUT)
                .until(
                        () ->
                                HandoverStatus.drained(
                                        channel.reports(), Color.BLUE, committed.transition()));
        blue.cancel().get();
        long overlapMs = (System.nanoTime() - started) / 1_000_000;
        awaitLines(out, "v2", 200);
        stopWithSavepoint(green);

        // Then every record came out exactly once: blue's before the cutover, green's from it
        OutputAudit.Audit audit = OutputAudit.audit(out);
        List<OutputAudit.Line> lines = OutputAudit.lines(out);
        assertContentMatchesTheSource(lines);
        assertThat(audit.duplicates()).isZero();
        assertThat(audit.lost()).isZero();
        assertThat(audit.recordsOut()).isEqualTo(audit.expected());
        long cutover = committed.cutover();
        assertThat(lines)
                .allMatch(l -> l.version().equals("v1") == l.eventTime() < cutover, "split at T");
        assertThat(channel.reports())
                .as("one gate subtask of each colour never got a record")
                .filteredOn(r -> r.passed() == 0 && r.dropped() == 0)
                .extracting(GateReport::color)
                .containsExactlyInAnyOrder(Color.BLUE, Color.GREEN);
        System.out.println(
                summary("ADVANCED", audit, overlapMs)
                        + " transitions="
                        + committed.transition()
                        + " cutover=epoch+"
                        + (cutover - EventGenerator.EPOCH_START_MS)
                        + "ms");
    }

    @Test
    void basicHandoverWritesTheOverlapTwice() throws Exception {
        // Given blue running without a colour (BASIC), and green restored from its savepoint
        Path out = tmp.resolve("out");
        JobClient blue = start("v1", null, null);
        awaitLines(out, "v1", 300);
        JobClient green = start("v2", null, savepoint(blue));
        long started = System.nanoTime();

        // When both run until green has written 200 records, then blue goes, and green writes on
        // past blue's last record
        awaitLines(out, "v2", 200);
        blue.cancel().get();
        long overlapMs = (System.nanoTime() - started) / 1_000_000;
        long blueLast = lastId(OutputAudit.lines(out), "v1");
        await("green wrote past blue's last record")
                .atMost(TIMEOUT)
                .ignoreExceptions()
                .until(() -> lastId(OutputAudit.lines(out), "v2") > blueLast + 200);
        stopWithSavepoint(green);

        // Then nothing is lost, but the records both wrote while they overlapped are duplicates
        OutputAudit.Audit audit = OutputAudit.audit(out);
        assertContentMatchesTheSource(OutputAudit.lines(out));
        assertThat(audit.lost()).isZero();
        assertThat(audit.duplicates()).isPositive();
        assertThat(audit.expected() - 1).isGreaterThan(blueLast);
        System.out.println(summary("BASIC", audit, overlapMs));
    }

    private GateCommand proposeUntilAllArmed(InMemoryGateChannel channel) {
        long transition = 0;
        while (true) {
            transition++;
            long cutover = HandoverStatus.latestTimestamp(channel.reports()) + CUTOVER_MARGIN_MS;
            GateCommand proposal = GateCommand.propose(transition, cutover);
            channel.send(proposal);
            long number = transition;
            await("every subtask armed or a conflict")
                    .atMost(TIMEOUT)
                    .until(
                            () ->
                                    HandoverStatus.allArmed(channel.reports(), proposal)
                                            || HandoverStatus.anyConflict(
                                                    channel.reports(), number));
            if (!HandoverStatus.anyConflict(channel.reports(), number)) {
                return proposal.commit();
            }
        }
    }

    /** Each line is the source's record for its id: key, event time and per-key count. */
    private static void assertContentMatchesTheSource(List<OutputAudit.Line> lines) {
        assertThat(lines)
                .isNotEmpty()
                .allSatisfy(
                        line -> {
                            Event event = EVENTS.eventAt(line.id());
                            assertThat(line.key()).isEqualTo(event.key);
                            assertThat(line.eventTime()).isEqualTo(event.eventTime);
                            // one key: its count after record i is i + 1 in either colour
                            assertThat(line.perKeyCount()).isEqualTo(line.id() + 1);
                        });
    }

    private static String summary(String mode, OutputAudit.Audit audit, long overlapMs) {
        return String.format(
                "HandoverIT %s: expected=%d out=%d distinct=%d duplicates=%d lost=%d byVersion=%s"
                        + " jobsOverlapped=%dms",
                mode,
                audit.expected(),
                audit.recordsOut(),
                audit.distinct(),
                audit.duplicates(),
                audit.lost(),
                audit.outByVersion(),
                overlapMs);
    }

    private static long lastId(List<OutputAudit.Line> lines, String version) {
        return lines.stream()
                .filter(l -> l.version().equals(version))
                .mapToLong(OutputAudit.Line::id)
                .max()
                .orElse(-1);
    }

    private JobClient start(String version, Color color, String savepoint) throws Exception {
        Configuration conf = new Configuration();
        conf.setString("state.checkpoints.dir", tmp.resolve("cp").toUri().toString());
        if (color != null) {
            conf.setString("bluegreen.gate.color", color.name());
            conf.setString("bluegreen.gate.channel", channelName);
            conf.setString("bluegreen.gate.report-interval", "50 ms");
        }
        if (savepoint != null) {
            conf.set(StateRecoveryOptions.SAVEPOINT_PATH, savepoint);
        }
        var env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        JobArgs args =
                JobArgs.parse(
                        "--output", tmp.resolve("out").toString(),
                        "--rate", Long.toString(RATE),
                        "--keys", "1",
                        "--version", version,
                        "--max-out-of-orderness-ms", Long.toString(OUT_OF_ORDERNESS_MS));
        CountingJob.build(env, args);
        JobClient client = env.executeAsync(CountingJob.JOB_NAME_PREFIX + version);
        jobs.add(client);
        return client;
    }

    private String savepoint(JobClient job) throws Exception {
        return job.triggerSavepoint(
                        tmp.resolve("sp").toUri().toString(), SavepointFormatType.CANONICAL)
                .get();
    }

    private void stopWithSavepoint(JobClient job) throws Exception {
        job.stopWithSavepoint(
                        false, tmp.resolve("sp").toUri().toString(), SavepointFormatType.CANONICAL)
                .get();
    }

    private static void awaitLines(Path out, String version, long atLeast) {
        await(version + " wrote " + atLeast + " lines")
                .atMost(TIMEOUT)
                .ignoreExceptions() // a line being written while we read
                .until(
                        () ->
                                OutputAudit.lines(out).stream()
                                                .filter(l -> l.version().equals(version))
                                                .count()
                                        >= atLeast);
    }

    /**
     * A local job runs on its own MiniCluster, which shuts itself down when the job ends; the job's
     * result future can complete a moment after that, so a finished job may still look unfinished
     * here. Cancelling it then fails with "MiniCluster is not yet running or has already been shut
     * down": the job is gone, which is what cancelling wants.
     */
    private static void cancelIfStillRunning(JobClient job) throws Exception {
        if (job.getJobExecutionResult().isDone()) {
            return;
        }
        try {
            job.cancel().get();
        } catch (IllegalStateException clusterAlreadyShutDown) {
            // the job ended between the check and the cancel
        }
    }
}
