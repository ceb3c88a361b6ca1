package dev.bluegreen.gate.rule;

import dev.bluegreen.gate.internal.KeyValueText;

import java.util.Objects;
import java.util.Optional;

/**
 * The keep window of a command (docs/gate.md, "Keep window and cold hand-back"): while it is open
 * the {@link #keeper()} colour (the one the controller would fall back to) keeps, in its state,
 * every record it drops, and the other colour (at risk) passes the records it owns only below the
 * bound its {@link #bounds()} put in force at its last barrier. The keeper forgets kept records
 * below {@link #forget()}: the at-risk colour has committed them. {@link #confirmed()} is the
 * controller's own bookkeeping (the newest bound entry every at-risk subtask was seen to know
 * before its barrier), carried in the command so that a restarted controller keeps it; gates ignore
 * it.
 *
 * <p>Immutable and thread-safe.
 */
public final class KeepWindow {
    /** No keep window (BASIC-like dropping: what a colour drops is gone). */
    public static final KeepWindow CLOSED =
            new KeepWindow(null, ReleaseBounds.NONE, Long.MIN_VALUE, 0, Long.MIN_VALUE);

    private final Color keeper;
    private final ReleaseBounds bounds;
    private final long forget;
    private final long confirmed;
    private final long withdrawn;

    private KeepWindow(
            Color keeper, ReleaseBounds bounds, long forget, long confirmed, long withdrawn) {
        this.keeper = keeper;
        this.bounds = Objects.requireNonNull(bounds, "bounds");
        this.forget = forget;
        this.confirmed = confirmed;
        this.withdrawn = withdrawn;
    }

    /**
     * An open window with no bound yet (the at-risk colour releases nothing until the first entry).
     *
     * @param keeper the colour that keeps what it drops
     * @return the window
     */
    public static KeepWindow keptBy(Color keeper) {
        return new KeepWindow(
                Objects.requireNonNull(keeper, "keeper"),
                ReleaseBounds.NONE,
                Long.MIN_VALUE,
                0,
                Long.MIN_VALUE);
    }

    /** The keeping colour; empty when the window is closed. */
    public Optional<Color> keeper() {
        return Optional.ofNullable(keeper);
    }

    /** Whether the window is open. */
    public boolean isOpen() {
        return keeper != null;
    }

    /** The at-risk colour's release schedule. */
    public ReleaseBounds bounds() {
        return bounds;
    }

    /** Event time (epoch ms) below which the keeper forgets kept records. */
    public long forget() {
        return forget;
    }

    /**
     * The newest bound entry id the controller saw every at-risk subtask know in time (0: none).
     */
    public long confirmed() {
        return confirmed;
    }

    /**
     * The highest bound of an entry the controller withdrew ({@link Long#MIN_VALUE}: none): a gate
     * that knew it may have applied it, so a hand-back cut is exact only above it.
     */
    public long withdrawn() {
        return withdrawn;
    }

    /** This window with another schedule. */
    public KeepWindow withBounds(ReleaseBounds value) {
        return new KeepWindow(keeper, value, forget, confirmed, withdrawn);
    }

    /** This window without its newest entry, remembered as withdrawn. */
    public KeepWindow withoutNewest() {
        return new KeepWindow(
                keeper,
                bounds.withoutNewest(),
                forget,
                confirmed,
                Math.max(withdrawn, bounds.newestBound()));
    }

    /** This window with another forget frontier (never lower than the current one). */
    public KeepWindow withForget(long value) {
        return new KeepWindow(keeper, bounds, Math.max(forget, value), confirmed, withdrawn);
    }

    /** This window with another confirmed entry id (never lower than the current one). */
    public KeepWindow withConfirmed(long value) {
        return new KeepWindow(keeper, bounds, forget, Math.max(confirmed, value), withdrawn);
    }

    /**
     * The text fields, {@code ;keeper=BLUE;bounds=..;forget=..;confirmed=..}, empty when closed.
     */
    String toText() {
        if (keeper == null) {
            return "";
        }
        return ";keeper="
                + keeper
                + ";bounds="
                + bounds.toText()
                + ";forget="
                + forget
                + ";confirmed="
                + confirmed
                + (withdrawn == Long.MIN_VALUE ? "" : ";withdrawn=" + withdrawn);
    }

    /** The window of parsed command fields (closed when {@code keeper} is absent). */
    static KeepWindow parse(KeyValueText fields) {
        if (!fields.has("keeper")) {
            return CLOSED;
        }
        return new KeepWindow(
                Color.parse("command.keeper", fields.text("keeper")),
                ReleaseBounds.parse("command.bounds", fields.text("bounds", "")),
                fields.longValue("forget", Long.MIN_VALUE),
                fields.longValue("confirmed", 0),
                fields.longValue("withdrawn", Long.MIN_VALUE));
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof KeepWindow)) {
            return false;
        }
        KeepWindow that = (KeepWindow) o;
        return keeper == that.keeper
                && bounds.equals(that.bounds)
                && forget == that.forget
                && confirmed == that.confirmed
                && withdrawn == that.withdrawn;
    }

    @Override
    public int hashCode() {
        return Objects.hash(keeper, bounds, forget, confirmed, withdrawn);
    }

    @Override
    public String toString() {
        return keeper == null ? "closed" : toText().substring(1);
    }
}
