package dev.bluegreen.operator.controller;

import dev.bluegreen.operator.internal.apply.Applied;
import dev.bluegreen.operator.internal.apply.InstalledCrds;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.event.ResourceID;

/**
 * The reconciler's view of the parent Gateway API HTTPRoute: whether the HTTPRoute CRD was
 * installed when the controller started (then an informer watches the routes), and feeding the
 * routes the controller wrote into that informer's cache. Thread-safe.
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

    /** Feeds a route the executor wrote into the informer cache. */
    void cache(Context<FlinkBlueGreenDeployment> context, Applied applied) {
        if (applied.route() != null) {
            EventSources.routes(context)
                    .handleRecentResourceCreate(
                            ResourceID.fromResource(applied.route()), applied.route());
        }
    }
}
