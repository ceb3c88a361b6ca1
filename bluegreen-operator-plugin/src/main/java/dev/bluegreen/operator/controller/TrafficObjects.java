package dev.bluegreen.operator.controller;

import dev.bluegreen.ingress.IngressApiVersion;
import dev.bluegreen.ingress.ResourceNames;
import dev.bluegreen.operator.internal.apply.Applied;
import dev.bluegreen.operator.internal.apply.InstalledCrds;
import dev.bluegreen.operator.internal.apply.LiveTraffic;
import dev.bluegreen.operator.internal.spec.ChildNaming;
import dev.bluegreen.operator.internal.spec.Owners;
import dev.bluegreen.operator.internal.spec.ParentRoutes;
import dev.bluegreen.operator.internal.spec.RouteIntent;
import dev.bluegreen.operator.internal.spec.TrafficIntent;
import dev.bluegreen.operator.internal.validate.RouteChecks;
import dev.bluegreen.operator.internal.validate.SpecProblem;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.event.ResourceID;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The reconciler's view of the parent's traffic objects, the Ingress and the Gateway API HTTPRoute:
 * whether the HTTPRoute CRD was installed when the controller started (then an informer watches the
 * routes), both objects as the informer caches hold them, what they should be after a decision, the
 * writes fed back into the caches, and the refusal of a parent that asks for a route on a cluster
 * without the Gateway API. Thread-safe.
 */
final class TrafficObjects {
    private final IngressApiVersion ingressVersion;
    private volatile boolean installed;

    /** Traffic objects with the parent Ingress in {@code ingressVersion}. */
    TrafficObjects(IngressApiVersion ingressVersion) {
        this.ingressVersion = Objects.requireNonNull(ingressVersion, "ingressVersion == null");
    }

    /** Looks up the HTTPRoute CRD once (one GET), before the informers are built. */
    void detect(KubernetesClient client) {
        installed = InstalledCrds.httpRoutes(client);
    }

    /** Whether the HTTPRoute CRD was installed at {@link #detect}. */
    boolean installed() {
        return installed;
    }

    /** {@code problems}, plus one when the parent asks for an HTTPRoute the cluster cannot have. */
    List<SpecProblem> withProblems(List<SpecProblem> problems, FlinkBlueGreenDeployment parent) {
        SpecProblem missing = RouteChecks.gatewayApiMissing(parent.getSpec(), installed);
        if (missing == null) {
            return problems;
        }
        var all = new ArrayList<>(problems);
        all.add(missing);
        return all;
    }

    /**
     * The parent's Ingress and HTTPRoute from the informer caches (no request); no route without
     * the Gateway API.
     */
    LiveTraffic live(Context<FlinkBlueGreenDeployment> context, FlinkBlueGreenDeployment parent) {
        String name = ResourceNames.parentIngress(parent.getMetadata().getName());
        return new LiveTraffic(
                EventSources.cachedIngress(context, ingressVersion, parent, name),
                installed ? EventSources.cachedRoute(context, parent, name) : null);
    }

    /** What the parent's traffic objects should be once the decision's plan is carried out. */
    TrafficIntent intent(FlinkBlueGreenDeployment parent, Decision decision) {
        var record = decision.plan().record();
        return new TrafficIntent(record.trafficColor(), routeIntent(parent, decision));
    }

    private RouteIntent routeIntent(FlinkBlueGreenDeployment parent, Decision decision) {
        if (!installed) {
            return new RouteIntent.Absent();
        }
        var observed = decision.observation();
        return ParentRoutes.intent(
                parent.getSpec(),
                Owners.of(parent),
                ChildNaming.names(parent),
                decision.plan().record(),
                observed.blue(),
                observed.green());
    }

    /** Feeds the traffic objects the executor wrote into the informer caches. */
    void cache(Context<FlinkBlueGreenDeployment> context, Applied applied) {
        if (applied.route() != null) {
            EventSources.routes(context)
                    .handleRecentResourceCreate(
                            ResourceID.fromResource(applied.route()), applied.route());
        }
        if (applied.ingress() != null) {
            EventSources.ingressInformer(context, ingressVersion)
                    .handleRecentResourceCreate(
                            ResourceID.fromResource(applied.ingress()), applied.ingress());
        }
    }
}
