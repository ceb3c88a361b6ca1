package dev.bluegreen.gate.rule;

import dev.bluegreen.gate.internal.Cutovers;
import dev.bluegreen.gate.internal.KeyValueText;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

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
 * <p>A command may also carry a {@link KeepWindow} (the fallback colour keeps what it drops, the
 * colour at risk releases its output at checkpoint barriers only), updated under the same number
 * with a higher {@link #revision()}. A <em>cold</em> command ({@link #handBack}) is a transition
 * that is committed without a proposal: it gives the keeper everything the colour at risk owned
 * from a frontier on, when that colour died and cannot arm; its schedule is given whole.
 *
 * <p>Text form (used by channels that carry strings): {@code
 * transition=2;stage=PROPOSED;cutover=1700000060000;earlier=1700000000000}, followed, when set, by
 * {@code ;revision=3}, the keep window's fields, {@code ;cold=true} and a {@link PositionCut}'s
 * fields. Times are epoch milliseconds of event time. This class is immutable and thread-safe.
 */
public final class GateCommand {
    private final long transition;
    private final Stage stage;
    private final long cutover;
    private final long[] earlier;
    private final long revision;
    private final KeepWindow window;
    private final boolean cold;
    private final PositionCut positions;

    private GateCommand(long transition, Stage stage, long cutover, long[] earlier) {
        this(transition, stage, cutover, earlier, 0, KeepWindow.CLOSED, false);
    }

    private GateCommand(
            long transition,
            Stage stage,
            long cutover,
            long[] earlier,
            long revision,
            KeepWindow window,
            boolean cold) {
        if (transition < 1) {
            throw new IllegalArgumentException(
                    "transition: expected a number >= 1, got " + transition);
        }
        this.stage = Objects.requireNonNull(stage, "stage");
        checkAscending(earlier, cutover, cold);
        if (cold && stage != Stage.COMMITTED) {
            throw new IllegalArgumentException("cold: a cold command is COMMITTED, got " + stage);
        }
        this.transition = transition;
        this.cutover = cutover;
        this.earlier = earlier.clone();
        this.revision = revision;
        this.window = Objects.requireNonNull(window, "window");
        this.cold = cold;
        this.positions = null;
    }

    /** {@code base} carrying a position cut ({@link #withPositions}). */
    private GateCommand(GateCommand base, PositionCut positions) {
        this.transition = base.transition;
        this.stage = base.stage;
        this.cutover = base.cutover;
        this.earlier = base.earlier;
        this.revision = base.revision;
        this.window = base.window;
        this.cold = base.cold;
        this.positions = positions;
    }

    /**
     * Proposal of a cut by source position under a transition number. Its event-time fields name no
     * cutover that changes anything ({@link Long#MAX_VALUE}, none earlier): a resource uses one
     * kind of cut.
     *
     * @param transition the transition number, at least 1, higher than any number used before
     * @param cut the cut and the steps committed before it
     * @return the command in stage PROPOSED
     */
    public static GateCommand proposePositions(long transition, PositionCut cut) {
        return propose(transition, Long.MAX_VALUE).withPositions(cut);
    }

    /**
     * This command carrying a cut by source position (same number, stage and revision). {@link
     * #commit}, {@link #abort} and {@link #withWindow} keep the cut; {@link #proposeNext} and
     * {@link #handBack} are event-time steps and carry none.
     *
     * @param cut the cut, or null for none
     * @return the new command
     */
    public GateCommand withPositions(PositionCut cut) {
        return new GateCommand(this, cut);
    }

    /** The cut by source position this command carries, empty for an event-time command. */
    public Optional<PositionCut> positions() {
        return Optional.ofNullable(positions);
    }

    private GateCommand carryPositions(GateCommand moved) {
        return positions == null ? moved : new GateCommand(moved, positions);
    }

    /** Earlier cutovers ascend and, unless the command is cold (its schedule whole), precede it. */
    private static void checkAscending(long[] earlier, long cutover, boolean cold) {
        int last = cold ? earlier.length - 1 : earlier.length;
        for (int i = 0; i < last; i++) {
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
        return new GateCommand(
                transition + 1, Stage.PROPOSED, nextCutover, committedCutovers(), 0, window, false);
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
        return carryPositions(
                new GateCommand(transition, target, cutover, earlier, revision, window, cold));
    }

    /**
     * This command with another keep window: same number and stage, the next revision (so gates
     * apply it).
     *
     * @param value the window, {@link KeepWindow#CLOSED} to close it
     * @return the new command
     */
    public GateCommand withWindow(KeepWindow value) {
        return carryPositions(
                new GateCommand(transition, stage, cutover, earlier, revision + 1, value, cold));
    }

    /**
     * A cold hand-back: the next transition, committed at once, that gives {@code keeper} the event
     * time from {@code frontier} on that the other colour owns under this command's committed
     * cutovers (what it owns below stays its own). For a dead colour at risk that cannot arm: the
     * keeper re-emits the records it kept from {@code frontier} on. The window is closed.
     *
     * @param keeper the colour that takes the output back
     * @param frontier event time, epoch ms: what the other colour committed ends here
     * @return the COMMITTED, cold command
     */
    public GateCommand handBack(Color keeper, long frontier) {
        long[] schedule = Cutovers.handedBack(committedCutovers(), keeper, frontier);
        return new GateCommand(
                transition + 1, Stage.COMMITTED, frontier, schedule, 0, KeepWindow.CLOSED, true);
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

    /**
     * The colour that owns event time from {@link #cutover()} on once this is committed (for a cold
     * command: the keeper that took the tail back).
     */
    public Color target() {
        if (cold) {
            return Cutovers.tailOwner(earlier);
        }
        return earlier.length % 2 == 0 ? Color.GREEN : Color.BLUE;
    }

    /**
     * The colour that owns {@code eventTime} under this command's committed cutovers.
     *
     * @param eventTime event time, epoch ms
     * @return blue before the first committed cutover, then alternating
     */
    public Color ownerAt(long eventTime) {
        return Cutovers.owner(committedCutovers(), eventTime);
    }

    /** Revision under this number and stage: raised by every update of the keep window. */
    public long revision() {
        return revision;
    }

    /** The keep window, {@link KeepWindow#CLOSED} for none. */
    public KeepWindow window() {
        return window;
    }

    /** Whether this is a cold hand-back ({@link #handBack}). */
    public boolean isCold() {
        return cold;
    }

    /**
     * Every cutover in force under this command: the earlier ones, plus this one if committed (a
     * cold command carries its whole schedule in {@link #earlierCutovers()}).
     */
    public long[] committedCutovers() {
        if (cold) {
            return earlier.clone();
        }
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
        if (transition != other.transition) {
            return false;
        }
        if (stage.isFinal() != other.stage.isFinal()) {
            return stage.isFinal();
        }
        return stage == other.stage && revision > other.revision;
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
        if (revision != 0) {
            text.append(";revision=").append(revision);
        }
        text.append(window.toText());
        if (cold) {
            text.append(";cold=true");
        }
        if (positions != null) {
            text.append(positions.toText());
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
        GateCommand command =
                new GateCommand(
                        transition,
                        stage,
                        cutover,
                        values,
                        fields.longValue("revision", 0),
                        KeepWindow.parse(fields),
                        fields.booleanValue("cold", false));
        PositionCut cut = PositionCut.parseOrNull(fields);
        return cut == null ? command : command.withPositions(cut);
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
                && Arrays.equals(earlier, that.earlier)
                && revision == that.revision
                && window.equals(that.window)
                && cold == that.cold
                && Objects.equals(positions, that.positions);
    }

    @Override
    public int hashCode() {
        return Objects.hash(transition, stage, cutover, revision, window, cold, positions) * 31
                + Arrays.hashCode(earlier);
    }

    @Override
    public String toString() {
        return toText();
    }
}
