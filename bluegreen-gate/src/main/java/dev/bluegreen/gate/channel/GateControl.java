package dev.bluegreen.gate.channel;

import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.gate.rule.Stage;

import java.util.List;
import java.util.Optional;

/**
 * Controller side of a control channel: sends commands to the gates of both colours and reads their
 * newest reports. Implementations must be thread-safe.
 */
public interface GateControl {

    /**
     * Replaces the command the gates see, if {@code command} is newer than the current one (see
     * {@link GateCommand#isNewerThan}). A new proposal's cutover must be later than the cutover of
     * every earlier proposal (committed, aborted or pending): gate readers may lag, and a lagging
     * gate that applies an older proposal must never decide a record that a newer cutover gives
     * away.
     *
     * @param command the new command
     * @return true if it replaced the current command, false if it was stale and ignored
     * @throws IllegalArgumentException when a new proposal's cutover is not later than the current
     *     command's
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

    /**
     * Checks that a new proposal's cutover is later than the current command's, for implementations
     * of {@link #send}.
     *
     * @param current the current command, or null
     * @param next the command about to replace it
     * @throws IllegalArgumentException naming {@code command.cutover} when it is not later
     */
    static void requireLaterCutover(GateCommand current, GateCommand next) {
        boolean newProposal =
                next.stage() == Stage.PROPOSED
                        && (current == null || next.transition() > current.transition());
        if (newProposal && current != null && next.cutover() <= current.cutover()) {
            throw new IllegalArgumentException(
                    "command.cutover: a new proposal must be later than "
                            + current.cutover()
                            + " (transition "
                            + current.transition()
                            + "), got "
                            + next.cutover());
        }
    }
}
