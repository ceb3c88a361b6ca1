package dev.bluegreen.gate.internal;

import dev.bluegreen.gate.channel.InMemoryGateChannel;
import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;

/**
 * One job of the cold hand-back property test, modelled as Flink runs it: a source reads the shared
 * log in order and routes each record to one gate subtask; checkpoint barriers are injected at the
 * source and reach every subtask behind the records routed before them (aligned, FIFO channels); a
 * checkpoint completes once every subtask has processed its barrier, and then its sink commits what
 * the subtask emitted before the barrier (an exactly-once sink: output after the newest completed
 * barrier is not committed). A restart restores every subtask from the newest completed checkpoint,
 * possibly at another parallelism (union memory, split held and kept records), rewinds the source
 * to the checkpoint's position and discards the uncommitted output. Watermarks are per subtask (its
 * largest event time minus the bound) and are not checkpointed, as in Flink.
 */
final class JobModel {
    /** An element in a subtask's input channel: a record id, or a barrier (negative id). */
    private static final class Element {
        final int record;
        final long barrier;

        Element(int record, long barrier) {
            this.record = record;
            this.barrier = barrier;
        }
    }

    /** What a completed checkpoint holds for one subtask. */
    private static final class SavedSubtask {
        GateMemory memory;
        List<Held<Integer>> held;
        List<Held<Integer>> kept;
        List<Long> unkept;
        long recovered;
        long lost;
        int outputAtBarrier;
    }

    /** A checkpoint in flight or completed. */
    private static final class Checkpoint {
        final long id;
        final int sourcePosition;
        final SavedSubtask[] subtasks;
        int processed;

        Checkpoint(long id, int sourcePosition, int parallelism) {
            this.id = id;
            this.sourcePosition = sourcePosition;
            this.subtasks = new SavedSubtask[parallelism];
        }
    }

    /** One gate subtask with its input channel and its output. */
    final class Subtask {
        final int index;
        final Deque<Element> input = new ArrayDeque<>();
        SubtaskGate<Integer> gate;
        final List<Integer> output = new ArrayList<>();
        long maxSeen = Long.MIN_VALUE;
        int watcher = -1;

        Subtask(int index) {
            this.index = index;
        }
    }

    final Color color;
    private final List<Long> log;
    private final Random rng;
    private final InMemoryGateChannel channel;
    private final List<GateCommand> sent;
    private final GateSettings settings;
    private final long watermarkLag;
    final List<Subtask> subtasks = new ArrayList<>();

    /** Every record this job's sinks committed, by record id, over all restarts. */
    final List<Integer> committed = new ArrayList<>();

    /** The newest report per subtask of the current attempt (a JobManager serves only those). */
    private final Map<Integer, GateReport> current = new TreeMap<>();

    private int sourcePosition;
    private long nextCheckpointId;
    private Checkpoint inFlight;
    private Checkpoint completed;
    private boolean idleSubtask;
    boolean dead;

    /** Died for good (rather than finished or retired). */
    boolean died;

    int restarts;
    long now;

    JobModel(
            Color color,
            List<Long> log,
            Random rng,
            InMemoryGateChannel channel,
            List<GateCommand> sent,
            GateSettings settings,
            long watermarkLag) {
        this.color = color;
        this.log = log;
        this.rng = rng;
        this.channel = channel;
        this.sent = sent;
        this.settings = settings;
        this.watermarkLag = watermarkLag;
    }

    /** Starts {@code parallelism} subtasks reading from {@code position}, restored from memory. */
    void start(int parallelism, int position, GateMemory memory, long firstCheckpointId) {
        sourcePosition = position;
        nextCheckpointId = firstCheckpointId;
        idleSubtask = parallelism > 1 && rng.nextInt(3) == 0;
        for (int i = 0; i < parallelism; i++) {
            Subtask s = new Subtask(i);
            s.gate = new SubtaskGate<>(color, i, parallelism, settings, now);
            s.gate.restore(memory, List.of());
            subtasks.add(s);
        }
        freshRead();
    }

    int parallelism() {
        return subtasks.size();
    }

    boolean sourcePositionBelow(int position) {
        return sourcePosition < position;
    }

    boolean anyInput() {
        return subtasks.stream().anyMatch(s -> !s.input.isEmpty());
    }

