package dev.bluegreen.gate.rule;

import dev.bluegreen.gate.internal.KeyValueText;
import dev.bluegreen.gate.internal.SubtaskGate;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * What one gate subtask tells the controller, produced on every report tick (processing time), so
 * idle subtasks report too.
 *
 * <p>Fields: colour, subtask index and the number of subtasks of that colour; the newest transition
 * it applied and that transition's stage ({@code NONE} before any command); whether it holds that
 * transition's cutover (armed for a PROPOSED one, in force for a COMMITTED one); its newest
 * committed cutover; input watermark; largest event time seen; records held, passed and dropped;
 * whether it is drained; the newest transition it found in conflict (0 for none); whether it is
 * idle; the processing time of the report.
 *
 * <p>Text form: {@code
 * color=BLUE;subtask=0;parallelism=2;transition=1;stage=PROPOSED;holdsCutover=true;
 * cutover=-9223372036854775808;watermark=...;maxTimestamp=...;held=0;passed=10;dropped=0;
 * drained=false;conflict=0;idle=false;at=...} (one line, no blanks), followed by the fields of
 * {@link CheckpointProgress}, {@link KeepProgress} and {@link PartitionPositions} when they are
 * known, and {@code ;cut=source-position} for a gate that cuts by source position ({@link
 * CutKind}). Immutable and thread-safe.
 */
public final class GateReport {
    /** Text of the stage field before the subtask applied any command. */
    public static final String NO_STAGE = "NONE";

    private final Color color;
    private final int subtask;
    private final int parallelism;
    private final long transition;
    private final Stage stage;
    private final boolean holdsCutover;
    private final long cutover;
    private final long watermark;
    private final long maxTimestamp;
    private final long held;
    private final long passed;
    private final long dropped;
    private final boolean drained;
    private final long conflict;
    private final boolean idle;
    private final long at;
    private final CheckpointProgress checkpoints;
    private final KeepProgress keeping;
    private final PartitionPositions positions;
    private final CutKind cut;

    private GateReport(Builder b) {
        this.color = Objects.requireNonNull(b.color, "color");
        this.subtask = b.subtask;
        this.parallelism = b.parallelism;
        this.transition = b.transition;
        this.stage = b.stage;
        this.holdsCutover = b.holdsCutover;
        this.cutover = b.cutover;
        this.watermark = b.watermark;
        this.maxTimestamp = b.maxTimestamp;
        this.held = b.held;
        this.passed = b.passed;
        this.dropped = b.dropped;
        this.drained = b.drained;
        this.conflict = b.conflict;
        this.idle = b.idle;
        this.at = b.at;
        this.checkpoints = b.checkpoints;
        this.keeping = b.keeping;
        this.positions = b.positions;
        this.cut = b.cut;
    }

    /**
     * A builder for reports; every numeric field defaults to 0 except the times, which default to
     * {@link Long#MIN_VALUE} (unknown).
     *
     * @param color the subtask's colour
     * @param subtask the subtask index
     * @param parallelism the number of gate subtasks of that colour
     * @return a new builder
     */
    public static Builder builder(Color color, int subtask, int parallelism) {
        return new Builder(color, subtask, parallelism);
    }

    /** Colour of the reporting job. */
    public Color color() {
        return color;
    }

    /** Subtask index of the reporting gate. */
    public int subtask() {
        return subtask;
    }

    /**
     * Number of gate subtasks of this colour (the gate's parallelism), so a reader knows how many
     * reports make "every subtask".
     */
    public int parallelism() {
        return parallelism;
    }

    /** Newest transition number applied, 0 before any command. */
    public long transition() {
        return transition;
    }

    /** Stage of {@link #transition()} as applied, empty before any command. */
    public Optional<Stage> stage() {
        return Optional.ofNullable(stage);
    }

    /** Whether the subtask acts on the cutover of {@link #transition()} (armed or in force). */
    public boolean holdsCutover() {
        return holdsCutover;
    }

    /** Newest committed cutover (event time ms), {@link Long#MIN_VALUE} for none. */
    public long cutover() {
        return cutover;
    }

    /** Input watermark (event time ms), {@link Long#MIN_VALUE} before the first one. */
    public long watermark() {
        return watermark;
    }

    /** Largest event time seen (ms), {@link Long#MIN_VALUE} before the first record. */
    public long maxTimestamp() {
        return maxTimestamp;
    }

    /** Records currently held. */
    public long held() {
        return held;
    }

    /** Records passed since the subtask started. */
    public long passed() {
        return passed;
    }

    /** Records dropped since the subtask started. */
    public long dropped() {
        return dropped;
    }

    /** Whether this subtask will pass no more records (see {@link SubtaskGate#isDrained}). */
    public boolean drained() {
        return drained;
    }

    /** Newest transition number found in conflict, 0 for none. */
    public long conflict() {
        return conflict;
    }

    /** Whether the subtask saw no record and no watermark advance for the idle timeout. */
    public boolean idle() {
        return idle;
    }

    /** Processing time of the report, epoch ms. */
    public long at() {
        return at;
    }

    /** Checkpoint progress for the keep window ({@link CheckpointProgress#NONE} when unknown). */
    public CheckpointProgress checkpoints() {
        return checkpoints;
    }

    /** What this subtask keeps as a keeper ({@link KeepProgress#NONE} when nothing). */
    public KeepProgress keeping() {
        return keeping;
    }

    /** A source-position gate's positions ({@link PartitionPositions#NONE} for other gates). */
    public PartitionPositions positions() {
        return positions;
    }

    /**
     * How this gate cuts: {@link CutKind#EVENT_TIME} unless the report says {@code
     * ;cut=source-position} (reports of gates that predate the field are event-time ones).
     */
    public CutKind cut() {
        return cut;
    }

