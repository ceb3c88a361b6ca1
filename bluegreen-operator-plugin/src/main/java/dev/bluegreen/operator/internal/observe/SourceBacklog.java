package dev.bluegreen.operator.internal.observe;

import java.util.Objects;

/**
 * A job's source backlog as read from its JobManager REST API.
 *
 * @param records the records its sources have not read yet, summed over source vertices and
 *     subtasks, or {@code null} when unknown
 * @param detail what the number is ({@code "pendingRecords"} or {@code "Kafka records-lag-max"}),
 *     or, when unknown, why (e.g. {@code "source 'Source: orders' reports no pendingRecords yet"})
 */
public record SourceBacklog(Long records, String detail) {
    public SourceBacklog {
        Objects.requireNonNull(detail, "detail == null");
    }

    /** An unknown backlog, with the reason. */
    public static SourceBacklog unknown(String why) {
        return new SourceBacklog(null, why);
    }

    /** Whether the number is known. */
    public boolean known() {
        return records != null;
    }
}