    /**
     * Whether every subtask that the source routes records to has a watermark at or after {@code
     * eventTime} (in the model a subtask is idle only because the scheduler did not pick it; a real
     * idle input has nothing to deliver, which the model's routing gives only the one subtask that
     * gets nothing).
     */
    boolean watermarkPassed(long eventTime) {
        int routes = idleSubtask ? parallelism() - 1 : parallelism();
        for (int i = 0; i < routes; i++) {
            if (subtasks.get(i).gate.report(now).watermark() < eventTime) {
                return false;
            }
        }
        return true;
    }

    /** Whether every live subtask applied {@code command} and has nothing left in its channel. */
    boolean caughtUp(GateCommand command) {
        if (dead) {
            return true;
        }
        for (Subtask s : subtasks) {
            if (!s.input.isEmpty() || !s.gate.memory().command().equals(Optional.of(command))) {
                return false;
            }
        }
        return !inputLeft();
    }

    /** The input has ended: the final watermark, as a bounded source emits it. */
    void endOfInput() {
        if (dead || !sourceDone()) {
            return;
        }
        for (Subtask s : subtasks) {
            if (s.input.stream().allMatch(e -> e.barrier >= 0)) {
                s.gate.advanceWatermark(Long.MAX_VALUE);
            }
        }
    }

    boolean sourceDone() {
        return sourcePosition >= log.size();
    }

    boolean inputLeft() {
        return !dead && (!sourceDone() || subtasks.stream().anyMatch(s -> !s.input.isEmpty()));
    }

    /** The source reads one record and routes it, or injects a barrier. */
    void sourceStep() {
        if (dead) {
            return;
        }
        if (inFlight == null && rng.nextInt(12) == 0) {
            injectBarrier();
            return;
        }
        if (sourceDone()) {
            return;
        }
        int id = sourcePosition++;
        int routes = idleSubtask ? parallelism() - 1 : parallelism();
        subtasks.get(rng.nextInt(routes)).input.add(new Element(id, -1));
    }

    private void injectBarrier() {
        long id = ++nextCheckpointId;
        inFlight = new Checkpoint(id, sourcePosition, parallelism());
        for (Subtask s : subtasks) {
            s.input.add(new Element(-1, id));
        }
    }

    /** One subtask processes the next element of its channel. */
    void process(Subtask s) {
        if (dead || s.input.isEmpty()) {
            return;
        }
        Element e = s.input.poll();
        if (e.barrier >= 0) {
            barrier(s, e.barrier);
            return;
        }
        long t = log.get(e.record);
        if (s.gate.offer(t, e.record) == Verdict.PASS) {
            s.output.add(e.record);
        }
        s.maxSeen = Math.max(s.maxSeen, t);
        s.gate.advanceWatermark(s.maxSeen - watermarkLag);
    }

    private void barrier(Subtask s, long id) {
        emit(s, s.gate.barrier(id));
        SavedSubtask saved = new SavedSubtask();
        saved.memory = s.gate.memory();
        saved.held = s.gate.heldRecords();
        saved.kept = s.gate.keptRecords();
        saved.unkept = s.gate.unkeptTimes();
        saved.recovered = s.gate.report(now).keeping().recovered();
        saved.lost = s.gate.report(now).keeping().lost();
        saved.outputAtBarrier = s.output.size();
        inFlight.subtasks[s.index] = saved;
        if (++inFlight.processed == parallelism()) {
            complete();
        }
    }

    /** Every subtask processed the barrier: the checkpoint completes and every sink commits. */
    private void complete() {
        completed = inFlight;
        inFlight = null;
        for (Subtask s : subtasks) {
            int upTo = completed.subtasks[s.index].outputAtBarrier;
            committed.addAll(s.output.subList(0, upTo));
            s.output.subList(0, upTo).clear();
            s.gate.checkpointCompleted(completed.id);
        }
        for (SavedSubtask saved : completed.subtasks) {
            saved.outputAtBarrier = 0; // already committed
        }
    }

