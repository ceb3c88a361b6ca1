package dev.bluegreen.gate.rule;

import dev.bluegreen.gate.internal.KeyValueText;

import java.util.Objects;

/**
 * A source-position gate's positions, per partition it reads: the {@link #current()} position (the
 * next offset it will decide, so every record below has been decided) and, when the gate knows its
 * checkpoints, its position at the last completed checkpoint ({@link #checkpointed()}). The
 * controller proposes a cut ahead of blue's current positions, commits once green's are at or
 * before it, and retires blue once blue's checkpointed positions have reached it on every
 * partition.
 *
 * <p>Text form (fields of the report's text, present only when a partition is known): {@code
 * ;positions=orders/0@120,orders/1@77;checkpointed=orders/0@100}. Readers that predate it ignore
 * them. Immutable and thread-safe.
 */
public final class PartitionPositions {
    /** No partition read yet. */
    public static final PartitionPositions NONE =
            new PartitionPositions(PartitionOffsets.NONE, PartitionOffsets.NONE);

    private final PartitionOffsets current;
    private final PartitionOffsets checkpointed;

    private PartitionPositions(PartitionOffsets current, PartitionOffsets checkpointed) {
        this.current = Objects.requireNonNull(current, "current");
        this.checkpointed = Objects.requireNonNull(checkpointed, "checkpointed");
    }

    /**
     * Positions.
     *
     * @param current the next offset to decide, per partition read
     * @param checkpointed the position at the last completed checkpoint, {@link
     *     PartitionOffsets#NONE} when unknown
     * @return the positions
     */
    public static PartitionPositions of(PartitionOffsets current, PartitionOffsets checkpointed) {
        if (current.isEmpty() && checkpointed.isEmpty()) {
            return NONE;
        }
        return new PartitionPositions(current, checkpointed);
    }

    /** The next offset to decide, per partition read. */
    public PartitionOffsets current() {
        return current;
    }

    /** The position at the last completed checkpoint, per partition; empty when unknown. */
    public PartitionOffsets checkpointed() {
        return checkpointed;
    }

    /** The report fields; empty for {@link #NONE}. */
    String toText() {
        if (current.isEmpty() && checkpointed.isEmpty()) {
            return "";
        }
        return ";positions=" + current.toText() + ";checkpointed=" + checkpointed.toText();
    }

    /** The positions in a report's fields, {@link #NONE} when it has none. */
    static PartitionPositions parse(KeyValueText f) {
        if (!f.has("positions")) {
            return NONE;
        }
        return of(
                PartitionOffsets.parse("report.positions", f.text("positions")),
                PartitionOffsets.parse("report.checkpointed", f.text("checkpointed", "")));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PartitionPositions
                && ((PartitionPositions) o).current.equals(current)
                && ((PartitionPositions) o).checkpointed.equals(checkpointed);
    }

    @Override
    public int hashCode() {
        return current.hashCode() * 31 + checkpointed.hashCode();
    }

    @Override
    public String toString() {
        return toText();
    }
}
