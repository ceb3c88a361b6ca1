package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.core.Plan;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;

import java.time.Duration;
import java.util.Optional;

/**
 * When to reconcile again: at the plan's {@code requeueAfter}; while a change is in flight at the
 * latest after the reschedule interval (a safety net for missed events); otherwise only on events.
 */
public final class Requeues {
    /** How soon to decide again after a lost optimistic-locking race. */
    public static final Duration AFTER_CONFLICT = Duration.ofMillis(200);

    /** How soon a deletion held by an unknown {@code bluegreen.dev/on-delete} value is retried. */
    public static final Duration DELETE_RETRY = Duration.ofSeconds(30);

    private static final Duration MINIMUM = Duration.ofMillis(1);

    private Requeues() {}

    /**
     * How often a change in flight that waits for facts which trigger no event looks again: an
     * ADVANCED-mode change at its gate channel (reports arrive every second by default), a
     * transition waiting for readiness at the children's backlog and checkpoints.
     */
    static final Duration GATE_POLL = Duration.ofSeconds(1);

    static UpdateControl<FlinkBlueGreenDeployment> after(Plan plan, Duration rescheduleInterval) {
        return after(plan, rescheduleInterval, false);
    }

    static UpdateControl<FlinkBlueGreenDeployment> after(
            Plan plan, Duration rescheduleInterval, boolean polled) {
        Optional<Duration> after = plan.requeueAfter();
        if (plan.next().inFlight()) {
            Duration cap =
                    polled && GATE_POLL.compareTo(rescheduleInterval) < 0
                            ? GATE_POLL
                            : rescheduleInterval;
            after = Optional.of(after.filter(d -> d.compareTo(cap) < 0).orElse(cap));
        }
        return after.map(Requeues::in).orElseGet(UpdateControl::noUpdate);
    }

    /**
     * {@code control}, or a requeue after {@code delay} when that comes earlier (or {@code control}
     * asks for none).
     *
     * @param delay the time until the next analysis measurement, or {@code null} for none
     */
    static UpdateControl<FlinkBlueGreenDeployment> earlier(
            UpdateControl<FlinkBlueGreenDeployment> control, Duration delay) {
        if (delay == null) {
            return control;
        }
        return control.getScheduleDelay()
                .filter(planned -> planned <= Math.max(delay.toMillis(), MINIMUM.toMillis()))
                .map(planned -> control)
                .orElseGet(() -> in(delay));
    }

    public static UpdateControl<FlinkBlueGreenDeployment> in(Duration delay) {
        Duration d = delay.compareTo(MINIMUM) < 0 ? MINIMUM : delay;
        return UpdateControl.<FlinkBlueGreenDeployment>noUpdate().rescheduleAfter(d);
    }
}
