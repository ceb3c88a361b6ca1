package dev.bluegreen.operator.internal.status;

import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus;

import java.util.List;
import java.util.Objects;

/**
 * The result of {@link StatusMapper#map}: the new status and the events to emit, in order.
 *
 * @param status the new status (a fresh object; compare it with the live one with {@code equals} to
 *     skip a no-op write)
 * @param events the events to emit, possibly none
 */
public record StatusUpdate(FlinkBlueGreenDeploymentStatus status, List<EventSpec> events) {

    public StatusUpdate {
        Objects.requireNonNull(status, "status == null");
        events = List.copyOf(events);
    }

    /** Whether the status differs from {@code current}, i.e. whether it must be written. */
    public boolean changes(FlinkBlueGreenDeploymentStatus current) {
        return !status.equals(current);
    }
}
