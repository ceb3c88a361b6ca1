package dev.bluegreen.operator.controller;

import dev.bluegreen.core.Plan;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;

import java.time.Duration;
import java.util.Optional;

/**
 * When to reconcile again: at the plan's {@code requeueAfter}; while a change is in flight at the
 * latest after the reschedule interval (a safety net for missed events); otherwise only on events.
 */
final class Requeues {
    /** How soon to decide again after a lost optimistic-locking race. */
    static final Duration AFTER_CONFLICT = Duration.ofMillis(200);

    private static final Duration MINIMUM = Duration.ofMillis(1);

    private Requeues() {}

    /**
     * How often an ADVANCED-mode change in flight looks at its gate channel again: reports arrive
     * every second by default and trigger no event.
     */
    static final Duration GATE_POLL = Duration.ofSeconds(1);

    static UpdateControl<FlinkBlueGreenDeployment> after(Plan plan, Duration rescheduleInterval) {
        return after(plan, rescheduleInterval, false);
    }

    static UpdateControl<FlinkBlueGreenDeployment> after(
            Plan plan, Duration rescheduleInterval, boolean gated) {
        Optional<Duration> after = plan.requeueAfter();
        if (plan.next().inFlight()) {
            Duration cap =
                    gated && GATE_POLL.compareTo(rescheduleInterval) < 0
                            ? GATE_POLL
                            : rescheduleInterval;
            after = Optional.of(after.filter(d -> d.compareTo(cap) < 0).orElse(cap));
        }
        return after.map(Requeues::in).orElseGet(UpdateControl::noUpdate);
    }

    static UpdateControl<FlinkBlueGreenDeployment> in(Duration delay) {
        Duration d = delay.compareTo(MINIMUM) < 0 ? MINIMUM : delay;
        return UpdateControl.<FlinkBlueGreenDeployment>noUpdate().rescheduleAfter(d);
    }
}
