package dev.bluegreen.operator.internal.handover;

import dev.bluegreen.core.Color;

import java.util.Objects;

/**
 * What the coordinator says about a cold hand-back (docs/gate.md, "Keep window and cold
 * hand-back"), for the parent's {@code status.handback} and its events: that it sends one now, with
 * the cut, or that every keeper subtask has applied the one in the channel, with what they
 * recovered and could not. Immutable.
 *
 * @param applied false: sent in this reconcile; true: applied by every keeper subtask
 * @param from the colour that died
 * @param to the keeper that takes the output back
 * @param frontier event time (epoch ms) from which the output goes back
 * @param checkpoint the dead colour's completed checkpoint the frontier belongs to (0 when sent
 *     notes are not at hand: an applied note)
 * @param exact whether nothing can come out twice
 * @param mayRepeatBelow when not exact, the end of the range that may repeat
 * @param recovered records the keeper re-emitted (applied notes; 0 otherwise)
 * @param lost records the keeper could not recover (applied notes; 0 otherwise)
 * @param message the hand-back in words
 */
public record HandbackNote(
        boolean applied,
        Color from,
        Color to,
        long frontier,
        long checkpoint,
        boolean exact,
        long mayRepeatBelow,
        long recovered,
        long lost,
        String message) {
    public HandbackNote {
        Objects.requireNonNull(from, "from == null");
        Objects.requireNonNull(to, "to == null");
        Objects.requireNonNull(message, "message == null");
    }

    static HandbackNote sent(
            Color to,
            long frontier,
            dev.bluegreen.gate.rule.Handback.Frontier cut,
            String message) {
        return new HandbackNote(
                false,
                to.opposite(),
                to,
                frontier,
                cut.checkpoint(),
                cut.exact(),
                cut.exact() ? frontier : cut.upper(),
                0,
                0,
                message);
    }

    static HandbackNote applied(Color to, long frontier, long recovered, long lost) {
        String message =
                String.format(
                        "%s applied the hand-back from event time %d: %d kept records re-emitted,"
                                + " %d could not be recovered%s",
                        to.lowerCase(),
                        frontier,
                        recovered,
                        lost,
                        lost > 0 ? " (a keep bound was reached)" : "");
        return new HandbackNote(
                true, to.opposite(), to, frontier, 0, true, frontier, recovered, lost, message);
    }
}
