package dev.bluegreen.operator.internal.dashboard;

import dev.bluegreen.operator.internal.status.EventSpec;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * What the dashboard reads: the controller's parent cache and children cache (attached when the
 * controller registers its informers) and the {@link ParentHistory} the reconciler feeds. Reading
 * it makes no request. Thread-safe.
 */
public final class DashboardData {
    private final ParentHistory history = new ParentHistory();
    private volatile Supplier<List<FlinkBlueGreenDeployment>> parents = List::of;
    private volatile BiFunction<String, String, GenericKubernetesResource> children;

    /**
     * Attaches the informer caches.
     *
     * @param parents every cached parent
     * @param children the cached child FlinkDeployment by namespace and name, or {@code null}
     */
    public void attach(
            Supplier<List<FlinkBlueGreenDeployment>> parents,
            BiFunction<String, String, GenericKubernetesResource> children) {
        this.parents = parents;
        this.children = children;
    }

    /** The history the pages draw. */
    public ParentHistory history() {
        return history;
    }

    /**
     * Records what the controller just wrote over {@code parent}'s status: the state it entered
     * (unless unchanged), first the state it was in when this is the first record of it, and the
     * events emitted with the write.
     */
    public void wrote(
            FlinkBlueGreenDeployment parent,
            FlinkBlueGreenDeploymentStatus written,
            List<EventSpec> events,
            Instant now) {
        String namespace = parent.getMetadata().getNamespace();
        String name = parent.getMetadata().getName();
        var before = parent.getStatus();
        if (history.changes(namespace, name).isEmpty()
                && before != null
                && before.getState() != null) {
            history.entered(namespace, name, change(before, now));
        }
        if (written.getState() != null) {
            history.entered(namespace, name, change(written, now));
        }
        for (EventSpec e : events) {
            history.emitted(namespace, name, new EventNote(now, e.type(), e.reason(), e.message()));
        }
    }

    /** Forgets a deleted parent. */
    public void forget(FlinkBlueGreenDeployment parent) {
        history.forget(parent.getMetadata().getNamespace(), parent.getMetadata().getName());
    }

    /** The view of every cached parent. */
    public List<ParentView> all() {
        return parents.get().stream().map(p -> ParentViews.of(p, history, children)).toList();
    }

    /** The view of one cached parent, if cached. */
    public Optional<ParentView> one(String namespace, String name) {
        return parents.get().stream()
                .filter(p -> namespace.equals(p.getMetadata().getNamespace()))
                .filter(p -> name.equals(p.getMetadata().getName()))
                .findFirst()
                .map(p -> ParentViews.of(p, history, children));
    }

    private static StateChange change(FlinkBlueGreenDeploymentStatus status, Instant now) {
        String reason = null;
        for (Condition c : status.getConditions()) {
            if ("Progressing".equals(c.getType())) {
                reason = c.getReason();
            }
        }
        return new StateChange(now, status.getState(), status.getActiveColor(), reason);
    }
}
