package dev.bluegreen.gate.kafka;

import dev.bluegreen.gate.channel.GateChannel;
import dev.bluegreen.gate.flink.GateMetrics;
import dev.bluegreen.gate.internal.PositionGate;
import dev.bluegreen.gate.rule.GateReport;

import org.apache.flink.metrics.MetricGroup;

/**
 * A daemon thread per source subtask that, every report interval, applies the channel's newest
 * command to the gate and publishes the gate's report, so that an idle subtask, or one waiting at a
 * proposed cut, arms and reports. The report goes to the channel and to the gate's gauges ({@link
 * GateMetrics}, under the source reader's metric group), which is where the controller reads it
 * over the ConfigMap channel. A deserialization schema has no close(): the thread ends when the
 * task thread that opened the schema has ended, and then closes the channel handle.
 */
final class PositionReporter implements Runnable {
    private final PositionGate gate;
    private final GateChannel channel;
    private final long intervalMs;
    private final Thread task;
    private volatile GateReport latest;

    private PositionReporter(PositionGate gate, GateChannel channel, long intervalMs, Thread task) {
        this.gate = gate;
        this.channel = channel;
        this.intervalMs = intervalMs;
        this.task = task;
    }

    static void start(
            PositionGate gate,
            GateChannel channel,
            long intervalMs,
            Thread task,
            MetricGroup metrics) {
        PositionReporter reporter = new PositionReporter(gate, channel, intervalMs, task);
        synchronized (gate) {
            reporter.latest = gate.report(System.currentTimeMillis());
        }
        GateMetrics.register(metrics, () -> reporter.latest, () -> channel.lastError().orElse(""));
        Thread thread = new Thread(reporter, "bluegreen-position-reporter-" + task.getName());
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void run() {
        try {
            while (task.isAlive()) {
                tick();
                Thread.sleep(intervalMs);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            channel.close();
        }
    }

    private void tick() {
        synchronized (gate) {
            channel.currentCommand().ifPresent(gate::apply);
            latest = gate.report(System.currentTimeMillis());
            channel.report(latest);
        }
    }
}
