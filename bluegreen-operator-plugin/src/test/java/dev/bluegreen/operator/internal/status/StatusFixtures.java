package dev.bluegreen.operator.internal.status;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.HealthFacts;
import dev.bluegreen.core.JobState;
import dev.bluegreen.core.Lifecycle;
import dev.bluegreen.core.Plan;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus;

import io.fabric8.kubernetes.api.model.Condition;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Plans, children and statuses for the status tests. */
final class StatusFixtures {
    static final String PARENT = "orders";
    static final Instant T1 = Instant.parse("2026-11-30T10:00:00.250Z");
    static final Instant T2 = Instant.parse("2026-11-30T10:05:00Z");
    static final Instant T3 = Instant.parse("2026-11-30T10:09:00Z");

    private StatusFixtures() {}

    static TransitionRecord record(BlueGreenState state, Color traffic) {
        return new TransitionRecord.Builder()
                .state(state)
                .transitionNumber(1)
                .trafficColor(traffic)
                .stableSpecRef(traffic == null ? null : "stable1")
                .build();
    }

    static Plan plan(TransitionRecord record, Reason reason, String message) {
        return new Plan(record, List.of(), Optional.empty(), reason, message);
    }

    static Plan plan(BlueGreenState state, Color traffic, Reason reason) {
        return plan(record(state, traffic), reason, reason.name().toLowerCase() + " message");
    }

    static ChildObservation running(String jobId) {
        return child(Lifecycle.STABLE, JobState.RUNNING, jobId);
    }

    static ChildObservation child(Lifecycle lifecycle, JobState job, String jobId) {
        return new ChildObservation(
                true, false, "ref", 2, 2, false, lifecycle, job, jobId, T1, HealthFacts.unknown());
    }

    /** A status whose persisted record is {@code record} and nothing else. */
    static FlinkBlueGreenDeploymentStatus statusOf(TransitionRecord record) {
        var status = new FlinkBlueGreenDeploymentStatus();
        status.setState(record.state().name());
        status.setTransition(RecordCodec.write(record));
        return status;
    }

    static Condition condition(FlinkBlueGreenDeploymentStatus status, String type) {
        return status.getConditions().stream()
                .filter(c -> c.getType().equals(type))
                .findFirst()
                .orElseThrow();
    }

    /** A steady ACTIVE_BLUE status, as the mapper writes it at T1. */
    static FlinkBlueGreenDeploymentStatus steadyBlue() {
        return StatusMapper.map(
                        StatusInput.builder(PARENT, 1, T1)
                                .transitionMode(
                                        dev.bluegreen.operator.resource.TransitionMode.BASIC)
                                .plan(plan(BlueGreenState.ACTIVE_BLUE, Color.BLUE, Reason.STEADY))
                                .blue(running("job-1"))
                                .stableSpecJson("{\"v\":1}")
                                .build())
                .status();
    }
}
