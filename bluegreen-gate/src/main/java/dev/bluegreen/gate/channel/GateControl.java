package dev.bluegreen.gate.channel;

import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;

import java.util.List;
import java.util.Optional;

/**
 * Controller side of a control channel: sends commands to the gates of both colours and reads their
 * newest reports. Implementations must be thread-safe.
 */
public interface GateControl {

    /**
     * Replaces the command the gates see, if {@code command} is newer than the current one (see
     * {@link GateCommand#isNewerThan}).
     *
     * @param command the new command
     * @return true if it replaced the current command, false if it was stale and ignored
     */
    boolean send(GateCommand command);

    /**
     * The command the gates currently see.
     *
     * @return the command, or empty before the first {@link #send}
     */
    Optional<GateCommand> current();

    /**
     * The newest report of every gate subtask that has reported, ordered by colour, then subtask.
     *
     * @return an immutable list
     */
    List<GateReport> reports();
}
