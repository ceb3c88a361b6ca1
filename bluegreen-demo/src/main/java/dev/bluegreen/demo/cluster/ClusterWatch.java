package dev.bluegreen.demo.cluster;

import dev.bluegreen.demo.timeline.ChildAdopted;
import dev.bluegreen.demo.timeline.ChildDeleted;
import dev.bluegreen.demo.timeline.ChildJob;
import dev.bluegreen.demo.timeline.Color;
import dev.bluegreen.demo.timeline.ControllerState;
import dev.bluegreen.demo.timeline.KubeEvent;
import dev.bluegreen.demo.timeline.SnapshotState;
import dev.bluegreen.demo.timeline.Timeline;
import dev.bluegreen.demo.timeline.TrafficSwitch;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Watches one FlinkBlueGreenDeployment and everything around it with fabric8 informers (no polling)
 * and records what changes into a {@link Timeline}: the parent's state, Events in its namespace,
 * its child FlinkDeployments (found and coloured by their labels, see {@link ChildColors}, also an
 * adopted child with a name of its own), FlinkStateSnapshots, its parent Ingress, and the
 * measurements of its analysis checks ({@code status.analysis}).
 */
public final class ClusterWatch implements AutoCloseable {
    static final ResourceDefinitionContext FLINK_DEPLOYMENT = FlinkDeployments.CONTEXT;
    static final ResourceDefinitionContext FLINK_STATE_SNAPSHOT =
            upstream("FlinkStateSnapshot", "flinkstatesnapshots");

    private final List<SharedIndexInformer<?>> informers = new ArrayList<>();
    private final Timeline timeline;
    private final Supplier<Duration> elapsed;
    private final String parent;
    private final ChildColors colors;

    private ClusterWatch(
            Timeline timeline, Supplier<Duration> elapsed, String parent, ChildColors colors) {
        this.timeline = timeline;
        this.elapsed = elapsed;
        this.parent = parent;
        this.colors = colors;
    }

    /**
     * Starts the informers; they record until {@link #close()}.
     *
     * @param client the client of the embedded API
     * @param namespace where the parent lives
     * @param parent the FlinkBlueGreenDeployment's name
     * @param timeline where changes go
     * @param elapsed time since the demo started, read when a change arrives
     */
    public static ClusterWatch start(
            KubernetesClient client,
            String namespace,
            String parent,
            Timeline timeline,
            Supplier<Duration> elapsed) {
        return start(client, namespace, parent, Map.of(), timeline, elapsed);
    }

    /**
     * Starts the informers, following the FlinkDeployments in {@code adopting} from their start as
     * the parent's children of the given colour, before they carry its labels (deployments the
     * parent is going to adopt); they record until {@link #close()}.
     *
     * @param adopting deployment name to the colour it will be adopted as
     */
    public static ClusterWatch start(
            KubernetesClient client,
            String namespace,
            String parent,
            Map<String, Color> adopting,
            Timeline timeline,
            Supplier<Duration> elapsed) {
        var colors = new ChildColors(parent);
        adopting.forEach(colors::expect);
        var watch = new ClusterWatch(timeline, elapsed, parent, colors);
        watch.informParentAndEvents(client, namespace);
        watch.informChildrenAndSnapshots(client, namespace);
        watch.informers.add(
                client.network()
                        .v1()
                        .ingresses()
                        .inNamespace(namespace)
                        .withName(parent)
                        .inform(handler(watch::ingressChanged, r -> {})));
        return watch;
    }

    private void informParentAndEvents(KubernetesClient client, String namespace) {
        informers.add(
                client.resources(FlinkBlueGreenDeployment.class)
                        .inNamespace(namespace)
                        .withName(parent)
                        .inform(handler(this::parentChanged, r -> {})));
        informers.add(
                client.v1()
                        .events()
                        .inNamespace(namespace)
                        .inform(handler(this::eventCreated, r -> {})));
    }

    private void informChildrenAndSnapshots(KubernetesClient client, String namespace) {
        informers.add(
                client.genericKubernetesResources(FLINK_DEPLOYMENT)
                        .inNamespace(namespace)
                        .inform(handler(this::childChanged, this::childDeleted)));
        informers.add(
                client.genericKubernetesResources(FLINK_STATE_SNAPSHOT)
                        .inNamespace(namespace)
                        .inform(handler(this::snapshotChanged, r -> {})));
    }

