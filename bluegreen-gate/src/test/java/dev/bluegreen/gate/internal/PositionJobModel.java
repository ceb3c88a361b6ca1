package dev.bluegreen.gate.internal;

import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * One colour's job in {@link PositionHandoverPropertyTest}: Kafka source subtasks with a {@link
 * PositionGate} each, reading their partitions in offset order, and an exactly-once sink whose
 * output commits at completed checkpoints. A checkpoint takes every partition's source position
 * (the offsets the Kafka source commits to the consumer group); a restart restores them, aborts the
 * output since, and may rescale (a new parallelism and a new assignment of partitions to subtasks).
 * A subtask whose gate HOLDs a record blocks on it, as the wrapper's task thread does.
 */
final class PositionJobModel {
    static final String TOPIC = "orders";

    final Color color;
    final Random rng;
    final Map<Integer, Long> position = new HashMap<>();
    Map<Integer, Long> checkpointed = new HashMap<>();
    final List<long[]> pending = new ArrayList<>();
    Subtask[] subtasks;
    int shift;
    boolean retired;
    long restarts;

    PositionJobModel(Color color, Random rng, Map<Integer, Long> restoreFrom, int parallelism) {
        this.color = color;
        this.rng = rng;
        this.checkpointed = new HashMap<>(restoreFrom);
        this.position.putAll(restoreFrom);
        start(parallelism, null);
    }

    private void start(int parallelism, GateCommand fresh) {
        subtasks = new Subtask[parallelism];
        shift = rng.nextInt(parallelism);
        for (int s = 0; s < parallelism; s++) {
            subtasks[s] = new Subtask(new PositionGate(color, s, parallelism));
            if (fresh != null) {
                subtasks[s].gate.apply(fresh); // readFresh before the first record
            }
        }
    }

    int parallelism() {
        return subtasks.length;
    }

    long positionOf(int partition) {
        return position.getOrDefault(partition, 0L);
    }

    /** Reads one record on subtask {@code s}: the held one again, else one of its partitions. */
    void step(int s, List<Long> logEnd, List<long[]> committedOut) {
        Subtask subtask = subtasks[s];
        int partition = subtask.heldPartition;
        if (partition < 0) {
            partition = pickReadable(s, logEnd);
            if (partition < 0) {
                return;
            }
        }
        long offset = positionOf(partition);
        Verdict verdict = subtask.gate.offer(TOPIC, partition, offset);
        if (verdict == Verdict.HOLD) {
            subtask.heldPartition = partition;
            return;
        }
        subtask.heldPartition = -1;
        position.put(partition, offset + 1);
        if (verdict == Verdict.PASS) {
            pending.add(new long[] {partition, offset});
        }
    }

    private int pickReadable(int s, List<Long> logEnd) {
        List<Integer> mine = new ArrayList<>();
        for (int p = 0; p < logEnd.size(); p++) {
            if ((p + shift) % subtasks.length == s && positionOf(p) < logEnd.get(p)) {
                mine.add(p);
            }
        }
        return mine.isEmpty() ? -1 : mine.get(rng.nextInt(mine.size()));
    }

    /** A completed checkpoint: source positions taken, the sink's transaction committed. */
    void checkpoint(List<long[]> committedOut, List<Color> committedBy, int partitions) {
        Map<Integer, Long> taken = new HashMap<>();
        for (int p = 0; p < partitions; p++) {
            taken.put(p, positionOf(p));
        }
        checkpointed = taken;
        for (long[] record : pending) {
            committedOut.add(record);
            committedBy.add(color);
        }
        pending.clear();
    }

    /** A restart from the newest completed checkpoint, possibly at another parallelism. */
    void restart(int parallelism, GateCommand fresh) {
        restarts++;
        pending.clear();
        position.clear();
        position.putAll(checkpointed);
        start(parallelism, fresh);
    }

    /** The job is stopped for good: its output since the last checkpoint is aborted. */
    void retire() {
        retired = true;
        pending.clear();
    }

    boolean hasUnread(List<Long> logEnd) {
        for (int p = 0; p < logEnd.size(); p++) {
            if (positionOf(p) < logEnd.get(p)) {
                return true;
            }
        }
        return false;
    }

    GateReport report(int s, long now) {
        return subtasks[s].gate.report(now);
    }

    /** One source subtask. */
    static final class Subtask {
        final PositionGate gate;
        int heldPartition = -1;

        Subtask(PositionGate gate) {
            this.gate = gate;
        }
    }
}
