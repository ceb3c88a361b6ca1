package dev.bluegreen.gate.rule;

import dev.bluegreen.gate.internal.KeyValueText;

import java.util.Locale;
import java.util.Objects;

/**
 * What a gate subtask reports about checkpoints, for the keep window (docs/gate.md, "Keep window
 * and cold hand-back"): the id of the last barrier it processed, of the last checkpoint it was told
 * completed, and of the checkpoint it restored from (0 for none); the release bound in force since
 * its last barrier; the newest bound entry it knows; the allowed lateness it applies; and its input
 * watermark at the barrier of its newest completed checkpoint. Immutable and thread-safe.
 */
public final class CheckpointProgress {
    /** Nothing known (a report without these fields). */
    public static final CheckpointProgress NONE =
            new CheckpointProgress(0, 0, 0, Long.MIN_VALUE, 0, 0, Long.MIN_VALUE);

    private final long checkpoint;
    private final long committed;
    private final long restored;
    private final long bound;
    private final long known;
    private final long latenessMs;
    private final long committedWatermark;

    /**
     * The progress.
     *
     * @param checkpoint last barrier id processed, 0 for none
     * @param committed last checkpoint id notified complete, 0 for none
     * @param restored checkpoint id restored from, 0 for none
     * @param bound release bound in force (event time ms), {@link Long#MIN_VALUE} for none
     * @param known newest bound entry id known, 0 for none
     * @param latenessMs the allowed lateness (ms) the gate applies
     * @param committedWatermark the input watermark at the barrier of the newest completed
     *     checkpoint, {@link Long#MIN_VALUE} for none
     */
    public CheckpointProgress(
            long checkpoint,
            long committed,
            long restored,
            long bound,
            long known,
            long latenessMs,
            long committedWatermark) {
        this.checkpoint = checkpoint;
        this.committed = committed;
        this.restored = restored;
        this.bound = bound;
        this.known = known;
        this.latenessMs = latenessMs;
        this.committedWatermark = committedWatermark;
    }

    /**
     * The input watermark at the barrier of the newest completed checkpoint: every record read
     * after that checkpoint is at or after it less the lateness, even after a restart.
     */
    public long committedWatermark() {
        return committedWatermark;
    }

    public long checkpoint() {
        return checkpoint;
    }

    public long committed() {
        return committed;
    }

    public long restored() {
        return restored;
    }

    public long bound() {
        return bound;
    }

    public long known() {
        return known;
    }

    public long latenessMs() {
        return latenessMs;
    }

    /** The text fields, each after a {@code ;}; empty when nothing is known. */
    String toText() {
        if (equals(NONE)) {
            return "";
        }
        return String.format(
                Locale.ROOT,
                ";checkpoint=%d;committed=%d;restored=%d;bound=%d;known=%d;lateness=%d;committedWatermark=%d",
                checkpoint,
                committed,
                restored,
                bound,
                known,
                latenessMs,
                committedWatermark);
    }

    static CheckpointProgress parse(KeyValueText f) {
        if (!f.has("checkpoint")) {
            return NONE;
        }
        return new CheckpointProgress(
                f.longValue("checkpoint"),
                f.longValue("committed", 0),
                f.longValue("restored", 0),
                f.longValue("bound", Long.MIN_VALUE),
                f.longValue("known", 0),
                f.longValue("lateness", 0),
                f.longValue("committedWatermark", Long.MIN_VALUE));
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof CheckpointProgress)) {
            return false;
        }
        CheckpointProgress that = (CheckpointProgress) o;
        return checkpoint == that.checkpoint
                && committed == that.committed
                && restored == that.restored
                && bound == that.bound
                && known == that.known
                && latenessMs == that.latenessMs
                && committedWatermark == that.committedWatermark;
    }

    @Override
    public int hashCode() {
        return Objects.hash(
                checkpoint, committed, restored, bound, known, latenessMs, committedWatermark);
    }
}
