package dev.bluegreen.gate.rule;

import dev.bluegreen.gate.internal.KeyValueText;

import java.util.Locale;
import java.util.Objects;

/**
 * What a keeper subtask reports about the records it keeps during a keep window (docs/gate.md,
 * "Keep window and cold hand-back"): how many it keeps and their serialized size at its last
 * snapshot, the earliest kept event time; how many it dropped without keeping since a bound was
 * reached and the earliest of them; which bound that was ({@code records}, {@code bytes}, {@code
 * time}, or empty); and how many records hand-backs recovered and could not recover (lost). Counts
 * are per subtask. Immutable and thread-safe.
 */
public final class KeepProgress {
    /** Nothing kept (a report without these fields). */
    public static final KeepProgress NONE =
            new KeepProgress(0, 0, Long.MIN_VALUE, 0, Long.MIN_VALUE, "", 0, 0);

    private final long kept;
    private final long keptBytes;
    private final long keptFrom;
    private final long unkept;
    private final long unkeptFrom;
    private final String stopped;
    private final long recovered;
    private final long lost;

    /**
     * The progress; times are event time epoch ms, {@link Long#MIN_VALUE} for none.
     *
     * @param kept records kept now
     * @param keptBytes their serialized size at the last snapshot
     * @param keptFrom earliest kept event time
     * @param unkept records dropped without keeping (a bound was reached), not yet forgotten
     * @param unkeptFrom earliest of them
     * @param stopped the bound that stopped keeping, or empty
     * @param recovered records re-emitted by hand-backs
     * @param lost records a hand-back could not recover
     */
    public KeepProgress(
            long kept,
            long keptBytes,
            long keptFrom,
            long unkept,
            long unkeptFrom,
            String stopped,
            long recovered,
            long lost) {
        this.kept = kept;
        this.keptBytes = keptBytes;
        this.keptFrom = keptFrom;
        this.unkept = unkept;
        this.unkeptFrom = unkeptFrom;
        this.stopped = stopped == null ? "" : stopped;
        this.recovered = recovered;
        this.lost = lost;
    }

    public long kept() {
        return kept;
    }

    public long keptBytes() {
        return keptBytes;
    }

    public long keptFrom() {
        return keptFrom;
    }

    public long unkept() {
        return unkept;
    }

    public long unkeptFrom() {
        return unkeptFrom;
    }

    /** The bound that stopped keeping: {@code records}, {@code bytes}, {@code time}, or empty. */
    public String stopped() {
        return stopped;
    }

    public long recovered() {
        return recovered;
    }

    public long lost() {
        return lost;
    }

    /** The text fields, each after a {@code ;}; empty when nothing is kept or counted. */
    String toText() {
        if (equals(NONE)) {
            return "";
        }
        return String.format(
                Locale.ROOT,
                ";kept=%d;keptBytes=%d;keptFrom=%d;unkept=%d;unkeptFrom=%d;stopped=%s;recovered=%d;lost=%d",
                kept,
                keptBytes,
                keptFrom,
                unkept,
                unkeptFrom,
                stopped,
                recovered,
                lost);
    }

    static KeepProgress parse(KeyValueText f) {
        if (!f.has("kept")) {
            return NONE;
        }
        return new KeepProgress(
                f.longValue("kept"),
                f.longValue("keptBytes", 0),
                f.longValue("keptFrom", Long.MIN_VALUE),
                f.longValue("unkept", 0),
                f.longValue("unkeptFrom", Long.MIN_VALUE),
                f.text("stopped", ""),
                f.longValue("recovered", 0),
                f.longValue("lost", 0));
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof KeepProgress)) {
            return false;
        }
        KeepProgress that = (KeepProgress) o;
        return kept == that.kept
                && keptBytes == that.keptBytes
                && keptFrom == that.keptFrom
                && unkept == that.unkept
                && unkeptFrom == that.unkeptFrom
                && stopped.equals(that.stopped)
                && recovered == that.recovered
                && lost == that.lost;
    }

    @Override
    public int hashCode() {
        return Objects.hash(
                kept, keptBytes, keptFrom, unkept, unkeptFrom, stopped, recovered, lost);
    }
}
