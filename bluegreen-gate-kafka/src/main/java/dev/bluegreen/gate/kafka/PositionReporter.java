package dev.bluegreen.gate.kafka;

import dev.bluegreen.gate.channel.GateChannel;
import dev.bluegreen.gate.internal.PositionGate;

/**
 * A daemon thread per source subtask that, every report interval, applies the channel's newest
 * command to the gate and publishes the gate's report, so that an idle subtask, or one waiting at a
 * proposed cut, arms and reports. A deserialization schema has no close(): the thread ends when the
 * task thread that opened the schema has ended, and then closes the channel handle.
 */
final class PositionReporter implements Runnable {
    private final PositionGate gate;
    private final GateChannel channel;
    private final long intervalMs;
    private final Thread task;

    private PositionReporter(PositionGate gate, GateChannel channel, long intervalMs, Thread task) {
        this.gate = gate;
        this.channel = channel;
        this.intervalMs = intervalMs;
        this.task = task;
    }

    static void start(PositionGate gate, GateChannel channel, long intervalMs, Thread task) {
        Thread thread =
                new Thread(
                        new PositionReporter(gate, channel, intervalMs, task),
                        "bluegreen-position-reporter-" + task.getName());
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
            channel.report(gate.report(System.currentTimeMillis()));
        }
    }
}
