package dev.bluegreen.example;

import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.metrics.Counter;
import org.apache.flink.runtime.testutils.InMemoryReporter;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The error signal on a local MiniCluster, read through Flink's metric registry (an in-memory
 * reporter): a healthy job keeps {@code bluegreen_example_errors} at 0, {@code --error-rate} makes
 * it count at once, {@code --bad-after} only after the delay; the output stays complete.
 */
class ErrorSignalIT {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @TempDir Path tmp;
    private final InMemoryReporter reporter = InMemoryReporter.createWithRetainedMetrics();
    private final List<JobClient> jobs = new ArrayList<>();

    @AfterEach
    void cancelJobs() throws Exception {
        for (JobClient job : jobs) {
            job.cancel().exceptionally(alreadyDone -> null).get();
        }
        reporter.close();
    }

    @Test
    void healthyJobKeepsTheErrorCounterAtZero() throws Exception {
        JobClient job = start("--rate", "400");

        awaitLines(200);

        assertThat(errors(job.getJobID())).hasValue(0L);
    }

    @Test
    void errorRateCountsErrorsWithoutChangingTheOutput() throws Exception {
        JobClient job = start("--rate", "400", "--error-rate", "50");

        await().atMost(TIMEOUT).until(() -> errors(job.getJobID()).orElse(0L) >= 50);

        awaitLines(200);
        var audit = OutputAudit.audit(tmp.resolve("out"));
        assertThat(audit.lost()).isZero();
        assertThat(audit.duplicates()).isZero();
    }

    @Test
    void badAfterStartsTheErrorsOnlyAfterTheDelay() throws Exception {
        JobClient job = start("--rate", "400", "--bad-after", "4s", "--error-rate", "50");
        awaitLines(1);
        long firstOutputAt = System.nanoTime();
        long errorsThen = errors(job.getJobID()).orElseThrow();

        await().atMost(TIMEOUT).until(() -> errors(job.getJobID()).orElse(0L) > 0);

        assertThat(errorsThen).isZero();
        assertThat(Duration.ofNanos(System.nanoTime() - firstOutputAt))
                .isGreaterThan(Duration.ofSeconds(1));
    }

    @Test
    void badWhenFileStartsTheErrorsOnlyOnceTheFileExists() throws Exception {
        Path trigger = tmp.resolve("turn-bad");
        JobClient job =
                start("--rate", "400", "--bad-when-file", trigger.toString(), "--error-rate", "50");
        awaitLines(200);
        await().atMost(TIMEOUT).until(() -> errors(job.getJobID()).isPresent());
        long errorsBefore = errors(job.getJobID()).orElseThrow();

        Files.createFile(trigger);

        await().atMost(TIMEOUT).until(() -> errors(job.getJobID()).orElse(0L) > 0);
        assertThat(errorsBefore).isZero();
    }

    private JobClient start(String... extraArgs) throws Exception {
        Configuration config = reporter.addToConfiguration(new Configuration());
        var env = StreamExecutionEnvironment.getExecutionEnvironment(config);
        List<String> args = new ArrayList<>(List.of("--output", tmp.resolve("out").toString()));
        args.addAll(List.of(extraArgs));
        JobArgs parsed = JobArgs.parse(args.toArray(String[]::new));
        CountingJob.build(env, parsed);
        JobClient job = env.executeAsync(CountingJob.jobName(parsed, config));
        jobs.add(job);
        return job;
    }

    /** The job's error counter, once its operator has registered it. */
    private Optional<Long> errors(JobID job) {
        return reporter.getMetricsByIdentifiers(job).entrySet().stream()
                .filter(e -> e.getKey().endsWith("." + ErrorSignal.METRIC))
                .map(e -> ((Counter) e.getValue()).getCount())
                .findFirst();
    }

    private void awaitLines(long atLeast) {
        await().atMost(TIMEOUT)
                .until(() -> OutputAudit.audit(tmp.resolve("out")).recordsOut() >= atLeast);
    }
}
