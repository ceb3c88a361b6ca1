package dev.bluegreen.operator.internal.observe;

import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.gate.rule.KeepProgress;
import dev.bluegreen.ingress.ChildNames;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What a keeper's reports say once it stopped keeping during a keep window (docs/gate.md, "Keep
 * window and cold hand-back"): which bound stopped it, from which event time a hand-back would lose
 * records, how many it dropped since without keeping, and how many a hand-back could not recover.
 * Pure. For {@link GateHealth}'s {@value GateHealth#KEEP_BOUND_REACHED}.
 */
final class KeepBound {
    private KeepBound() {}

    /** The bound keys, by the name the gate reports. */
    private static String key(String bound) {
        return switch (bound) {
            case "bytes" -> "bluegreen.gate.keep.max-bytes";
            case "time" -> "bluegreen.gate.keep.max-age";
            default -> "bluegreen.gate.keep.max-records";
        };
    }

    /** The message part for one child whose gate subtasks stopped keeping, or empty. */
    static Optional<String> of(ChildNames names, JobGateReading reading) {
        List<KeepProgress> stopped =
                reading.reports().stream()
                        .map(GateReport::keeping)
                        .filter(k -> !k.stopped().isEmpty())
                        .toList();
        if (stopped.isEmpty()) {
            return Optional.empty();
        }
        long unkept = stopped.stream().mapToLong(KeepProgress::unkept).sum();
        long lost = reading.reports().stream().mapToLong(r -> r.keeping().lost()).sum();
        return Optional.of(
                String.format(
                        "%s stopped keeping at %s on %d of %d gate subtasks: a hand-back would"
                                + " lose records%s (%d dropped since without keeping); a hand-back"
                                + " could not recover %d",
                        names.child(reading.job().color()),
                        key(stopped.get(0).stopped()),
                        stopped.size(),
                        Math.max(reading.subtasks(), reading.reports().size()),
                        fromText(stopped),
                        unkept,
                        lost));
    }

    /** " from event time X" for the earliest time dropped without keeping, or "" if none. */
    private static String fromText(List<KeepProgress> stopped) {
        long from =
                stopped.stream()
                        .mapToLong(KeepProgress::unkeptFrom)
                        .filter(t -> t != Long.MIN_VALUE)
                        .min()
                        .orElse(Long.MIN_VALUE);
        return from == Long.MIN_VALUE ? "" : " from event time " + Instant.ofEpochMilli(from);
    }
}
