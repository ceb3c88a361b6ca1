package dev.bluegreen.demo.summary;

import java.util.List;
import java.util.Optional;

/**
 * The record counts of the combined output of both jobs.
 *
 * @param expected records the source emitted up to the last one written (records in)
 * @param out lines written by both jobs together
 * @param distinct distinct record ids among them
 * @param duplicates {@code out - distinct}: records written more than once
 * @param lost {@code expected - distinct}: records never written
 * @param versions what each job version wrote, sorted by version label
 */
public record AuditCounts(
        long expected,
        long out,
        long distinct,
        long duplicates,
        long lost,
        List<VersionOutput> versions) {
    /** Copies the list. */
    public AuditCounts {
        versions = List.copyOf(versions);
    }

    /** The overlap of the id ranges of exactly two versions as {@code [from, to]}, or empty. */
    public Optional<long[]> overlap() {
        if (versions.size() != 2) {
            return Optional.empty();
        }
        long from = Math.max(versions.get(0).firstId(), versions.get(1).firstId());
        long to = Math.min(versions.get(0).lastId(), versions.get(1).lastId());
        return from <= to ? Optional.of(new long[] {from, to}) : Optional.empty();
    }
}
