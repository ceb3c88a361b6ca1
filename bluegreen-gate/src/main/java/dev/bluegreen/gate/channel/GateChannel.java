package dev.bluegreen.gate.channel;

import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;

import java.util.Optional;

/**
 * Job side of a control channel: commands in, reports out. A gate subtask reads {@link
 * #currentCommand()} on every report tick (the channel holds the controller's newest command, like
 * a ConfigMap holds its data) and hands its report to {@link #report}.
 *
 * <p>Implementations must be thread-safe: every gate subtask of a TaskManager may share one
 * instance, and both methods are called from task threads. They must not block for long (they run
 * on the task thread between records): a remote channel reads from a cache that one watcher per JVM
 * keeps fresh.
 */
public interface GateChannel extends AutoCloseable {

    /**
     * The controller's newest command.
     *
     * @return the command, or empty before the controller sent any
     */
    Optional<GateCommand> currentCommand();

    /**
     * The controller's newest command, read fresh from the source of truth rather than from a cache
     * that may lag. A gate calls this once when it starts (also after a restore), before it decides
     * any record: a restored gate may have lost an arming that its previous incarnation reported,
     * and deciding records under an older command would then break the handover. Reading it on
     * every tick would defeat the once-per-JVM watch, so ticks use {@link #currentCommand()}, which
     * may lag but must never go back to an older command.
     *
     * <p>The default returns {@link #currentCommand()}, which is right for channels without a
     * cache.
     *
     * @return the newest command, or empty before the controller sent any
     */
    default Optional<GateCommand> readFresh() {
        return currentCommand();
    }

    /**
     * Publishes a subtask's report. Channels whose reports travel another way (Flink metrics read
     * through the JobManager REST API) may ignore it.
     *
     * @param report the report, not null
     */
    void report(GateReport report);

    /**
     * Why the channel's last read of the controller's command failed, for operators (the gate
     * publishes it as the gauge {@code bluegreenGate.channelError}). A channel that fails keeps
     * serving its last good command. The default (channels that cannot fail) is empty.
     *
     * @return the error naming its source, or empty after a good read
     */
    default Optional<String> lastError() {
        return Optional.empty();
    }

    /** Releases this handle; the default does nothing. */
    @Override
    default void close() {}
}
