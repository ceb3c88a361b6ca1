package dev.bluegreen.gate.rule;

import dev.bluegreen.gate.internal.KeyValueText;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Controller's command to every gate subtask of both colours: the whole cutover schedule, not a
 * delta, so a gate that missed earlier commands or restarted from an old checkpoint catches up from
 * the newest one alone.
 *
 * <p>A command names one transition (number {@link #transition()}, its {@link #stage()} and its
 * cutover event time {@link #cutover()}) on top of the cutovers committed under lower numbers
 * ({@link #earlierCutovers()}). Ownership of event time alternates at every committed cutover,
 * starting with blue: with committed cutovers {@code c1 < c2 < ...}, blue owns {@code [-inf, c1)},
 * green owns {@code [c1, c2)}, blue owns {@code [c2, c3)}, and so on. A first cutover therefore
 * moves the tail to green, and the next one (a hot rollback) moves it back to blue.
 *
 * <p>Commands are ordered by transition number, then by stage (a final stage is newer than
 * PROPOSED). Gates ignore commands that are not newer than the newest they applied (fencing).
 *
 * <p>Text form (used by channels that carry strings): {@code
 * transition=2;stage=PROPOSED;cutover=1700000060000;earlier=1700000000000}. Times are epoch
 * milliseconds of event time. This class is immutable and thread-safe.
 */
public final class GateCommand {
    private final long transition;
    private final Stage stage;
    private final long cutover;
    private final long[] earlier;

    private GateCommand(long transition, Stage stage, long cutover, long[] earlier) {
        if (transition < 1) {
            throw new IllegalArgumentException(
                    "transition: expected a number >= 1, got " + transition);
        }
        this.stage = Objects.requireNonNull(stage, "stage");
        checkAscending(earlier, cutover);
        this.transition = transition;
        this.cutover = cutover;
        this.earlier = earlier.clone();
    }

    private static void checkAscending(long[] earlier, long cutover) {
        for (int i = 0; i < earlier.length; i++) {
            long next = i + 1 < earlier.length ? earlier[i + 1] : cutover;
            if (earlier[i] >= next) {
                throw new IllegalArgumentException(
                        "earlier: cutovers must ascend and precede cutover "
                                + cutover
                                + ", got "
                                + Arrays.toString(earlier));
            }
        }
    }

    /**
     * Proposal of a cutover under a transition number.
     *
     * @param transition the transition number, at least 1, higher than any number used before
     * @param cutover event time in epoch ms from which the tail changes colour
     * @param earlierCutovers cutovers committed under lower numbers, ascending, all before {@code
     *     cutover}
     * @return the command in stage PROPOSED
     * @throws IllegalArgumentException when the number or the cutover order is invalid
     */
    public static GateCommand propose(long transition, long cutover, long... earlierCutovers) {
        return new GateCommand(transition, Stage.PROPOSED, cutover, earlierCutovers);
    }

    /**
     * The next proposal after this command: number + 1, on top of this command's committed
     * cutovers.
     *
     * @param nextCutover event time in epoch ms; must be after every committed cutover
     * @return the new PROPOSED command
     * @throws IllegalArgumentException when {@code nextCutover} is not after the committed ones
     */
    public GateCommand proposeNext(long nextCutover) {
        return propose(transition + 1, nextCutover, committedCutovers());
    }

    /**
     * This transition, committed.
     *
     * @return the same transition in stage COMMITTED
     * @throws IllegalStateException when this transition is already ABORTED
     */
    public GateCommand commit() {
        return moveTo(Stage.COMMITTED);
    }

    /**
     * This transition, withdrawn.
     *
     * @return the same transition in stage ABORTED
     * @throws IllegalStateException when this transition is already COMMITTED
     */
    public GateCommand abort() {
        return moveTo(Stage.ABORTED);
    }

    private GateCommand moveTo(Stage target) {
        if (stage != Stage.PROPOSED && stage != target) {
            throw new IllegalStateException(
                    "transition " + transition + " is " + stage + ", cannot become " + target);
        }
        return new GateCommand(transition, target, cutover, earlier);
    }

    /** Transition number, at least 1. */
    public long transition() {
        return transition;
    }

    /** Stage of this transition. */
    public Stage stage() {
        return stage;
    }

    /** Event time in epoch ms from which this transition moves the tail to {@link #target()}. */
    public long cutover() {
        return cutover;
    }

    /** Cutovers committed under lower numbers, ascending (a copy). */
    public long[] earlierCutovers() {
        return earlier.clone();
    }

    /** The colour that owns event time from {@link #cutover()} on once this is committed. */
    public Color target() {
        return earlier.length % 2 == 0 ? Color.GREEN : Color.BLUE;
    }

    /** Every cutover in force under this command: the earlier ones, plus this one if committed. */
    public long[] committedCutovers() {
        if (stage != Stage.COMMITTED) {
            return earlier.clone();
        }
        long[] all = Arrays.copyOf(earlier, earlier.length + 1);
        all[earlier.length] = cutover;
        return all;
    }

    /**
     * Whether this command supersedes {@code other}: a higher number, or the same number moved from
     * PROPOSED to a final stage.
     *
     * @param other the command applied before, or null for none
     * @return true if a gate should apply this command after {@code other}
     */
    public boolean isNewerThan(GateCommand other) {
        if (other == null || transition > other.transition) {
            return true;
        }
        return transition == other.transition && !other.stage.isFinal() && stage.isFinal();
    }

    /** The text form described in the class comment. */
    public String toText() {
        StringBuilder text = new StringBuilder();
        text.append("transition=").append(transition);
        text.append(";stage=").append(stage);
        text.append(";cutover=").append(cutover);
        text.append(";earlier=");
        for (int i = 0; i < earlier.length; i++) {
            text.append(i == 0 ? "" : ",").append(earlier[i]);
        }
        return text.toString();
    }

    /**
     * Parses the text form.
     *
     * @param text e.g. {@code transition=1;stage=PROPOSED;cutover=1000;earlier=}
     * @return the command
     * @throws IllegalArgumentException naming the bad field
     */
    public static GateCommand parse(String text) {
        KeyValueText fields = KeyValueText.parse("command", text);
        long transition = fields.longValue("transition");
        Stage stage = Stage.valueOf(fields.enumName("stage", Stage.values()));
        long cutover = fields.longValue("cutover");
        List<Long> earlier = fields.longList("earlier");
        long[] values = new long[earlier.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = earlier.get(i);
        }
        return new GateCommand(transition, stage, cutover, values);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof GateCommand)) {
            return false;
        }
        GateCommand that = (GateCommand) o;
        return transition == that.transition
                && stage == that.stage
                && cutover == that.cutover
                && Arrays.equals(earlier, that.earlier);
    }

    @Override
    public int hashCode() {
        return Objects.hash(transition, stage, cutover) * 31 + Arrays.hashCode(earlier);
    }

    @Override
    public String toString() {
        return toText();
    }
}
