package dev.bluegreen.gate.it;

import dev.bluegreen.gate.channel.InMemoryGateChannel;
import dev.bluegreen.gate.flink.BlueGreenGate;
import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.gate.rule.HandoverStatus;
import dev.bluegreen.gate.rule.Stage;

import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.common.eventtime.WatermarkGenerator;
import org.apache.flink.api.common.eventtime.WatermarkOutput;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.CloseableIterator;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Blue and green as two real Flink jobs (two local MiniClusters in this JVM) reading the same
 * deterministic, out-of-order source through the gate (parallelism 2, subtask 1 gets no records),
 * with the test playing the controller over the in-memory channel: wait for both colours to reach
 * mid-stream, propose, wait for every subtask of both jobs to arm, commit, let the rest flow, wait
 * for blue to drain. The combined output has every record exactly once, blue's before the cutover
 * and green's from it.
 *
 * <p>The sources pause (on a latch, inside the generator) at the middle and before the last record,
 * so the cutover lands mid-stream deterministically.
 */
class BlueGreenGateIT {
    private static final int RECORDS = 2_000;
    private static final int MIDDLE = 1_000;
    private static final String CHANNEL = "gate-it";
    private static volatile CountDownLatch middle = new CountDownLatch(1);
    private static volatile CountDownLatch end = new CountDownLatch(1);

    private final List<JobClient> jobs = new ArrayList<>();
    private final InMemoryGateChannel channel = InMemoryGateChannel.named(CHANNEL);

    @AfterEach
    void releaseAndCancel() throws Exception {
        middle.countDown();
        end.countDown();
        for (JobClient job : jobs) {
            cancelIfStillRunning(job);
        }
        InMemoryGateChannel.remove(CHANNEL);
    }

    /** Deterministic event time with bounded disorder (up to 16 ms late). */
    static long eventTime(long id) {
        return id * 10 + (id * 7 % 5) * 4;
    }

    @Test
    void blueAndGreenTogetherEmitEveryRecordOnceAcrossAMidStreamCutover() throws Exception {
        middle = new CountDownLatch(1);
        end = new CountDownLatch(1);
        CloseableIterator<Long> blue = start(Color.BLUE);
        CloseableIterator<Long> green = start(Color.GREEN);

        awaitReports(
                "both colours reached the middle",
                r -> r.subtask() == 1 || r.maxTimestamp() >= eventTime(MIDDLE - 1));
        awaitReports("the subtask without records is idle", r -> r.subtask() == 0 || r.idle());
        long cutover = HandoverStatus.latestTimestamp(channel.reports()) + 100;
        GateCommand proposal = GateCommand.propose(1, cutover);
        channel.send(proposal);
        await("every subtask armed")
                .atMost(Duration.ofSeconds(60))
                .until(() -> HandoverStatus.allArmed(channel.reports(), proposal));
        assertThat(HandoverStatus.anyConflict(channel.reports(), 1)).isFalse();
        channel.send(proposal.commit());
        awaitReports("every subtask committed", r -> r.stage().orElse(null) == Stage.COMMITTED);
        middle.countDown();
        await("blue drained")
                .atMost(Duration.ofSeconds(60))
                .until(() -> HandoverStatus.drained(channel.reports(), Color.BLUE, 1));
        end.countDown();

        Map<Long, Integer> counts = new HashMap<>();
        List<Long> fromBlue = drain(blue, counts);
        List<Long> fromGreen = drain(green, counts);
        assertThat(counts).hasSize(RECORDS).allSatisfy((id, times) -> assertThat(times).isOne());
        assertThat(fromBlue).isNotEmpty().allMatch(id -> eventTime(id) < cutover);
        assertThat(fromGreen).isNotEmpty().allMatch(id -> eventTime(id) >= cutover);
    }

    private CloseableIterator<Long> start(Color color) throws Exception {
        Configuration configuration = new Configuration();
        configuration.setString("bluegreen.gate.color", color.name());
        configuration.setString("bluegreen.gate.channel", CHANNEL);
        configuration.setString("bluegreen.gate.report-interval", "20 ms");
        configuration.setString("bluegreen.gate.idle-timeout", "200 ms");
        StreamExecutionEnvironment env =
                StreamExecutionEnvironment.getExecutionEnvironment(configuration);
        DataGeneratorSource<Long> source =
                new DataGeneratorSource<>(new PausingIds(), RECORDS, Types.LONG);
        DataStream<Long> ids =
                env.fromSource(source, new EveryRecordWatermarks(), "ids-" + color)
                        .setParallelism(1)
                        .partitionCustom((key, partitions) -> 0, id -> id);
        CloseableIterator<Long> out =
                BlueGreenGate.apply(ids.map(id -> id).returns(Types.LONG).setParallelism(2))
                        .collectAsync();
        jobs.add(env.executeAsync("gate-it-" + color));
        return out;
    }

    private void awaitReports(String what, Predicate<GateReport> condition) {
        await(what)
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(10))
                .until(
                        () -> {
                            List<GateReport> reports = channel.reports();
                            return reports.size() == 4 && reports.stream().allMatch(condition);
                        });
    }

    private static List<Long> drain(CloseableIterator<Long> output, Map<Long, Integer> counts)
            throws Exception {
        List<Long> ids = new ArrayList<>();
        output.forEachRemaining(
                id -> {
                    ids.add(id);
                    counts.merge(id, 1, Integer::sum);
                });
        output.close();
        return ids;
    }

    /** Ids 0..n-1 that wait, in the source, at the middle and before the last one. */
    static final class PausingIds implements GeneratorFunction<Long, Long> {
        @Override
        public Long map(Long id) throws Exception {
            if (id == MIDDLE) {
                awaitLatch(middle);
            } else if (id == RECORDS - 1) {
                awaitLatch(end);
            }
            return id;
        }

        private static void awaitLatch(CountDownLatch latch) throws InterruptedException {
            if (!latch.await(2, TimeUnit.MINUTES)) {
                throw new IllegalStateException("the test never released the source");
            }
        }
    }

    /** Event time from the id; a watermark after every record (16 ms of disorder allowed). */
    static final class EveryRecordWatermarks implements WatermarkStrategy<Long> {
        @Override
        public WatermarkGenerator<Long> createWatermarkGenerator(
                org.apache.flink.api.common.eventtime.WatermarkGeneratorSupplier.Context context) {
            return new WatermarkGenerator<Long>() {
                private long max = Long.MIN_VALUE;

                @Override
                public void onEvent(Long id, long timestamp, WatermarkOutput output) {
                    max = Math.max(max, timestamp);
                    output.emitWatermark(new Watermark(max - 16));
                }

                @Override
                public void onPeriodicEmit(WatermarkOutput output) {}
            };
        }

        @Override
        public org.apache.flink.api.common.eventtime.TimestampAssigner<Long>
                createTimestampAssigner(
                        org.apache.flink.api.common.eventtime.TimestampAssignerSupplier.Context
                                context) {
            return (id, previous) -> eventTime(id);
        }
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
