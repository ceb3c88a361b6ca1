package dev.bluegreen.operator.controller;

import dev.bluegreen.operator.internal.apply.PlanExecutor;
import dev.bluegreen.operator.internal.spec.OnDelete;
import dev.bluegreen.operator.internal.status.EventSpec;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import java.time.Instant;
import java.util.List;

/**
 * What deleting a parent does to what it owns, by its {@code bluegreen.dev/on-delete} annotation
 * ({@link OnDelete}): delete everything, or release the active child first. Stateless.
 */
final class ParentDeletion {
    private ParentDeletion() {}

    /**
     * Deletes what {@code parent} owns, releasing its active child when asked to.
     *
     * @return whether the finalizer may go: {@code false} when the annotation has an unknown value,
     *     in which case nothing was deleted and a Warning event says why
     */
    static boolean run(FlinkBlueGreenDeployment parent, PlanExecutor executor, Instant now) {
        OnDelete onDelete;
        try {
            onDelete = OnDelete.of(parent.getMetadata());
        } catch (IllegalArgumentException e) {
            executor.events(parent, List.of(EventSpec.warning("InvalidSpec", e.getMessage())), now);
            return false;
        }
        String keep = onDelete == OnDelete.KEEP_ACTIVE ? activeChild(parent) : null;
        if (executor.deleteOwned(parent, keep) != null) {
            executor.events(parent, List.of(released(keep)), now);
        }
        return true;
    }

    private static EventSpec released(String child) {
        return EventSpec.normal(
                "Released",
                "released FlinkDeployment "
                        + child
                        + ": it keeps running as a plain FlinkDeployment (owner reference and"
                        + " bluegreen.dev labels removed, spec untouched)");
    }

    private static String activeChild(FlinkBlueGreenDeployment parent) {
        return parent.getStatus() == null ? null : parent.getStatus().getActiveChild();
    }
}
