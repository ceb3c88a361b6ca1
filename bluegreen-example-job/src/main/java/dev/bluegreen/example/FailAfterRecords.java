package dev.bluegreen.example;

import org.apache.flink.api.common.functions.MapFunction;

/**
 * The injected fault: passes records through and throws once this subtask has seen {@code limit}
 * records in the current run (the count is not checkpointed, so every restart gets a full budget).
 * Used with parallelism 1, right after the source.
 */
public final class FailAfterRecords implements MapFunction<Event, Event> {
    private static final long serialVersionUID = 1L;

    private final long limit;
    private transient long seen;

    /** A fault that fires after {@code limit} records. */
    public FailAfterRecords(long limit) {
        this.limit = limit;
    }

    @Override
    public Event map(Event event) {
        seen++;
        if (seen > limit) {
            throw new InjectedFailure(
                    "injected failure: fail-after-records=" + limit + " reached at id " + event.id);
        }
        return event;
    }

    /** The exception the fault throws; its message names the limit and the record id. */
    public static final class InjectedFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        InjectedFailure(String message) {
            super(message);
        }
    }
}
