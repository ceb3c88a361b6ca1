package dev.bluegreen.gate.rule;

import dev.bluegreen.gate.internal.KeyValueText;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A cut by source position (docs/gate.md, "The cut by source position"): for every partition it
 * names, an offset {@code O_p} from which the {@link #target()} colour owns the partition's
 * records; the colour before it keeps the records below. A command carries it ({@link
 * GateCommand#withPositions}) under the command's transition number and stage, with the two phases
 * of an event-time cutover: gates arm the PROPOSED cut, and it is in force once COMMITTED.
 *
 * <p>Like a command, a cut carries the whole schedule, not a delta: the steps committed under lower
 * numbers ({@link #earlier()}), per partition in offset order (a later step at the same offset
 * wins), each naming the colour that owns the partition from its offset on. A partition with no
 * step is blue's, so a partition that no cut names (one that appeared after the proposal) stays
 * with blue until a later cut names it. A hot rollback is a newer cut whose target is blue.
 *
 * <p>Text form (fields of the command's text): {@code
 * ;positionTarget=GREEN;positionCut=orders/0@120,orders/1@80;positionEarlier=orders/0@50:GREEN}.
 * Readers that predate it ignore the fields. Immutable and thread-safe.
 */
public final class PositionCut {
    private final Color target;
    private final PartitionOffsets offsets;
    private final Map<String, List<Step>> earlier;

    private PositionCut(Color target, PartitionOffsets offsets, Map<String, List<Step>> earlier) {
        this.target = Objects.requireNonNull(target, "target");
        this.offsets = Objects.requireNonNull(offsets, "offsets");
        this.earlier = earlier;
        for (Map.Entry<String, Long> cut : offsets.asMap().entrySet()) {
            List<Step> steps = earlier.getOrDefault(cut.getKey(), Collections.emptyList());
            if (!steps.isEmpty() && steps.get(steps.size() - 1).offset > cut.getValue()) {
                throw new IllegalArgumentException(
                        "positionCut: "
                                + cut.getKey()
                                + " must be cut at or after its committed step at "
                                + steps.get(steps.size() - 1).offset
                                + ", got "
                                + cut.getValue());
            }
        }
    }

    /**
     * A first cut: green owns each named partition from its offset on.
     *
     * @param offsets partition key ({@link PartitionOffsets#key}) to {@code O_p}
     * @return the cut
     */
    public static PositionCut first(Map<String, Long> offsets) {
        return new PositionCut(Color.GREEN, PartitionOffsets.of(offsets), new TreeMap<>());
    }

    /**
     * The next cut, on top of this one committed: for a hot rollback, target blue.
     *
     * @param nextTarget the colour that owns each named partition from its offset on
     * @param nextOffsets partition key to offset, at or after every committed step of that
     *     partition (at it: the colour before owns nothing between the two)
     * @return the cut
     * @throws IllegalArgumentException when an offset is before a committed step of its partition
     */
    public PositionCut next(Color nextTarget, Map<String, Long> nextOffsets) {
        return new PositionCut(nextTarget, PartitionOffsets.of(nextOffsets), schedule(true));
    }

    /** The colour that owns the named partitions from their offsets on once this is committed. */
    public Color target() {
        return target;
    }

    /** This cut's offsets {@code O_p}. */
    public PartitionOffsets offsets() {
        return offsets;
    }

    /** The steps committed under lower numbers, per partition ascending (unmodifiable). */
    public Map<String, List<Step>> earlier() {
        return Collections.unmodifiableMap(earlier);
    }

    /**
     * The steps in force: the earlier ones, plus this cut's when it is committed.
     *
     * @param committed whether this cut is committed
     * @return partition key to its steps, ascending in offset
     */
    public Map<String, List<Step>> schedule(boolean committed) {
        Map<String, List<Step>> all = new TreeMap<>();
        for (Map.Entry<String, List<Step>> e : earlier.entrySet()) {
            all.put(e.getKey(), new ArrayList<>(e.getValue()));
        }
        if (committed) {
            for (Map.Entry<String, Long> cut : offsets.asMap().entrySet()) {
                all.computeIfAbsent(cut.getKey(), k -> new ArrayList<>())
                        .add(new Step(cut.getValue(), target));
            }
        }
        return all;
    }

    /**
     * The colour that owns one record.
     *
     * @param partition the partition key
     * @param offset the record's offset
     * @param committed whether this cut is committed
     * @return the owner of the newest step at or before {@code offset}, blue when there is none
     */
    public Color ownerAt(String partition, long offset, boolean committed) {
        Color owner = Color.BLUE;
        for (Step step : schedule(committed).getOrDefault(partition, Collections.emptyList())) {
            if (step.offset <= offset) {
                owner = step.owner;
            }
        }
        return owner;
    }

    /** The text form: fields that follow the command's own. */
    String toText() {
        StringBuilder steps = new StringBuilder();
        for (Map.Entry<String, List<Step>> e : earlier.entrySet()) {
            for (Step step : e.getValue()) {
                steps.append(steps.length() == 0 ? "" : ",").append(e.getKey());
                steps.append('@').append(step.offset).append(':').append(step.owner);
            }
        }
        return ";positionTarget="
                + target
                + ";positionCut="
                + offsets.toText()
                + ";positionEarlier="
                + steps;
    }

    /** The cut in a command's fields, or null when the command carries none. */
    static PositionCut parseOrNull(KeyValueText f) {
        if (!f.has("positionCut")) {
            return null;
        }
        Color target = Color.parse("command.positionTarget", f.text("positionTarget"));
        PartitionOffsets offsets =
                PartitionOffsets.parse("command.positionCut", f.text("positionCut"));
        return new PositionCut(target, offsets, parseSteps(f.text("positionEarlier")));
    }

    private static Map<String, List<Step>> parseSteps(String text) {
        Map<String, List<Step>> steps = new TreeMap<>();
        if (text.isEmpty()) {
            return steps;
        }
        for (String item : text.split(",")) {
            int colon = item.lastIndexOf(':');
            if (colon < 0) {
                throw new IllegalArgumentException(
                        "command.positionEarlier: expected topic/partition@offset:COLOR, got \""
                                + item
                                + "\"");
            }
            PartitionOffsets one =
                    PartitionOffsets.parse("command.positionEarlier", item.substring(0, colon));
            Map.Entry<String, Long> entry = one.asMap().entrySet().iterator().next();
            Color owner = Color.parse("command.positionEarlier", item.substring(colon + 1));
            List<Step> list = steps.computeIfAbsent(entry.getKey(), k -> new ArrayList<>());
            if (!list.isEmpty() && list.get(list.size() - 1).offset > entry.getValue()) {
                throw new IllegalArgumentException(
                        "command.positionEarlier: steps must ascend, got \"" + text + "\"");
            }
            list.add(new Step(entry.getValue(), owner));
        }
        return steps;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PositionCut && ((PositionCut) o).toText().equals(toText());
    }

    @Override
    public int hashCode() {
        return toText().hashCode();
    }

    @Override
    public String toString() {
        return toText();
    }

    /** One committed step: the owner of a partition from an offset on. Immutable. */
    public static final class Step {
        private final long offset;
        private final Color owner;

        Step(long offset, Color owner) {
            this.offset = offset;
            this.owner = Objects.requireNonNull(owner, "owner");
        }

        /** The first offset the owner owns. */
        public long offset() {
            return offset;
        }

        /** The colour that owns the partition from {@link #offset()} on. */
        public Color owner() {
            return owner;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Step && ((Step) o).offset == offset && ((Step) o).owner == owner;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(offset) * 31 + owner.hashCode();
        }
    }
}
