package dev.bluegreen.operator.controller;

import dev.bluegreen.ingress.ResourceNames;
import dev.bluegreen.operator.internal.apply.Applied;
import dev.bluegreen.operator.internal.apply.InstalledCrds;
import dev.bluegreen.operator.internal.spec.ChildNaming;
import dev.bluegreen.operator.internal.spec.Owners;
import dev.bluegreen.operator.internal.spec.ParentRoutes;
import dev.bluegreen.operator.internal.spec.RouteIntent;
import dev.bluegreen.operator.internal.validate.RouteChecks;
import dev.bluegreen.operator.internal.validate.SpecProblem;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPRoute;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.event.ResourceID;

import java.util.ArrayList;
import java.util.List;

/**
 * The reconciler's view of the parent Gateway API HTTPRoute: whether the HTTPRoute CRD was
 * installed when the controller started (then an informer watches the routes), the live route from
 * that informer's cache, what the route should be after a decision, and the refusal of a parent
 * that asks for a route on a cluster without the Gateway API. Thread-safe.
 */
final class GatewayRoutes {
    private volatile boolean installed;

    /** Looks up the HTTPRoute CRD once (one GET), before the informers are built. */
    void detect(KubernetesClient client) {
        installed = InstalledCrds.httpRoutes(client);
    }

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

    /** The parent's HTTPRoute from the informer cache; {@code null} without the Gateway API. */
    HTTPRoute live(Context<FlinkBlueGreenDeployment> context, FlinkBlueGreenDeployment parent) {
        String name = ResourceNames.parentIngress(parent.getMetadata().getName());
        return installed ? EventSources.cachedRoute(context, parent, name) : null;
    }

    /** What the parent's HTTPRoute should be once the decision's plan is carried out. */
    RouteIntent intent(FlinkBlueGreenDeployment parent, Decision decision) {
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

    /** Feeds a route the executor wrote into the informer cache. */
    void cache(Context<FlinkBlueGreenDeployment> context, Applied applied) {
        if (applied.route() != null) {
            EventSources.routes(context)
                    .handleRecentResourceCreate(
                            ResourceID.fromResource(applied.route()), applied.route());
        }
    }
}