    private void parentChanged(FlinkBlueGreenDeployment resource) {
        var status = resource.getStatus();
        if (status == null || status.getState() == null) {
            return;
        }
        AnalysisMeasurements.of(status.getAnalysis(), elapsed.get()).forEach(timeline::record);
        var progressing = progressing(status.getConditions());
        timeline.record(
                new ControllerState(
                        elapsed.get(),
                        status.getState(),
                        progressing.map(c -> text(c.getReason())).orElse(""),
                        progressing.map(c -> text(c.getMessage())).orElse("")));
    }

    private static Optional<Condition> progressing(List<Condition> conditions) {
        return conditions.stream().filter(c -> "Progressing".equals(c.getType())).findFirst();
    }

    private void eventCreated(Event event) {
        timeline.record(
                new KubeEvent(
                        elapsed.get(),
                        event.getMetadata().getName(),
                        text(event.getInvolvedObject().getName()),
                        text(event.getType()),
                        text(event.getReason()),
                        text(event.getMessage())));
    }

    private void childChanged(GenericKubernetesResource child) {
        String name = child.getMetadata().getName();
        colors.child(name, child.getMetadata().getLabels())
                .ifPresent(seen -> childSeen(child, seen));
    }

    private void childSeen(GenericKubernetesResource child, ChildColors.Child seen) {
        String name = child.getMetadata().getName();
        if (seen.adopted()) {
            timeline.record(new ChildAdopted(elapsed.get(), seen.color(), name, parent));
        }
        timeline.record(
                new ChildJob(
                        elapsed.get(),
                        seen.color(),
                        name,
                        field(child, "status", "lifecycleState"),
                        field(child, "status", "jobStatus", "state")));
    }

    private void childDeleted(GenericKubernetesResource child) {
        String name = child.getMetadata().getName();
        colors.deleted(name, child.getMetadata().getLabels())
                .ifPresent(color -> timeline.record(new ChildDeleted(elapsed.get(), color, name)));
    }

    private void snapshotChanged(GenericKubernetesResource snapshot) {
        timeline.record(
                new SnapshotState(
                        elapsed.get(),
                        snapshot.getMetadata().getName(),
                        colors.ofObject(
                                snapshot.getMetadata().getLabels(),
                                field(snapshot, "spec", "jobReference", "name")),
                        field(snapshot, "status", "state"),
                        field(snapshot, "status", "path")));
    }

    private void ingressChanged(Ingress ingress) {
        String backend = ParentIngressBackend.of(ingress);
        if (!backend.isEmpty()) {
            timeline.record(
                    new TrafficSwitch(
                            elapsed.get(),
                            ingress.getMetadata().getName(),
                            backend,
                            colors.ofService(backend)));
        }
    }

    /** The string at {@code path} in a generic resource, or empty. */
    static String field(GenericKubernetesResource resource, String... path) {
        return FlinkDeployments.field(resource, path);
    }

    private static String text(String value) {
        return value == null ? "" : value;
    }

    private static <T> ResourceEventHandler<T> handler(Consumer<T> changed, Consumer<T> deleted) {
        return new Handler<>(changed, deleted);
    }

    /** Calls {@code changed} with a resource added or updated, {@code deleted} on a delete. */
    private record Handler<T>(Consumer<T> changed, Consumer<T> deleted)
            implements ResourceEventHandler<T> {
        @Override
        public void onAdd(T resource) {
            changed.accept(resource);
        }

        @Override
        public void onUpdate(T before, T after) {
            changed.accept(after);
        }

        @Override
        public void onDelete(T resource, boolean finalStateUnknown) {
            deleted.accept(resource);
        }
    }

    private static ResourceDefinitionContext upstream(String kind, String plural) {
        return new ResourceDefinitionContext.Builder()
                .withGroup("flink.apache.org")
                .withVersion("v1beta1")
                .withKind(kind)
                .withPlural(plural)
                .withNamespaced(true)
                .build();
    }

    /** Stops every informer. */
    @Override
    public void close() {
        informers.forEach(SharedIndexInformer::close);
    }
}
