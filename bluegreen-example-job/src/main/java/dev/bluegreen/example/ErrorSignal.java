package dev.bluegreen.example;

import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.metrics.Counter;

import java.nio.file.Files;
import java.nio.file.Path;

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

    /** How often a trigger file is looked for, in milliseconds. */
    static final long TRIGGER_CHECK_MS = 200;

    /** Name of the counter in the operator's metric group. */
    public static final String METRIC = "bluegreen_example_errors";

    private final ErrorSchedule schedule;
    private transient Counter errors;
    private transient long openedAt;
    private transient long triggeredAt;
    private transient long nextTriggerCheck;

    /** A signal reporting errors on {@code schedule}. */
    public ErrorSignal(ErrorSchedule schedule) {
        this.schedule = schedule;
    }

    @Override
    public void open(OpenContext context) {
        errors = getRuntimeContext().getMetricGroup().counter(METRIC);
        openedAt = System.currentTimeMillis();
        triggeredAt =
                -1; // set here: a transient field's initializer does not run on deserialization
        nextTriggerCheck = openedAt;
    }

    @Override
    public Event map(Event event) {
        long now = System.currentTimeMillis();
        long start = clockStart(now);
        long due = start < 0 ? 0 : schedule.errorsDue(now - start);
        if (due > errors.getCount()) {
            errors.inc(due - errors.getCount());
        }
        return event;
    }

    /**
     * When the schedule's clock started: the run's start, or (with a trigger file) when the file
     * was first seen, looked for at most every {@value #TRIGGER_CHECK_MS} ms; -1 before that.
     */
    private long clockStart(long now) {
        if (schedule.trigger() == null) {
            return openedAt;
        }
        if (triggeredAt < 0 && now >= nextTriggerCheck) {
            nextTriggerCheck = now + TRIGGER_CHECK_MS;
            if (Files.exists(Path.of(schedule.trigger()))) {
                triggeredAt = now;
            }
        }
        return triggeredAt;
    }
}
