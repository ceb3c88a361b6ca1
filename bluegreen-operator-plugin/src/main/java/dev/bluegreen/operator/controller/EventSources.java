package dev.bluegreen.operator.controller;

import dev.bluegreen.ingress.IngressApiVersion;
import dev.bluegreen.operator.internal.spec.ChildLabels;
import dev.bluegreen.operator.internal.spec.IngressApi;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPRoute;
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
import java.util.function.BiFunction;

/**
 * The informers of the controller: owned child FlinkDeployments, owned FlinkStateSnapshots (both as
 * {@link GenericKubernetesResource}, selected by the {@code bluegreen.dev/parent} label), the owned
 * parent Ingress and, when the Gateway API is installed, the owned parent HTTPRoute; each maps to
 * its parent by owner reference, so a child's status change reconciles the parent at once.
 * Optionally also {@link ParentTriggers} (reconcile requests from outside, e.g. the drop-in
 * listener).
 */
final class EventSources {
    static final String CHILDREN = "children";
    static final String SNAPSHOTS = "snapshots";
    static final String INGRESSES = "ingresses";
    static final String ROUTES = "httproutes";

    static final GroupVersionKind FLINK_DEPLOYMENT =
            GroupVersionKindPlural.gvkWithPlural(
                    new GroupVersionKind("flink.apache.org", "v1beta1", "FlinkDeployment"),
                    "flinkdeployments");
    static final GroupVersionKind FLINK_STATE_SNAPSHOT =
            GroupVersionKindPlural.gvkWithPlural(
                    new GroupVersionKind("flink.apache.org", "v1beta1", "FlinkStateSnapshot"),
                    "flinkstatesnapshots");

    private EventSources() {}

    /**
     * The informers, plus the parent HTTPRoute informer when {@code gatewayApi}, plus {@code
     * triggers} unless null.
     */
    static List<EventSource<?, FlinkBlueGreenDeployment>> create(
            EventSourceContext<FlinkBlueGreenDeployment> context,
            IngressApiVersion ingress,
            boolean gatewayApi,
            ParentTriggers triggers) {
        List<EventSource<?, FlinkBlueGreenDeployment>> sources = new ArrayList<>();
        sources.add(generic(CHILDREN, FLINK_DEPLOYMENT, context));
        sources.add(generic(SNAPSHOTS, FLINK_STATE_SNAPSHOT, context));
        sources.add(ingresses(INGRESSES, IngressApi.ingressClass(ingress), context));
        if (gatewayApi) {
            sources.add(ingresses(ROUTES, HTTPRoute.class, context));
        }
        if (triggers != null) {
            sources.add(triggers);
        }
        return sources;
    }

    /**
     * The informer of a parent traffic object ({@code component=ingress}): the Ingress on the model
     * class of the chosen Ingress API, or the HTTPRoute.
     */
    private static <I extends HasMetadata>
            InformerEventSource<I, FlinkBlueGreenDeployment> ingresses(
                    String name,
                    Class<I> type,
                    EventSourceContext<FlinkBlueGreenDeployment> context) {
        return new InformerEventSource<>(
                InformerEventSourceConfiguration.from(type, FlinkBlueGreenDeployment.class)
                        .withName(name)
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

    /**
     * The cached child FlinkDeployment by namespace and name, from the children informer among
     * {@code sources} (the dashboard's view of it); {@code null} when there is none.
     */
    @SuppressWarnings("unchecked")
    static BiFunction<String, String, GenericKubernetesResource> childLookup(
            List<EventSource<?, FlinkBlueGreenDeployment>> sources) {
        for (var source : sources) {
            if (source instanceof InformerEventSource<?, ?> informer
                    && CHILDREN.equals(informer.name())) {
                var children =
                        (InformerEventSource<GenericKubernetesResource, FlinkBlueGreenDeployment>)
                                informer;
                return (namespace, name) ->
                        children.get(new ResourceID(name, namespace)).orElse(null);
            }
        }
        return null;
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

    /**
     * The parent's Ingress from the Ingress informer's cache (in the model class of {@code
     * version}), or {@code null}.
     */
    static HasMetadata cachedIngress(
            Context<FlinkBlueGreenDeployment> context,
            IngressApiVersion version,
            HasMetadata parent,
            String name) {
        return ingressInformer(context, version)
                .get(new ResourceID(name, parent.getMetadata().getNamespace()))
                .orElse(null);
    }

    /** The informer of the parent Ingress, in the model class of {@code version}. */
    @SuppressWarnings("unchecked")
    static InformerEventSource<HasMetadata, FlinkBlueGreenDeployment> ingressInformer(
            Context<FlinkBlueGreenDeployment> context, IngressApiVersion version) {
        return (InformerEventSource<HasMetadata, FlinkBlueGreenDeployment>)
                context.eventSourceRetriever()
                        .getEventSourceFor(IngressApi.ingressClass(version), INGRESSES);
    }

    /** The parent's HTTPRoute from the route informer's cache, or {@code null}. */
    static HTTPRoute cachedRoute(
            Context<FlinkBlueGreenDeployment> context, HasMetadata parent, String name) {
        return routes(context)
                .get(new ResourceID(name, parent.getMetadata().getNamespace()))
                .orElse(null);
    }

    @SuppressWarnings("unchecked")
    static InformerEventSource<HTTPRoute, FlinkBlueGreenDeployment> routes(
            Context<FlinkBlueGreenDeployment> context) {
        return (InformerEventSource<HTTPRoute, FlinkBlueGreenDeployment>)
                context.eventSourceRetriever().getEventSourceFor(HTTPRoute.class, ROUTES);
    }

    @SuppressWarnings("unchecked")
    static InformerEventSource<GenericKubernetesResource, FlinkBlueGreenDeployment> informer(
            Context<FlinkBlueGreenDeployment> context, String source) {
        return (InformerEventSource<GenericKubernetesResource, FlinkBlueGreenDeployment>)
                context.eventSourceRetriever()
                        .getEventSourceFor(GenericKubernetesResource.class, source);
    }
}
