package dev.bluegreen.example;

import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.metrics.Counter;

/**
 * A pass-through map that reports simulated errors as a user-defined Flink counter, {@value
 * #METRIC}, in its operator's metric group (with Flink's Prometheus reporter: {@code
 * flink_taskmanager_job_task_operator_bluegreen_example_errors}). The counter follows the {@link
 * ErrorSchedule} from the moment the operator opens (a restarted run starts the schedule again); it
 * is brought up to date on every record, so it stays 0 for a healthy job. Records pass unchanged:
 * the job's output does not depend on the schedule.
 */
public final class ErrorSignal extends RichMapFunction<Event, Event> {
    private static final long serialVersionUID = 1L;

    /** Name of the counter in the operator's metric group. */
    public static final String METRIC = "bluegreen_example_errors";

    private final ErrorSchedule schedule;
    private transient Counter errors;
    private transient long openedAt;

    /** A signal reporting errors on {@code schedule}. */
    public ErrorSignal(ErrorSchedule schedule) {
        this.schedule = schedule;
    }

    @Override
    public void open(OpenContext context) {
        errors = getRuntimeContext().getMetricGroup().counter(METRIC);
        openedAt = System.currentTimeMillis();
    }

    @Override
    public Event map(Event event) {
        long due = schedule.errorsDue(System.currentTimeMillis() - openedAt);
        if (due > errors.getCount()) {
            errors.inc(due - errors.getCount());
        }
        return event;
    }
}
