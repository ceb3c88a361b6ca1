package dev.bluegreen.demo.timeline;

import java.time.Duration;

/**
 * A child FlinkDeployment's lifecycle and job state, as its operator (here the stand-in) wrote
 * them.
 *
 * @param at time since the demo started
 * @param color the child's colour
 * @param name the child's name, e.g. {@code orders-blue}
 * @param lifecycle {@code status.lifecycleState}, e.g. {@code STABLE}; empty before the first
 *     status
 * @param jobState {@code status.jobStatus.state}, e.g. {@code RUNNING}; empty when unknown
 */
public record ChildJob(Duration at, Color color, String name, String lifecycle, String jobState)
        implements TimelineEvent {
    @Override
    public String source() {
        return color.label();
    }

    @Override
    public String text() {
        if (lifecycle.isEmpty() && jobState.isEmpty()) {
            return name + "  created (no status yet)";
        }
        return name
                + "  lifecycle "
                + (lifecycle.isEmpty() ? "-" : lifecycle)
                + ", job "
                + (jobState.isEmpty() ? "-" : jobState);
    }

    @Override
    public String key() {
        return "child:" + name;
    }

    /** Whether the job is {@code RUNNING}. */
    public boolean running() {
        return jobState.equals("RUNNING");
    }
}
