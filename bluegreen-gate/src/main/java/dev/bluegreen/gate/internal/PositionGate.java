package dev.bluegreen.gate.internal;

import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.CutKind;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.gate.rule.PartitionOffsets;
import dev.bluegreen.gate.rule.PartitionPositions;
import dev.bluegreen.gate.rule.PositionCut;
import dev.bluegreen.gate.rule.Stage;

import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Decision state of one source-position gate subtask (docs/gate.md, "The cut by source position"):
 * which records of one colour pass, drop or wait, by their partition and offset. Pure: no clock, no
 * I/O.
 *
 * <p>The rule, per partition {@code p} and never per subtask:
 *
 * <ul>
 *   <li>A record is PASSed when its colour owns its offset under the committed steps of the applied
 *       command's {@link PositionCut} (blue below a partition's first step, then the owner each
 *       step names), else DROPped. Before any cut blue passes everything and green nothing; a
 *       partition no cut names is blue's.
 *   <li>While the subtask is <em>armed</em> for a PROPOSED cut, a record of a named partition at or
 *       after its {@code O_p} is HELD: the caller waits (a source cannot keep it) and offers it
 *       again after a newer command, which decides it with the cut in force (COMMITTED) or without
 *       it (ABORTED).
 *   <li>On a proposal or a commit the subtask checks that it has decided no record whose owner the
 *       command changes (its position on the partition is past the first changed offset). If it
 *       has, it reports a conflict for that transition and does not arm: the controller must abort
 *       and cut later under a new number.
 *   <li>Commands that are not newer than the last one applied are ignored (fencing); commands
 *       without a position cut leave the schedule as it is.
 * </ul>
 *
 * <p>Not thread-safe: one instance per subtask.
 */
public final class PositionGate {
    private final Color color;
    private final int subtask;
    private final int parallelism;
    private final Map<String, PositionTrack> tracks = new HashMap<>();
    private final TreeMap<Long, PartitionOffsets> pendingCheckpoints = new TreeMap<>();
    private String lastTopic;
    private PositionTrack lastTrack;
    private GateCommand applied;
    private PositionCut cut;
    private Map<String, List<PositionCut.Step>> inForce = Collections.emptyMap();
    private boolean armed;
    private long conflict;
    private long passed;
    private long dropped;
    private PartitionOffsets checkpointed = PartitionOffsets.NONE;

    /**
     * A gate with no command applied yet.
     *
     * @param color this job's colour
     * @param subtask this subtask's index, for reports
     * @param parallelism the number of source subtasks of this colour, for reports
     */
    public PositionGate(Color color, int subtask, int parallelism) {
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
    }

    /**
     * Decides one record.
     *
     * @param topic the record's topic
     * @param partition the record's partition, at least 0
     * @param offset the record's offset
     * @return PASS, DROP or HOLD (offer it again after the next command)
     */
    public Verdict offer(String topic, int partition, long offset) {
        PositionTrack track = topic == lastTopic ? lastTrack : track(topic);
        if (partition >= track.size()) {
            track.grow(partition + 1, this);
        }
        if (offset >= track.holdFrom[partition]) {
            return Verdict.HOLD;
        }
        if (offset >= track.next[partition]) {
            track.next[partition] = offset + 1;
        }
        if (track.owns(partition, offset)) {
            passed++;
            return Verdict.PASS;
        }
        dropped++;
        return Verdict.DROP;
    }

    private PositionTrack track(String topic) {
        PositionTrack track = tracks.get(topic);
        if (track == null) {
            track = new PositionTrack(topic, color == Color.BLUE);
            tracks.put(topic, track);
        }
        lastTopic = topic;
        lastTrack = track;
        return track;
    }

    /**
     * Applies a controller command, unless it is not newer than the last one applied.
     *
     * @param command the newest command from the channel
     * @return true if the command was applied
     */
    public boolean apply(GateCommand command) {
        if (!command.isNewerThan(applied)) {
            return false;
        }
        applied = command;
        if (command.positions().isPresent()) {
            PositionCut next = command.positions().get();
            boolean proposed = command.stage() == Stage.PROPOSED;
            boolean committed = command.stage() == Stage.COMMITTED;
            boolean conflicted = changesDecided(next.schedule(proposed || committed), command);
            armed = proposed && !conflicted;
            cut = next;
            inForce = next.schedule(committed);
        } else {
            armed = false;
        }
        for (PositionTrack track : tracks.values()) {
            track.fill(this);
        }
        return true;
    }

    /** Whether a decided record changes owner under {@code target}; records the conflict. */
    private boolean changesDecided(Map<String, List<PositionCut.Step>> target, GateCommand n) {
        for (PositionTrack track : tracks.values()) {
            if (track.changesDecided(target, this)) {
                conflict = Math.max(conflict, n.transition());
                return true;
            }
        }
        return false;
    }

    /** The steps in force for a partition (for {@link PositionTrack}). */
    List<PositionCut.Step> stepsOf(String key) {
        return inForce.getOrDefault(key, Collections.emptyList());
    }

    /** The offset from which an armed gate holds a partition's records, MAX_VALUE for none. */
    long holdFromOf(String key) {
        return armed ? cut.offsets().get(key, Long.MAX_VALUE) : Long.MAX_VALUE;
    }

    Color color() {
        return color;
    }

    /** Whether the subtask is armed for the applied PROPOSED cut. */
    public boolean isArmed() {
        return armed;
    }

    /**
     * Notes the positions a checkpoint takes (for a caller that sees its checkpoints).
     *
     * @param checkpointId the checkpoint's id
     */
    public void checkpoint(long checkpointId) {
        pendingCheckpoints.put(checkpointId, current());
    }

    /**
     * Makes the positions of a completed checkpoint the {@link PartitionPositions#checkpointed}
     * ones.
     *
     * @param checkpointId the completed checkpoint's id
     */
    public void checkpointCompleted(long checkpointId) {
        PartitionOffsets taken = pendingCheckpoints.get(checkpointId);
        if (taken != null) {
            checkpointed = taken;
        }
        pendingCheckpoints.headMap(checkpointId, true).clear();
    }

    /** The next offset to decide, per partition decided so far. */
    public PartitionOffsets current() {
        Map<String, Long> all = new TreeMap<>();
        for (PositionTrack track : tracks.values()) {
            track.positionsInto(all);
        }
        return PartitionOffsets.of(all);
    }

    /**
     * This subtask's report.
     *
     * @param now processing time of the report, epoch ms
     * @return the report, with transition, armed (or in force), counts, conflict and positions
     */
    public GateReport report(long now) {
        GateReport.Builder b = GateReport.builder(color, subtask, parallelism);
        if (applied != null) {
            boolean holds =
                    applied.stage() == Stage.PROPOSED ? armed : conflict < applied.transition();
            b.transition(applied.transition(), applied.stage(), holds);
        }
        return b.counts(0, passed, dropped)
                .status(false, conflict, false, now)
                .positions(PartitionPositions.of(current(), checkpointed))
                .cut(CutKind.SOURCE_POSITION)
                .build();
    }
}
