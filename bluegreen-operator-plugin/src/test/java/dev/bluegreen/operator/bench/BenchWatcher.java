package dev.bluegreen.operator.bench;

import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Watches every parent and child with the benchmark's own client (informers: it sees every change
 * in order, not samples), and records:
 *
 * <ul>
 *   <li>each parent's state changes with their time (when a state was first seen);
 *   <li>every moment a parent that had a running child had none: a child FlinkDeployment whose
 *       {@code status.jobStatus.state} is RUNNING, per parent by the {@code bluegreen.dev/parent}
 *       label; counted when the last running child stops running or is deleted.
 * </ul>
 *
 * Thread-safe.
 */
final class BenchWatcher implements AutoCloseable {
    /** One state a parent entered, and when it was seen (System.nanoTime). */
    record StateSeen(String state, long nanos) {}

    private final Map<String, List<StateSeen>> states = new ConcurrentHashMap<>();
    private final Map<String, Set<String>> running = new ConcurrentHashMap<>();
    private final List<String> withoutRunningChild =
            java.util.Collections.synchronizedList(new ArrayList<>());
    private final SharedIndexInformer<FlinkBlueGreenDeployment> parents;
    private final SharedIndexInformer<GenericKubernetesResource> children;

    BenchWatcher(KubernetesClient client) {
        this.children =
                client.genericKubernetesResources("flink.apache.org/v1beta1", "FlinkDeployment")
                        .inNamespace(BenchCluster.NS)
                        .inform(new Handler<>(this::child, this::childGone));
        this.parents =
                client.resources(FlinkBlueGreenDeployment.class)
                        .inNamespace(BenchCluster.NS)
                        .inform(new Handler<>(this::parent, p -> {}));
    }

    /** The states parent {@code name} was seen in, in order, with times. */
    List<StateSeen> states(String name) {
        synchronized (states) {
            return List.copyOf(states.getOrDefault(name, List.of()));
        }
    }

    /** The moments a parent lost its last running child, as "parent: child what". */
    List<String> withoutRunningChild() {
        synchronized (withoutRunningChild) {
            return List.copyOf(withoutRunningChild);
        }
    }

    private void parent(FlinkBlueGreenDeployment parent) {
        String state = parent.getStatus() == null ? null : parent.getStatus().getState();
        if (state == null) {
            return;
        }
        long now = System.nanoTime();
        synchronized (states) {
            var seen =
                    states.computeIfAbsent(parent.getMetadata().getName(), n -> new ArrayList<>());
            if (seen.isEmpty() || !seen.get(seen.size() - 1).state().equals(state)) {
                seen.add(new StateSeen(state, now));
            }
        }
    }

    private void child(GenericKubernetesResource child) {
        var status = child.getAdditionalProperties().get("status");
        Object job =
                status instanceof Map<?, ?> s && s.get("jobStatus") instanceof Map<?, ?> j
                        ? j.get("state")
                        : null;
        if ("RUNNING".equals(job)) {
            String parent = parentOf(child);
            running.computeIfAbsent(parent, p -> ConcurrentHashMap.newKeySet())
                    .add(child.getMetadata().getName());
        } else {
            childGone(child, "stopped running (" + job + ")");
        }
    }

    private void childGone(GenericKubernetesResource child) {
        childGone(child, "deleted");
    }

    private void childGone(GenericKubernetesResource child, String what) {
        String parent = parentOf(child);
        var set = running.get(parent);
        if (set != null && set.remove(child.getMetadata().getName()) && set.isEmpty()) {
            withoutRunningChild.add(parent + ": " + child.getMetadata().getName() + " " + what);
        }
    }

    private static String parentOf(GenericKubernetesResource child) {
        var labels = child.getMetadata().getLabels();
        return Objects.toString(labels == null ? null : labels.get("bluegreen.dev/parent"));
    }

    @Override
    public void close() {
        parents.close();
        children.close();
    }

    /** Calls {@code changed} on adds and updates, {@code gone} on deletes. */
    private record Handler<T>(
            java.util.function.Consumer<T> changed, java.util.function.Consumer<T> gone)
            implements ResourceEventHandler<T> {
        @Override
        public void onAdd(T o) {
            changed.accept(o);
        }

        @Override
        public void onUpdate(T old, T o) {
            changed.accept(o);
        }

        @Override
        public void onDelete(T o, boolean unknown) {
            gone.accept(o);
        }
    }
}
