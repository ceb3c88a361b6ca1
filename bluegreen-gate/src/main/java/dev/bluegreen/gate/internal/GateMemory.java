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
 * <p>During a keep window it also keeps the release bound in force (the colour at risk) and the
 * keeping state (the keeper): the bound that stopped keeping, when keeping began, and how many
 * unkept records have no remembered time.
 *
 * <p>Text form: {@code armed=true;conflict=0;maxTimestamp=5;maxDecided=4|<command text or none>},
 * with {@code ;bound=..;keepStopped=..;keepOpenedAt=..;unkeptUncounted=..} before the bar when a
 * keep window left anything to restore. Immutable and thread-safe.
 */
public final class GateMemory {
    private static final String NO_COMMAND = "none";

    /** Memory of a gate that has seen nothing. */
    public static final GateMemory EMPTY =
            new GateMemory(null, false, 0, Long.MIN_VALUE, Long.MIN_VALUE);

    private static final long NO_BOUND = Long.MIN_VALUE;

    private final GateCommand command;
    private final boolean armed;
    private final long conflict;
    private final long maxTimestamp;
    private final long maxDecided;
    private final long bound;
    private final KeepState keepState;
    private final long barrierWatermark;

    GateMemory(
            GateCommand command, boolean armed, long conflict, long maxTimestamp, long maxDecided) {
        this(
                command,
                armed,
                conflict,
                maxTimestamp,
                maxDecided,
                NO_BOUND,
                KeepState.NONE,
                Long.MIN_VALUE);
    }

    GateMemory(
            GateCommand command,
            boolean armed,
            long conflict,
            long maxTimestamp,
            long maxDecided,
            long bound,
            KeepState keepState,
            long barrierWatermark) {
        this.command = command;
        this.armed = armed;
        this.conflict = conflict;
        this.maxTimestamp = maxTimestamp;
        this.maxDecided = maxDecided;
        this.bound = bound;
        this.keepState = keepState;
        this.barrierWatermark = barrierWatermark;
    }

    /**
     * The input watermark at the barrier the memory was taken at ({@link Long#MIN_VALUE}: none).
     */
    public long barrierWatermark() {
        return barrierWatermark;
    }

    /** The release bound in force when the memory was taken ({@link Long#MIN_VALUE}: none). */
    public long bound() {
        return bound;
    }

    /** The keeper's state when the memory was taken. */
    KeepState keepState() {
        return keepState;
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
                Math.max(maxDecided, m.maxDecided),
                lowestBound(m),
                keepState.mergedWith(m.keepState),
                lowestWatermark(m));
    }

    /**
     * The lower of two bounds (every subtask of a rescaled job restores the same one; the lower one
     * releases no record the old subtasks had not released), ignoring an empty memory's.
     */
    private long lowestWatermark(GateMemory m) {
        if (barrierWatermark == Long.MIN_VALUE) {
            return m.barrierWatermark;
        }
        return m.barrierWatermark == Long.MIN_VALUE
                ? barrierWatermark
                : Math.min(barrierWatermark, m.barrierWatermark);
    }

    private long lowestBound(GateMemory m) {
        if (command == null) {
            return m.bound;
        }
        return m.command == null ? bound : Math.min(bound, m.bound);
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
                + windowText()
                + "|"
                + (command == null ? NO_COMMAND : command.toText());
    }

    private String windowText() {
        if (bound == NO_BOUND
                && keepState.equals(KeepState.NONE)
                && barrierWatermark == Long.MIN_VALUE) {
            return "";
        }
        return ";barrierWatermark="
                + barrierWatermark
                + ";bound="
                + bound
                + ";keepStopped="
                + keepState.stopped()
                + ";keepOpenedAt="
                + keepState.openedAt()
                + ";unkeptUncounted="
                + keepState.uncounted();
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
                f.longValue("maxDecided"),
                f.longValue("bound", NO_BOUND),
                new KeepState(
                        f.text("keepStopped", ""),
                        f.longValue("keepOpenedAt", Long.MIN_VALUE),
                        f.longValue("unkeptUncounted", 0)),
                f.longValue("barrierWatermark", Long.MIN_VALUE));
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
