package dev.bluegreen.demo.readiness;

import dev.bluegreen.operator.internal.observe.SourceBacklog;

import io.fabric8.kubernetes.api.model.Condition;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Samples both children's source backlog (read from their real REST APIs, as the controller reads
 * them), the parent's state and its {@code Progressing} message every {@code period} on a
 * background thread, for the IT output and the benchmark. Thread-safe.
 */
final class BacklogSeries implements AutoCloseable {
    /** One sample; backlogs are {@code null} when unknown. */
    record Sample(
            long atMillis,
            Long green,
            Long blue,
            String state,
            String progressing,
            String greenDetail) {
        String line() {
            return String.format(
                    Locale.ROOT,
                    "%7.1f s  green %8s  blue %8s  %-24s %s  [green: %s]",
                    atMillis / 1000.0,
                    text(green),
                    text(blue),
                    state,
                    progressing,
                    greenDetail);
        }

        private static String text(Long value) {
            return value == null ? "unknown" : String.format(Locale.ROOT, "%,d", value);
        }
    }

    private final KafkaReadinessRig rig;
    private final long periodMillis;
    private final long startNanos = System.nanoTime();
    private final List<Sample> samples = new ArrayList<>();
    private final Thread thread;
    private volatile boolean running = true;

    private BacklogSeries(KafkaReadinessRig rig, long periodMillis) {
        this.rig = rig;
        this.periodMillis = periodMillis;
        this.thread = new Thread(this::run, "backlog-series");
        this.thread.setDaemon(true);
    }

    static BacklogSeries start(KafkaReadinessRig rig, long periodMillis) {
        var series = new BacklogSeries(rig, periodMillis);
        series.thread.start();
        return series;
    }

    private void run() {
        while (running) {
            try {
                SourceBacklog green = rig.backlog("green");
                SourceBacklog blue = rig.backlog("blue");
                String progressing =
                        rig.condition("Progressing")
                                .map(c -> c.getReason() + ": " + c.getMessage())
                                .orElse("");
                var sample =
                        new Sample(
                                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos),
                                green.records(),
                                blue.records(),
                                rig.state(),
                                progressing,
                                green.detail());
                synchronized (samples) {
                    samples.add(sample);
                }
                Thread.sleep(periodMillis);
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                // the API or a job went away between two reads: take the next sample
            }
        }
    }

    /** The samples so far, oldest first. */
    List<Sample> samples() {
        synchronized (samples) {
            return List.copyOf(samples);
        }
    }

    /** Every sample as a line, with a header naming {@code title}. */
    String print(String title) {
        var text = new StringBuilder("== " + title + " ==\n");
        text.append("   time  green backlog  blue backlog  state                    Progressing\n");
        for (Sample sample : samples()) {
            text.append(sample.line()).append('\n');
        }
        return text.toString();
    }

    /** Whether {@code condition} names the {@code Progressing} reason. */
    static boolean reason(Condition condition, String reason) {
        return reason.equals(condition.getReason());
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        thread.interrupt();
        thread.join(5_000);
    }
}
