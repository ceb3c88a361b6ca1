package dev.bluegreen.example;

import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The job on a local MiniCluster: stop with a savepoint, restore, nothing lost or doubled. */
class CountingJobRestoreIT {

    @Test
    void restoredJobContinuesIdsAndPerKeyCountsWithoutLossOrDuplicates(@TempDir Path tmp)
            throws Exception {
        // Given v1 ran for a while and stopped with a savepoint
        Path out = tmp.resolve("out");
        JobClient v1 = start(args(out, "v1"), null, tmp);
        awaitLines(out, "v1", 300);
        String savepoint = stopWithSavepoint(v1, tmp);
        var v1Lines = lines(out, "v1");

        // When v2 starts from that savepoint and stops with a savepoint too
        JobClient v2 = start(args(out, "v2"), savepoint, tmp);
        awaitLines(out, "v2", 300);
        stopWithSavepoint(v2, tmp);

        // Then the ids are contiguous, and v2 starts right after the last id of v1
        var audit = OutputAudit.audit(out);
        assertThat(audit.lost()).isZero();
        assertThat(audit.duplicates()).isZero();
        assertThat(audit.outByVersion()).containsOnlyKeys("v1", "v2");
        long lastV1 = v1Lines.stream().mapToLong(OutputAudit.Line::id).max().orElseThrow();
        long firstV2 =
                lines(out, "v2").stream().mapToLong(OutputAudit.Line::id).min().orElseThrow();
        assertThat(firstV2).isEqualTo(lastV1 + 1);
        // and each key's count continues from its v1 count (keyed state restored)
        Map<String, Long> lastCountV1 = lastCountByKey(v1Lines);
        lines(out, "v2").stream()
                .collect(Collectors.groupingBy(OutputAudit.Line::key))
                .forEach(
                        (key, keyLines) ->
                                assertThat(
                                                keyLines.stream()
                                                        .min(
                                                                Comparator.comparingLong(
                                                                        OutputAudit.Line::id))
                                                        .orElseThrow()
                                                        .perKeyCount())
                                        .as("first v2 count of %s", key)
                                        .isEqualTo(lastCountV1.getOrDefault(key, 0L) + 1));
    }

    @Test
    void failAfterRecordsFromTheConfigurationFailsTheJob(@TempDir Path tmp) throws Exception {
        // Given the fault set through the job configuration key, as the stand-in does
        Configuration conf = new Configuration();
        conf.set(CountingJob.FAIL_AFTER_RECORDS, 50L);
        var env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        CountingJob.build(
                env, CountingJob.withConfiguredFault(args(tmp.resolve("out"), "v1"), conf));

        // When
        JobClient client = env.executeAsync("faulty");

        // Then the job fails with the injected error; records in flight at that moment may be
        // dropped, so at most 50 come out
        var result = client.getJobExecutionResult();
        await().atMost(Duration.ofSeconds(30)).until(result::isDone);
        assertThat(result)
                .failsWithin(Duration.ZERO)
                .withThrowableThat()
                .havingRootCause()
                .withMessageContaining("fail-after-records=50 reached at id 50");
        assertThat(OutputAudit.audit(tmp.resolve("out")).recordsOut()).isLessThanOrEqualTo(50);
    }

    private static JobArgs args(Path out, String version) {
        return JobArgs.parse(
                "--output", out.toString(), "--rate", "2000", "--keys", "4", "--version", version);
    }

    private static JobClient start(JobArgs args, String savepoint, Path tmp) throws Exception {
        Configuration conf = new Configuration();
        conf.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, tmp.resolve("cp").toUri().toString());
        if (savepoint != null) {
            conf.set(StateRecoveryOptions.SAVEPOINT_PATH, savepoint);
        }
        var env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.enableCheckpointing(500);
        CountingJob.build(env, args);
        return env.executeAsync(CountingJob.JOB_NAME_PREFIX + args.version());
    }

    private static String stopWithSavepoint(JobClient client, Path tmp) throws Exception {
        return client.stopWithSavepoint(
                        false, tmp.resolve("sp").toUri().toString(), SavepointFormatType.CANONICAL)
                .get();
    }

    private static void awaitLines(Path out, String version, long atLeast) {
        await().atMost(Duration.ofSeconds(60)).until(() -> lines(out, version).size() >= atLeast);
    }

    private static List<OutputAudit.Line> lines(Path out, String version) throws Exception {
        if (!java.nio.file.Files.isDirectory(out)) {
            return List.of();
        }
        try (var files = java.nio.file.Files.list(out)) {
            return files.filter(f -> f.getFileName().toString().startsWith("part-" + version + "-"))
                    .flatMap(CountingJobRestoreIT::readLines)
                    .toList();
        }
    }

    private static java.util.stream.Stream<OutputAudit.Line> readLines(Path file) {
        try {
            return java.nio.file.Files.readAllLines(file).stream()
                    .map(l -> OutputAudit.Line.parse(l, file.toString()));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Map<String, Long> lastCountByKey(List<OutputAudit.Line> lines) {
        return lines.stream()
                .collect(
                        Collectors.toMap(
                                OutputAudit.Line::key, OutputAudit.Line::perKeyCount, Math::max));
    }
}
