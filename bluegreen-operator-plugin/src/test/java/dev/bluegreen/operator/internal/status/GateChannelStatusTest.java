package dev.bluegreen.operator.internal.status;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.Reason;
import dev.bluegreen.operator.internal.observe.GateHealth;

import org.junit.jupiter.api.Test;

import static dev.bluegreen.operator.internal.status.StatusFixtures.PARENT;
import static dev.bluegreen.operator.internal.status.StatusFixtures.T2;
import static dev.bluegreen.operator.internal.status.StatusFixtures.T3;
import static dev.bluegreen.operator.internal.status.StatusFixtures.condition;
import static dev.bluegreen.operator.internal.status.StatusFixtures.plan;
import static dev.bluegreen.operator.internal.status.StatusFixtures.record;
import static dev.bluegreen.operator.internal.status.StatusFixtures.running;
import static dev.bluegreen.operator.internal.status.StatusFixtures.statusOf;
import static org.assertj.core.api.Assertions.assertThat;

/** The gate channel's health on the parent: Degraded with its reason, and one Warning event. */
class GateChannelStatusTest {
    static final GateHealth BROKEN =
            new GateHealth(
                    GateHealth.CHANNEL_ERROR,
                    "orders-green: 2 of 2 gate subtasks report; channel error: configmap"
                            + " shop/orders-gate: data.command: missing");

    static StatusInput waiting(
            dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus previous,
            GateHealth health,
            java.time.Instant now) {
        var transitioning = record(BlueGreenState.TRANSITIONING_TO_GREEN, Color.BLUE);
        return StatusInput.builder(PARENT, 2, now)
                .previous(previous)
                .plan(plan(transitioning, Reason.WAITING_FOR_CUTOVER, "waiting for the gate"))
                .blue(running("job-1"))
                .green(running("job-2"))
                .gateHealth(health)
                .build();
    }

    @Test
    void aChannelErrorWhileAHandoverWaitsIsDegradedWithOneWarningEvent() {
        // Given a handover waiting, and the gates reporting a channel error
        var before = statusOf(record(BlueGreenState.TRANSITIONING_TO_GREEN, Color.BLUE));

        // When the status is computed, and again on the next reconcile
        var first = StatusMapper.map(waiting(before, BROKEN, T2));
        var again = StatusMapper.map(waiting(first.status(), BROKEN, T3));

        // Then Degraded names the child, the count and the error; one Warning event, not two
        var degraded = condition(first.status(), "Degraded");
        assertThat(degraded.getStatus()).isEqualTo("True");
        assertThat(degraded.getReason()).isEqualTo("GateChannelError");
        assertThat(degraded.getMessage()).isEqualTo(BROKEN.message());
        assertThat(first.events())
                .filteredOn(e -> e.reason().equals("GateChannelError"))
                .singleElement()
                .satisfies(
                        e -> {
                            assertThat(e.type()).isEqualTo(EventSpec.WARNING);
                            assertThat(e.message()).isEqualTo(BROKEN.message());
                        });
        assertThat(again.events()).noneMatch(e -> e.reason().equals("GateChannelError"));
        // and the engine's plan (and so its deadline) is untouched
        assertThat(condition(first.status(), "Progressing").getReason())
                .isEqualTo(Reason.WAITING_FOR_CUTOVER.eventReason());
    }

    @Test
    void aHealedChannelIsHealthyAgainAndANewProblemIsReportedAgain() {
        var before = statusOf(record(BlueGreenState.TRANSITIONING_TO_GREEN, Color.BLUE));
        var broken = StatusMapper.map(waiting(before, BROKEN, T2));
        var silent =
                new GateHealth(
                        GateHealth.NOT_REPORTING,
                        "orders-green: 0 of 2 gate subtasks report within 30 s");

        var healed = StatusMapper.map(waiting(broken.status(), null, T3));
        var other = StatusMapper.map(waiting(broken.status(), silent, T3));

        assertThat(condition(healed.status(), "Degraded").getReason()).isEqualTo("Healthy");
        assertThat(other.events())
                .extracting(EventSpec::reason, EventSpec::message)
                .contains(
                        org.assertj.core.groups.Tuple.tuple("GateNotReporting", silent.message()));
    }
}