    /** A report tick: a possibly lagging read of the channel, then a report. */
    void tick(Subtask s) {
        if (dead) {
            return;
        }
        if (!sent.isEmpty()) {
            int newest = sent.size() - 1;
            int from = Math.max(s.watcher, 0);
            s.watcher = rng.nextInt(3) == 0 ? from + rng.nextInt(newest - from + 1) : newest;
            GateCommand delivered =
                    rng.nextInt(10) == 0
                            ? sent.get(rng.nextInt(s.watcher + 1))
                            : sent.get(s.watcher);
            if (s.gate.memory()
                    .command()
                    .map(c -> !c.equals(delivered) && delivered.isNewerThan(c))
                    .orElse(true)) {}
            emit(s, s.gate.apply(delivered));
        }
        s.gate.tick(now);
        GateReport report = s.gate.report(now);
        channel.report(report);
        current.put(s.index, report);
    }

    private void emit(Subtask s, List<Held<Integer>> released) {
        for (Held<Integer> record : released) {
            s.output.add(record.item());
        }
    }

    /** The id of the newest completed checkpoint (0 for none). */
    long latestCompleted() {
        return completed == null ? 0 : completed.id;
    }

    /**
     * A global failover: every subtask restores from the newest completed checkpoint at a new
     * parallelism; output since then is discarded; the source rewinds.
     */
    void restart(int parallelism) {
        if (dead || completed == null) {
            return;
        }
        restarts++;
        List<GateMemory> memories = new ArrayList<>();
        List<List<Held<Integer>>> held = split(parallelism);
        List<List<Held<Integer>>> kept = split(parallelism);
        List<List<Long>> unkept = split(parallelism);
        long[] recovered = new long[parallelism];
        long[] lost = new long[parallelism];
        for (SavedSubtask saved : completed.subtasks) {
            memories.add(saved.memory);
            int to = rng.nextInt(parallelism);
            held.get(to).addAll(saved.held);
            kept.get(rng.nextInt(parallelism)).addAll(saved.kept);
            unkept.get(rng.nextInt(parallelism)).addAll(saved.unkept);
            int counts = rng.nextInt(parallelism);
            recovered[counts] += saved.recovered;
            lost[counts] += saved.lost;
        }
        GateMemory merged = GateMemory.merge(memories);
        subtasks.clear();
        current.clear();
        inFlight = null;
        sourcePosition = completed.sourcePosition;
        idleSubtask = parallelism > 1 && rng.nextInt(3) == 0;
        for (int i = 0; i < parallelism; i++) {
            Subtask s = new Subtask(i);
            s.gate = new SubtaskGate<>(color, i, parallelism, settings, now);
            Restored<Integer> restored =
                    Restored.of(merged, held.get(i))
                            .withKept(kept.get(i), unkept.get(i))
                            .withCounts(recovered[i], lost[i])
                            .fromCheckpoint(completed.id);
            GateCommand fresh = sent.isEmpty() ? null : sent.get(sent.size() - 1);
            s.watcher = sent.size() - 1;
            emit(s, s.gate.restore(restored, fresh));
            subtasks.add(s);
        }
    }

    /** Like the operator's open(): a fresh read of the newest command before any record. */
    private void freshRead() {
        if (sent.isEmpty()) {
            return;
        }
        for (Subtask s : subtasks) {
            s.watcher = sent.size() - 1;
            emit(s, s.gate.apply(sent.get(s.watcher)));
        }
    }

    private static <E> List<List<E>> split(int parallelism) {
        List<List<E>> lists = new ArrayList<>();
        for (int i = 0; i < parallelism; i++) {
            lists.add(new ArrayList<>());
        }
        return lists;
    }

    /** The job dies for good: nothing after its newest completed checkpoint is ever committed. */
    void die() {
        dead = true;
        died = true;
        inFlight = null;
    }

    /**
     * The job ends well (its input is done or it is stopped with a savepoint): every subtask
     * releases what it holds and the sink commits all it emitted.
     */
    void finish() {
        if (dead) {
            return;
        }
        for (Subtask s : subtasks) {
            emit(s, s.gate.releaseAll());
            committed.addAll(s.output);
            s.output.clear();
        }
        dead = true;
    }

    /**
     * The newest reports of this colour's current attempt, as its JobManager serves them (a dead
     * job's last ones stay readable, as a controller remembers them).
     */
    List<GateReport> reports() {
        return new ArrayList<>(current.values());
    }
}