    /** The text form described in the class comment. */
    public String toText() {
        String kind = cut == CutKind.EVENT_TIME ? "" : ";cut=" + cut.text();
        return base() + checkpoints.toText() + keeping.toText() + positions.toText() + kind;
    }

    private String base() {
        return String.format(
                Locale.ROOT,
                "color=%s;subtask=%d;parallelism=%d;transition=%d;stage=%s;holdsCutover=%s"
                        + ";cutover=%d;watermark=%d;maxTimestamp=%d;held=%d;passed=%d;dropped=%d"
                        + ";drained=%s;conflict=%d;idle=%s;at=%d",
                color,
                subtask,
                parallelism,
                transition,
                stage == null ? NO_STAGE : stage.name(),
                holdsCutover,
                cutover,
                watermark,
                maxTimestamp,
                held,
                passed,
                dropped,
                drained,
                conflict,
                idle,
                at);
    }

    /**
     * Parses the text form.
     *
     * @param text one report line
     * @return the report
     * @throws IllegalArgumentException naming the bad field, e.g. {@code report.watermark}
     */
    public static GateReport parse(String text) {
        KeyValueText f = KeyValueText.parse("report", text);
        Builder b =
                builder(
                        Color.parse("report.color", f.text("color")),
                        f.intValue("subtask"),
                        f.intValue("parallelism"));
        String stageText = f.text("stage");
        b.transition = f.longValue("transition");
        b.stage =
                NO_STAGE.equals(stageText)
                        ? null
                        : Stage.valueOf(f.enumName("stage", Stage.values()));
        b.holdsCutover = f.booleanValue("holdsCutover");
        b.cutover = f.longValue("cutover");
        parseProgress(f, b);
        return b.build();
    }

    /** The fields after {@code cutover}, in the text form's order. */
    private static void parseProgress(KeyValueText f, Builder b) {
        b.watermark = f.longValue("watermark");
        b.maxTimestamp = f.longValue("maxTimestamp");
        b.held = f.longValue("held");
        b.passed = f.longValue("passed");
        b.dropped = f.longValue("dropped");
        b.drained = f.booleanValue("drained");
        b.conflict = f.longValue("conflict");
        b.idle = f.booleanValue("idle");
        b.at = f.longValue("at");
        b.checkpoints = CheckpointProgress.parse(f);
        b.keeping = KeepProgress.parse(f);
        b.positions = PartitionPositions.parse(f);
        b.cut = f.has("cut") ? CutKind.parse("report.cut", f.text("cut")) : CutKind.EVENT_TIME;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GateReport && ((GateReport) o).toText().equals(toText());
    }

    @Override
    public int hashCode() {
        return toText().hashCode();
    }

    @Override
    public String toString() {
        return toText();
    }

    /** Mutable builder of a {@link GateReport}; not thread-safe. */
    public static final class Builder {
        private final Color color;
        private final int subtask;
        private final int parallelism;
        private long transition;
        private Stage stage;
        private boolean holdsCutover;
        private long cutover = Long.MIN_VALUE;
        private long watermark = Long.MIN_VALUE;
        private long maxTimestamp = Long.MIN_VALUE;
        private long held;
        private long passed;
        private long dropped;
        private boolean drained;
        private long conflict;
        private boolean idle;
        private long at;
        private CheckpointProgress checkpoints = CheckpointProgress.NONE;
        private KeepProgress keeping = KeepProgress.NONE;
        private PartitionPositions positions = PartitionPositions.NONE;
        private CutKind cut = CutKind.EVENT_TIME;

        private Builder(Color color, int subtask, int parallelism) {
            this.color = color;
            this.subtask = subtask;
            this.parallelism = parallelism;
        }

        /** Sets the transition and its stage (null stage for none). */
        public Builder transition(long number, Stage stageOfIt, boolean holdsItsCutover) {
            this.transition = number;
            this.stage = stageOfIt;
            this.holdsCutover = holdsItsCutover;
            return this;
        }

        /** Sets the event-time fields (ms): newest committed cutover, watermark, max timestamp. */
        public Builder times(long newestCutover, long inputWatermark, long largestTimestamp) {
            this.cutover = newestCutover;
            this.watermark = inputWatermark;
            this.maxTimestamp = largestTimestamp;
            return this;
        }

        /** Sets the record counters. */
        public Builder counts(long heldNow, long passedSoFar, long droppedSoFar) {
            this.held = heldNow;
            this.passed = passedSoFar;
            this.dropped = droppedSoFar;
            return this;
        }

        /** Sets drained, conflict (0 for none), idle and the report time (processing ms). */
        public Builder status(
                boolean isDrained, long conflictTransition, boolean isIdle, long now) {
            this.drained = isDrained;
            this.conflict = conflictTransition;
            this.idle = isIdle;
            this.at = now;
            return this;
        }

        /** Sets the checkpoint progress (keep window). */
        public Builder checkpoints(CheckpointProgress value) {
            this.checkpoints = Objects.requireNonNull(value, "checkpoints");
            return this;
        }

        /** Sets what this subtask keeps as a keeper. */
        public Builder keeping(KeepProgress value) {
            this.keeping = Objects.requireNonNull(value, "keeping");
            return this;
        }

        /** Sets a source-position gate's positions. */
        public Builder positions(PartitionPositions value) {
            this.positions = Objects.requireNonNull(value, "positions");
            return this;
        }

        /** Sets how the gate cuts ({@link CutKind#EVENT_TIME} unless set). */
        public Builder cut(CutKind value) {
            this.cut = Objects.requireNonNull(value, "cut");
            return this;
        }

        /** The report. */
        public GateReport build() {
            return new GateReport(this);
        }
    }
}
