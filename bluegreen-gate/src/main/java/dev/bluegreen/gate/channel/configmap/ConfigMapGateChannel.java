package dev.bluegreen.gate.channel.configmap;

import dev.bluegreen.gate.channel.GateChannel;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One gate subtask's handle on the ConfigMap channel: {@link #currentCommand()} reads the shared
 * poller's cache (no request), {@link #readFresh()} makes one GET, {@link #report} does nothing
 * (reports travel as Flink metrics, read by the controller through the JobManager REST API), and
 * {@link #close()} gives the handle's share of the poller back. Thread-safe.
 */
public final class ConfigMapGateChannel implements GateChannel {
    private final ConfigMapPoller poller;
    private final AtomicBoolean closed = new AtomicBoolean();

    ConfigMapGateChannel(ConfigMapPoller poller) {
        this.poller = poller;
    }

    @Override
    public Optional<GateCommand> currentCommand() {
        return poller.newest();
    }

    /**
     * Reads the ConfigMap now; on failure returns the cached command (see {@link #lastError()}).
     */
    @Override
    public Optional<GateCommand> readFresh() {
        return poller.readFresh();
    }

    /** Does nothing: the controller reads reports from the gate's Flink metrics. */
    @Override
    public void report(GateReport report) {}

    /**
     * Why the last read of the ConfigMap failed (it names the ConfigMap and the key, e.g. {@code
     * configmap shop/orders-gate: data.command: missing}); empty after a good read. The channel
     * keeps the last good command meanwhile.
     */
    @Override
    public Optional<String> lastError() {
        return poller.lastError();
    }

    /** Releases this handle's share of the JVM's poller; idempotent. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            poller.release();
        }
    }
}
