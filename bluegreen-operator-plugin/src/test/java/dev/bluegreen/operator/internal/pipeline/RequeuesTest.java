package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.Plan;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.TransitionRecord;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class RequeuesTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "resting without deadline, ACTIVE_BLUE, -1, -1",
        "resting with a deadline, ACTIVE_BLUE, 60000, 60000",
        "in flight waits at most the interval, TRANSITIONING_TO_GREEN, -1, 15000",
        "in flight deadline beyond the interval is capped, SAVEPOINTING_BLUE, 600000, 15000",
        "in flight sooner deadline wins, RETIRING_BLUE, 3000, 3000",
        "zero becomes one millisecond, ACTIVE_BLUE, 0, 1",
    })
    void requeueFollowsThePlan(
            String name, BlueGreenState state, long afterMillis, long expectedMillis) {
        var plan =
                new Plan(
                        new TransitionRecord.Builder().state(state).build(),
                        List.of(),
                        afterMillis < 0
                                ? Optional.empty()
                                : Optional.of(Duration.ofMillis(afterMillis)),
                        Reason.STEADY,
                        "test");

        var control = Requeues.after(plan, Duration.ofSeconds(15));

        assertThat(control.getScheduleDelay())
                .isEqualTo(expectedMillis < 0 ? Optional.empty() : Optional.of(expectedMillis));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "gated in flight polls the gate every second, RETIRING_BLUE, 5000, 15000, 1000",
        "gated in flight keeps a shorter interval, TRANSITIONING_TO_GREEN, -1, 500, 500",
        "gated at rest is not polled, ACTIVE_GREEN, -1, 15000, -1",
    })
    void gatedResourcesInFlightAreRequeuedToReadTheGate(
            String name,
            BlueGreenState state,
            long afterMillis,
            long intervalMillis,
            long expected) {
        var plan =
                new Plan(
                        new TransitionRecord.Builder().state(state).build(),
                        List.of(),
                        afterMillis < 0
                                ? Optional.empty()
                                : Optional.of(Duration.ofMillis(afterMillis)),
                        Reason.STEADY,
                        "test");

        var control = Requeues.after(plan, Duration.ofMillis(intervalMillis), true);

        assertThat(control.getScheduleDelay())
                .isEqualTo(expected < 0 ? Optional.empty() : Optional.of(expected));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "no planned requeue: the measurement's, -1, 30000, 30000",
        "an earlier measurement wins, 15000, 5000, 5000",
        "an earlier plan requeue wins, 2000, 5000, 2000",
        "no measurement: the plan's, 15000, -1, 15000",
        "a measurement already due: at once, 15000, -200, 1",
    })
    void theNextAnalysisMeasurementComesBackEarlierThanThePlan(
            String name, long plannedMillis, long measurementMillis, long expected) {
        var control =
                plannedMillis < 0
                        ? io.javaoperatorsdk.operator.api.reconciler.UpdateControl
                                .<dev.bluegreen.operator.resource.FlinkBlueGreenDeployment>
                                        noUpdate()
                        : Requeues.in(Duration.ofMillis(plannedMillis));

        var combined =
                Requeues.earlier(
                        control,
                        measurementMillis == -1 ? null : Duration.ofMillis(measurementMillis));

        assertThat(combined.getScheduleDelay()).contains(expected);
    }
}
