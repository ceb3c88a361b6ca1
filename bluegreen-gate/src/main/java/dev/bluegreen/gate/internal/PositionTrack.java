package dev.bluegreen.gate.internal;

import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.PartitionOffsets;
import dev.bluegreen.gate.rule.PositionCut;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * One topic's per-partition state of a {@link PositionGate}, in arrays indexed by partition so that
 * a decision reads no map: the next offset to decide, the offset an armed gate holds from, and the
 * committed steps (the last one split out as the tail). Not thread-safe.
 */
final class PositionTrack {
    private static final long[] NO_OFFSETS = new long[0];
    private static final boolean[] NO_OWNERS = new boolean[0];

    private final String topic;
    private final boolean blue;
    long[] next = NO_OFFSETS;
    long[] holdFrom = NO_OFFSETS;
    private long[] tailStart = NO_OFFSETS;
    private boolean[] tailMine = NO_OWNERS;
    private long[][] stepOffsets = new long[0][];
    private boolean[][] stepMine = new boolean[0][];

    PositionTrack(String topic, boolean blue) {
        this.topic = topic;
        this.blue = blue;
    }

    int size() {
        return next.length;
    }

    /** Makes room for {@code size} partitions, filling the new ones from the gate's schedule. */
    void grow(int size, PositionGate gate) {
        int old = next.length;
        next = Arrays.copyOf(next, size);
        holdFrom = Arrays.copyOf(holdFrom, size);
        tailStart = Arrays.copyOf(tailStart, size);
        tailMine = Arrays.copyOf(tailMine, size);
        stepOffsets = Arrays.copyOf(stepOffsets, size);
        stepMine = Arrays.copyOf(stepMine, size);
        for (int p = old; p < size; p++) {
            next[p] = -1;
            fill(p, gate);
        }
    }

    /** Refills every partition's schedule after a command. */
    void fill(PositionGate gate) {
        for (int p = 0; p < next.length; p++) {
            fill(p, gate);
        }
    }

    private void fill(int p, PositionGate gate) {
        String key = PartitionOffsets.key(topic, p);
        List<PositionCut.Step> steps = gate.stepsOf(key);
        long[] offsets = new long[steps.size()];
        boolean[] mine = new boolean[steps.size()];
        for (int i = 0; i < offsets.length; i++) {
            offsets[i] = steps.get(i).offset();
            mine[i] = steps.get(i).owner() == gate.color();
        }
        stepOffsets[p] = offsets;
        stepMine[p] = mine;
        tailStart[p] = offsets.length == 0 ? Long.MIN_VALUE : offsets[offsets.length - 1];
        tailMine[p] = offsets.length == 0 ? blue : mine[mine.length - 1];
        holdFrom[p] = gate.holdFromOf(key);
    }

    boolean owns(int p, long offset) {
        if (offset >= tailStart[p]) {
            return tailMine[p];
        }
        long[] offsets = stepOffsets[p];
        for (int i = offsets.length - 2; i >= 0; i--) {
            if (offsets[i] <= offset) {
                return stepMine[p][i];
            }
        }
        return blue;
    }

    /** Whether a decided offset of some partition changes owner under {@code target}. */
    boolean changesDecided(Map<String, List<PositionCut.Step>> target, PositionGate gate) {
        for (int p = 0; p < next.length; p++) {
            List<PositionCut.Step> steps =
                    target.getOrDefault(PartitionOffsets.key(topic, p), Collections.emptyList());
            if (next[p] > firstDifference(p, steps, gate.color())) {
                return true;
            }
        }
        return false;
    }

    /** The first offset whose owner differs between the steps in force and {@code steps}. */
    private long firstDifference(int p, List<PositionCut.Step> steps, Color color) {
        TreeSet<Long> candidates = new TreeSet<>();
        for (long offset : stepOffsets[p]) {
            candidates.add(offset);
        }
        for (PositionCut.Step step : steps) {
            candidates.add(step.offset());
        }
        for (long offset : candidates) {
            if (owns(p, offset) != ownerIn(steps, offset, color)) {
                return offset;
            }
        }
        return Long.MAX_VALUE;
    }

    private boolean ownerIn(List<PositionCut.Step> steps, long offset, Color color) {
        boolean mine = blue;
        for (PositionCut.Step step : steps) {
            if (step.offset() <= offset) {
                mine = step.owner() == color;
            }
        }
        return mine;
    }

    void positionsInto(Map<String, Long> all) {
        for (int p = 0; p < next.length; p++) {
            if (next[p] >= 0) {
                all.put(PartitionOffsets.key(topic, p), next[p]);
            }
        }
    }
}
