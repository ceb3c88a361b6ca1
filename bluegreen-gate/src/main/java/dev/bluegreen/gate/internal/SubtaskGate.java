package dev.bluegreen.gate.internal;

import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.gate.rule.KeepWindow;
import dev.bluegreen.gate.rule.Stage;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Decision state of one gate subtask: which records of one colour pass, drop or wait, given the
 * controller's newest command. Pure: no clock, no I/O; processing time comes in as {@code now}.
 *
 * <p>The rule (see docs/gate.md):
 *
 * <ul>
 *   <li>Ownership of event time follows the committed cutovers: blue before the first, then
 *       alternating. Before any cutover blue passes everything and green nothing.
 *   <li>A record is PASSed when its colour owns its event time, else DROPped, except that while the
 *       subtask is <em>armed</em> for a PROPOSED cutover T, records at or after T are HELD until
 *       the proposal is committed (then decided with T in force) or withdrawn/superseded (then
 *       decided without it).
 *   <li>On receipt of a proposal or of a committed cutover C the subtask checks that it has not
 *       already decided a record at or after C (blue passed one, or green dropped one). If it has,
 *       it reports a conflict for that transition; for a proposal it stays unarmed (the safe
 *       behaviour: nothing changes), and the controller must pick a later cutover under a new
 *       number.
 *   <li>Commands that are not newer than the last applied one are ignored (fencing).
 *   <li>During a keep window ({@link WindowRole}) the keeper keeps what it drops, and the colour at
 *       risk holds the records it owns from its release bound on; the bound moves only at
 *       checkpoint barriers ({@link #barrier}). A hand-back that gives the keeper records it kept
 *       re-emits them.
 * </ul>
 *
 * <p>Not thread-safe: one instance per subtask, used from the task thread only.
 *
 * @param <T> the type of held items
 */
public final class SubtaskGate<T> {
    private final Color color;
    private final int subtask;
    private final int parallelism;
    private final GateSettings settings;
    private final List<Held<T>> held = new ArrayList<>();

    private GateCommand applied;
    private long[] schedule = new long[0];
    private long tailStart = Long.MIN_VALUE;
    private boolean tailIsMine;
    private boolean armed;
    private long holdFrom = Long.MAX_VALUE;
    private long conflict;
    private long maxTimestampFloor = Long.MIN_VALUE;
    private long maxDecided = Long.MIN_VALUE;
    private long watermark = Long.MIN_VALUE;
    private long passed;
    private long dropped;
    private long heldTotal;
    private long released;
    private long holdAt = Long.MAX_VALUE;
    private long keepFrom = Long.MAX_VALUE;
    private long now;
    private final IdleClock idleClock;
    private final WindowRole<T> window;

    /**
     * A gate with no command applied yet.
     *
     * @param color this job's colour
     * @param subtask this subtask's index, for reports
     * @param parallelism the number of gate subtasks of this colour, for reports
     * @param settings lateness and idle timeout
     * @param now processing time (epoch ms) at start; the idle timer starts here
     * @throws IllegalArgumentException unless {@code 0 <= subtask < parallelism}
     */
    public SubtaskGate(Color color, int subtask, int parallelism, GateSettings settings, long now) {
        if (subtask < 0 || subtask >= parallelism) {
            throw new IllegalArgumentException(
                    "subtask: expected 0 <= subtask < parallelism ("
                            + parallelism
                            + "), got "
                            + subtask);
        }
        this.color = Objects.requireNonNull(color, "color");
        this.subtask = subtask;
        this.parallelism = parallelism;
        this.settings = Objects.requireNonNull(settings, "settings");
        this.tailIsMine = color == Color.BLUE;
        this.idleClock = new IdleClock(settings.idleTimeoutMs(), now);
        this.window = new WindowRole<>(color, settings);
        this.now = now;
    }

    /**
     * Decides one record.
     *
     * @param eventTime the record's event time, epoch ms
     * @param item the record; kept when the verdict is HOLD
     * @return PASS, DROP or HOLD
     */
    public Verdict offer(long eventTime, T item) {
        // Hot path: no clock, no activity flag; activity and the largest time seen are derived
        // from the counters and maxDecided at report time.
        if (eventTime >= holdAt && mustHold(eventTime)) {
            held.add(new Held<>(eventTime, item));
            heldTotal++;
            return Verdict.HOLD;
        }
        return decide(eventTime, item);
    }

    /**
     * For {@code eventTime >= holdAt}: armed for it, or owned and at or after the release bound.
     */
    private boolean mustHold(long eventTime) {
        return eventTime >= holdFrom || owns(eventTime);
    }

    /**
     * Whether {@link #offer} would hold a record with this event time (lets a caller copy only the
     * records it must keep).
     *
     * @param eventTime the record's event time, epoch ms
     * @return true if the record would be held
     */
    public boolean wouldHold(long eventTime) {
        return eventTime >= holdAt && mustHold(eventTime);
    }

    /**
     * Whether {@link #offer} would keep a record with this event time beyond the call (hold it, or
     * drop it into the keep window), so that a caller reusing objects copies only those.
     *
     * @param eventTime the record's event time, epoch ms
     * @return true if the record would be held or kept
     */
    public boolean wouldRetain(long eventTime) {
        return wouldHold(eventTime) || eventTime >= keepFrom && !owns(eventTime);
    }

    private Verdict decide(long eventTime, T item) {
        if (eventTime > maxDecided) {
            maxDecided = eventTime;
        }
        if (owns(eventTime)) {
            passed++;
            return Verdict.PASS;
        }
        dropped++;
        if (eventTime >= keepFrom) {
            window.keep(eventTime, item);
        }
        return Verdict.DROP;
    }

    private boolean owns(long eventTime) {
        if (eventTime >= tailStart) {
            return tailIsMine;
        }
        int before = 0;
        while (before < schedule.length && schedule[before] <= eventTime) {
            before++;
        }
        return (before % 2 == 0) == (color == Color.BLUE);
    }

    /**
     * Records a watermark from upstream.
     *
     * @param inputWatermark the watermark, epoch ms of event time; older ones are ignored
     */
    public void advanceWatermark(long inputWatermark) {
        if (inputWatermark > watermark) {
            watermark = inputWatermark;
            idleClock.watermarkAdvanced();
        }
    }

    /**
     * Applies a controller command, unless it is not newer than the last one applied.
     *
     * @param command the newest command from the channel
     * @return the held records that are now PASSed, in arrival order (those DROPped are counted)
     */
    public List<Held<T>> apply(GateCommand command) {
        if (!command.isNewerThan(applied)) {
            return Collections.emptyList();
        }
        long[] target = command.committedCutovers();
        boolean takingBack = command.isCold() && command.target() == color;
        if (!takingBack && maxDecided >= Cutovers.firstDifference(schedule, target)) {
            // Records at or after the changed cutover were already decided the other way.
            conflict = command.transition();
        }
        boolean changed = !Arrays.equals(schedule, target);
        adoptSchedule(target);
        applied = command;
        arm(command);
        // a hand-back gives this colour records it kept: they pass now
        List<Held<T>> out = new ArrayList<>();
        if (changed) {
            out.addAll(window.takeOwned(this::owns, takingBack));
            passed += out.size();
        }
        window.adopt(command.window(), now);
        updateThresholds();
        out.addAll(redecideHeld());
        return out;
    }

    private void updateThresholds() {
        holdAt = Math.min(holdFrom, window.releaseFrom());
        keepFrom = window.keepFrom();
    }

    /**
     * A checkpoint barrier, before it goes downstream: at risk in a keep window, the bound of the
     * newest known entry at or before it comes into force and the held records below it pass now,
     * so they are part of this checkpoint's output.
     *
     * @param checkpointId the checkpoint id
     * @return the held records that pass now, in arrival order
     */
    public List<Held<T>> barrier(long checkpointId) {
        if (!window.barrier(checkpointId, watermark)) {
            return Collections.emptyList();
        }
        updateThresholds();
        return redecideHeld();
    }

    /**
     * The checkpoint completed (reported, so the controller knows what this subtask's sink has
     * committed).
     *
     * @param checkpointId the checkpoint id
     */
    public void checkpointCompleted(long checkpointId) {
        window.completed(checkpointId);
    }

    /**
     * The serialized size of the kept records (measured by the caller at a snapshot), checked
     * against the byte bound of the keep window.
     *
     * @param keptBytes bytes
     */
    public void keptBytes(long keptBytes) {
        window.measured(keptBytes);
    }

    /**
     * Arms a proposal (holds records from its cutover) unless records at or after its cutover were
     * already decided, which is a conflict; any other command disarms.
     */
    private void arm(GateCommand command) {
        armed = command.stage() == Stage.PROPOSED && maxDecided < command.cutover();
        if (command.stage() == Stage.PROPOSED && !armed) {
            conflict = command.transition();
        }
        holdFrom = armed ? command.cutover() : Long.MAX_VALUE;
        updateThresholds();
    }

    /**
     * Decides every held record without waiting for the pending proposal (used when the input ends:
     * nothing can be held past the end of the job).
     *
     * @return the held records that are PASSed under the committed cutovers
     */
    public List<Held<T>> releaseAll() {
        holdFrom = Long.MAX_VALUE;
        armed = false;
        window.end();
        updateThresholds();
        return redecideHeld();
    }

    private List<Held<T>> redecideHeld() {
        if (held.isEmpty()) {
            return Collections.emptyList();
        }
        List<Held<T>> due = new ArrayList<>();
        List<Held<T>> stillHeld = new ArrayList<>();
        for (Held<T> record : held) {
            long t = record.eventTime();
            (t >= holdAt && mustHold(t) ? stillHeld : due).add(record);
        }
        held.clear();
        held.addAll(stillHeld);
        return passed(due);
    }

    /** Decides the released records in arrival order; those PASSed. */
    private List<Held<T>> passed(List<Held<T>> due) {
        List<Held<T>> out = new ArrayList<>();
        for (Held<T> record : due) {
            released++;
            if (decide(record.eventTime(), record.item()) == Verdict.PASS) {
                out.add(record);
            }
        }
        return out;
    }

    private void adoptSchedule(long[] target) {
        schedule = target;
        tailStart = target.length == 0 ? Long.MIN_VALUE : target[target.length - 1];
        tailIsMine = (target.length % 2 == 0) == (color == Color.BLUE);
    }

    /**
     * Output watermark: the input watermark, held back below the earliest held or kept record so
     * that held records are not late when they are released, nor kept ones when a hand-back
     * re-emits them.
     *
     * @return the watermark to forward, epoch ms
     */
    public long outputWatermark() {
        long out = watermark;
        for (Held<T> record : held) {
            out = Math.min(out, record.eventTime() - 1);
        }
        long kept = window.keptMin();
        return kept == Long.MAX_VALUE ? out : Math.min(out, kept - 1);
    }

    /**
     * Marks a report tick: the idle clock restarts if a record or a watermark advance came since
     * the previous tick. Call this once per report interval, before {@link #report}.
     *
     * @param now processing time, epoch ms
     */
    public void tick(long now) {
        this.now = now;
        idleClock.tick(received(), now);
        window.tick(now);
    }

    /** Records offered so far (held ones counted once, when they arrived). */
    private long received() {
        return passed + dropped - released + heldTotal;
    }

    /** Largest event time seen: decided, held now, or restored. */
    private long maxTimestamp() {
        long max = Math.max(maxDecided, maxTimestampFloor);
        for (Held<T> record : held) {
            max = Math.max(max, record.eventTime());
        }
        return max;
    }

    /**
     * Whether no record and no watermark advance arrived for the idle timeout. Activity is sampled
     * at {@link #tick}, so idleness is detected up to one report interval late.
     *
     * @param now processing time, epoch ms
     * @return true if idle
     */
    public boolean isIdle(long now) {
        return idleClock.isIdle(received(), now);
    }

    /**
     * Whether this subtask will pass no more records, so its job may be torn down once every
     * subtask of its colour is drained. True when a cutover has moved the tail away from this
     * colour, nothing is held or armed, and either the watermark has reached the last cutover plus
     * the allowed lateness, or the subtask is idle (an idle subtask has nothing in flight; a record
     * that reaches it later with an event time before the cutover is the accepted risk, see
     * docs/gate.md).
     *
     * @param now processing time, epoch ms
     * @return true if drained
     */
    public boolean isDrained(long now) {
        if (schedule.length == 0 || tailIsMine || armed || !held.isEmpty()) {
            return false;
        }
        long drainedAt = Cutovers.plusSaturated(tailStart, settings.allowedLatenessMs());
        return watermark >= drainedAt || isIdle(now);
    }

    /**
     * The report for the controller.
     *
     * @param now processing time, epoch ms
     * @return the report
     */
    public GateReport report(long now) {
        long transition = applied == null ? 0 : applied.transition();
        Stage stage = applied == null ? null : applied.stage();
        boolean holds = armed || stage == Stage.COMMITTED;
        return GateReport.builder(color, subtask, parallelism)
                .transition(transition, stage, holds)
                .times(tailStart, watermark, maxTimestamp())
                .counts(held.size(), passed, dropped)
                .status(isDrained(now), conflict, isIdle(now), now)
                .checkpoints(window.checkpoints())
                .keeping(window.keepProgress())
                .build();
    }

    /** The restorable part of this gate's state (held and kept records excluded). */
    public GateMemory memory() {
        return new GateMemory(
                applied,
                armed,
                conflict,
                maxTimestamp(),
                maxDecided,
                window.bound(),
                window.keepState(),
                window.barrierWatermark());
    }

    /**
     * Restores state saved by {@link #memory()} and the held records, e.g. after a failover. Call
     * before any other method.
     *
     * @param memory the saved memory
     * @param heldRecords the held records saved with it
     * @return held records that are PASSed right away because the restored state is not armed
     */
    public List<Held<T>> restore(GateMemory memory, List<Held<T>> heldRecords) {
        return restore(Restored.of(memory, heldRecords), null);
    }

    /**
     * Restores state saved with a checkpoint (memory, held records and, for a keep window, the kept
     * records and unkept times), then applies the channel's newest command, if any, before it
     * decides what it holds: a held record is decided under the newest schedule both colours agree
     * on, not under an older one that the merged memory of a restarted job may carry. Call before
     * any other method.
     *
     * @param saved what was saved
     * @param fresh the channel's newest command read at the restart, or {@code null} for none
     * @return held and kept records that are PASSed right away because the restored state does not
     *     hold them, or gives them to this colour
     */
    public List<Held<T>> restore(Restored<T> saved, GateCommand fresh) {
        GateMemory memory = saved.memory();
        applied = memory.command().orElse(null);
        adoptSchedule(applied == null ? new long[0] : applied.committedCutovers());
        conflict = memory.conflict();
        maxTimestampFloor = memory.maxTimestamp();
        maxDecided = memory.maxDecided();
        armed = memory.armed() && applied != null && maxDecided < applied.cutover();
        // until the fresh command is applied, nothing restored is decided
        holdFrom = Long.MIN_VALUE;
        window.restore(applied == null ? KeepWindow.CLOSED : applied.window(), memory, saved);
        held.clear();
        held.addAll(saved.held());
        if (fresh != null && fresh.isNewerThan(applied)) {
            List<Held<T>> out = new ArrayList<>(apply(fresh));
            out.addAll(settleRestored());
            return out;
        }
        holdFrom = armed ? applied.cutover() : Long.MAX_VALUE;
        return settleRestored();
    }

    /**
     * The restored records that pass once the newest schedule is known: kept ones it gives this
     * colour (a hand-back other subtasks applied before the checkpoint, which the merged memory
     * will not apply again), and held ones it no longer holds.
     */
    private List<Held<T>> settleRestored() {
        updateThresholds();
        List<Held<T>> out = new ArrayList<>(window.takeOwned(this::owns, false));
        passed += out.size();
        out.addAll(redecideHeld());
        return out;
    }

    /** The kept records of a keeper, in arrival order (a copy, for snapshots). */
    public List<Held<T>> keptRecords() {
        return window.kept();
    }

    /** The remembered event times of a keeper's unkept records (a copy, for snapshots). */
    public List<Long> unkeptTimes() {
        return window.unkeptTimes();
    }

    /** The held records, in arrival order (a copy, for snapshots). */
    public List<Held<T>> heldRecords() {
        return new ArrayList<>(held);
    }

    /** This gate's colour. */
    public Color color() {
        return color;
    }
}
