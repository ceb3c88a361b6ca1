package dev.bluegreen.demo.summary;

import java.util.Map;

/**
 * The record counts of the combined output of both jobs.
 *
 * @param expected records the source emitted up to the last one written (records in)
 * @param out lines written by both jobs together
 * @param distinct distinct record ids among them
 * @param duplicates {@code out - distinct}: records written more than once
 * @param lost {@code expected - distinct}: records never written
 * @param outByVersion lines written per job version label, e.g. {@code v1}, {@code v2}
 */
public record AuditCounts(
        long expected,
        long out,
        long distinct,
        long duplicates,
        long lost,
        Map<String, Long> outByVersion) {
    /** Copies the map. */
    public AuditCounts {
        outByVersion = Map.copyOf(outByVersion);
    }
}
