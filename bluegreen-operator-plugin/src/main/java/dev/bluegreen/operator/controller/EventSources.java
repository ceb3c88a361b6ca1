package dev.bluegreen.operator.controller;

import dev.bluegreen.ingress.IngressApiVersion;
import dev.bluegreen.operator.internal.spec.ChildLabels;
import dev.bluegreen.operator.internal.spec.IngressApi;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.processing.GroupVersionKind;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.GroupVersionKindPlural;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.Mappers;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The informers of the controller: owned child FlinkDeployments, owned FlinkStateSnapshots (both as
 * {@link GenericKubernetesResource}, selected by the {@code bluegreen.dev/parent} label) and the
 * owned parent Ingress; each maps to its parent by owner reference, so a child's status change
 * reconciles the parent at once. Optionally also {@link ParentTriggers} (reconcile requests from
 * outside, e.g. the drop-in listener).
 */
final class EventSources {
    static final String CHILDREN = "children";
    static final String SNAPSHOTS = "snapshots";
    static final String INGRESSES = "ingresses";

    static final GroupVersionKind FLINK_DEPLOYMENT =
            GroupVersionKindPlural.gvkWithPlural(
                    new GroupVersionKind("flink.apache.org", "v1beta1", "FlinkDeployment"),
                    "flinkdeployments");
    static final GroupVersionKind FLINK_STATE_SNAPSHOT =
            GroupVersionKindPlural.gvkWithPlural(
                    new GroupVersionKind("flink.apache.org", "v1beta1", "FlinkStateSnapshot"),
                    "flinkstatesnapshots");

    private EventSources() {}

    /** The informers, plus {@code triggers} unless null. */
    static List<EventSource<?, FlinkBlueGreenDeployment>> create(
            EventSourceContext<FlinkBlueGreenDeployment> context,
            IngressApiVersion ingress,
            ParentTriggers triggers) {
        List<EventSource<?, FlinkBlueGreenDeployment>> sources = new ArrayList<>();
        sources.add(generic(CHILDREN, FLINK_DEPLOYMENT, context));
        sources.add(generic(SNAPSHOTS, FLINK_STATE_SNAPSHOT, context));
        sources.add(ingresses(IngressApi.ingressClass(ingress), context));
        if (triggers != null) {
            sources.add(triggers);
        }
        return sources;
    }

    /** The parent Ingress informer, on the model class of the chosen Ingress API. */
    private static <I extends HasMetadata>
            InformerEventSource<I, FlinkBlueGreenDeployment> ingresses(
                    Class<I> type, EventSourceContext<FlinkBlueGreenDeployment> context) {
        return new InformerEventSource<>(
                InformerEventSourceConfiguration.from(type, FlinkBlueGreenDeployment.class)
                        .withName(INGRESSES)
                        .withLabelSelector("component=ingress")
                        .withSecondaryToPrimaryMapper(
                                Mappers.<I>fromOwnerReferences(FlinkBlueGreenDeployment.class))
                        .build(),
                context);
    }

    private static InformerEventSource<GenericKubernetesResource, FlinkBlueGreenDeployment> generic(
            String name,
            GroupVersionKind gvk,
            EventSourceContext<FlinkBlueGreenDeployment> context) {
        return new InformerEventSource<>(
                InformerEventSourceConfiguration.from(gvk, FlinkBlueGreenDeployment.class)
                        .withName(name)
                        .withLabelSelector(ChildLabels.PARENT)
                        .withSecondaryToPrimaryMapper(
                                Mappers.<GenericKubernetesResource>fromOwnerReferences(
                                        FlinkBlueGreenDeployment.class))
                        .build(),
                context);
    }

    /** The cached object {@code name} in the parent's namespace from informer {@code source}. */
    static Optional<GenericKubernetesResource> cached(
            Context<FlinkBlueGreenDeployment> context,
            String source,
            HasMetadata parent,
            String name) {
        return informer(context, source)
                .get(new ResourceID(name, parent.getMetadata().getNamespace()));
    }

    @SuppressWarnings("unchecked")
    static InformerEventSource<GenericKubernetesResource, FlinkBlueGreenDeployment> informer(
            Context<FlinkBlueGreenDeployment> context, String source) {
        return (InformerEventSource<GenericKubernetesResource, FlinkBlueGreenDeployment>)
                context.eventSourceRetriever()
                        .getEventSourceFor(GenericKubernetesResource.class, source);
    }
}
