package dev.bluegreen.core;

import java.util.Objects;

/**
 * What is observed of the hand-over savepoint the engine requested ({@link Action.TakeSavepoint}),
 * looked up by its deterministic name.
 *
 * @param name the FlinkStateSnapshot name
 * @param state its status state
 * @param path the savepoint path once {@link SnapshotState#COMPLETED}, else {@code null}
 * @param error the error message once failed, else {@code null}
 */
public record SnapshotObservation(String name, SnapshotState state, String path, String error) {
    public SnapshotObservation {
        Objects.requireNonNull(name, "name == null");
        Objects.requireNonNull(state, "state == null");
    }
}
