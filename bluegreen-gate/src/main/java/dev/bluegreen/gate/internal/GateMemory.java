package dev.bluegreen.gate.internal;

import dev.bluegreen.gate.rule.GateCommand;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Restorable state of a gate subtask (everything but the held records): the newest applied command,
 * whether it is armed for it, the newest conflict, and the largest event times seen and decided.
 * Kept in Flink operator state so that a restarted gate keeps its cutovers and its conflict check
 * even before the channel answers.
 *
 * <p>Text form: {@code armed=true;conflict=0;maxTimestamp=5;maxDecided=4|<command text or none>}.
 * Immutable and thread-safe.
 */
public final class GateMemory {
    private static final String NO_COMMAND = "none";

    /** Memory of a gate that has seen nothing. */
    public static final GateMemory EMPTY =
            new GateMemory(null, false, 0, Long.MIN_VALUE, Long.MIN_VALUE);

    private final GateCommand command;
    private final boolean armed;
    private final long conflict;
    private final long maxTimestamp;
    private final long maxDecided;

    GateMemory(
            GateCommand command, boolean armed, long conflict, long maxTimestamp, long maxDecided) {
        this.command = command;
        this.armed = armed;
        this.conflict = conflict;
        this.maxTimestamp = maxTimestamp;
        this.maxDecided = maxDecided;
    }

    /** The newest applied command, if any. */
    public Optional<GateCommand> command() {
        return Optional.ofNullable(command);
    }

    /** Whether the gate was armed (holding records) for the command's proposal. */
    public boolean armed() {
        return armed;
    }

    /** Newest conflicting transition, 0 for none. */
    public long conflict() {
        return conflict;
    }

    /** Largest event time seen, ms. */
    public long maxTimestamp() {
        return maxTimestamp;
    }

    /** Largest event time decided (passed or dropped), ms. */
    public long maxDecided() {
        return maxDecided;
    }

    /**
     * Combines the memories of several subtasks into one, for a restore with a different
     * parallelism: the newest command wins, it is armed if any subtask with that command was armed,
     * and the times and conflicts take their maximum (so the conflict check stays conservative).
     *
     * @param memories the memories, possibly empty
     * @return the combined memory ({@link #EMPTY} for none)
     */
    public static GateMemory merge(List<GateMemory> memories) {
        GateMemory merged = EMPTY;
        for (GateMemory m : memories) {
            merged = merged.mergedWith(m);
        }
        return merged;
    }

    private GateMemory mergedWith(GateMemory m) {
        GateCommand newest = command;
        boolean newestArmed = armed;
        if (m.command != null && m.command.isNewerThan(newest)) {
            newest = m.command;
            newestArmed = m.armed;
        } else if (m.command != null && m.command.equals(newest)) {
            newestArmed = newestArmed || m.armed;
        }
        return new GateMemory(
                newest,
                newestArmed,
                Math.max(conflict, m.conflict),
                Math.max(maxTimestamp, m.maxTimestamp),
                Math.max(maxDecided, m.maxDecided));
    }

    /** The text form described in the class comment. */
    public String toText() {
        return "armed="
                + armed
                + ";conflict="
                + conflict
                + ";maxTimestamp="
                + maxTimestamp
                + ";maxDecided="
                + maxDecided
                + "|"
                + (command == null ? NO_COMMAND : command.toText());
    }

    /**
     * Parses the text form.
     *
     * @param text the text written by {@link #toText()}
     * @return the memory
     * @throws IllegalArgumentException naming the bad field
     */
    public static GateMemory parse(String text) {
        int bar = text == null ? -1 : text.indexOf('|');
        if (bar < 0) {
            throw new IllegalArgumentException(
                    "memory: expected <fields>|<command>, got \"" + text + "\"");
        }
        KeyValueText f = KeyValueText.parse("memory", text.substring(0, bar));
        return new GateMemory(
                command(text.substring(bar + 1)),
                f.booleanValue("armed"),
                f.longValue("conflict"),
                f.longValue("maxTimestamp"),
                f.longValue("maxDecided"));
    }

    /** The command of the text form, or {@code null} for none. */
    private static GateCommand command(String text) {
        return NO_COMMAND.equals(text) ? null : GateCommand.parse(text);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GateMemory && ((GateMemory) o).toText().equals(toText());
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(toText());
    }

    @Override
    public String toString() {
        return toText();
    }
}
