package dev.bluegreen.operator.controller;

import dev.bluegreen.ingress.IngressApiVersion;
import dev.bluegreen.ingress.ResourceNames;
import dev.bluegreen.operator.internal.apply.Applied;
import dev.bluegreen.operator.internal.apply.InstalledCrds;
import dev.bluegreen.operator.internal.apply.LiveTraffic;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.event.ResourceID;

import java.util.Objects;

/**
 * The reconciler's view of the parent's traffic objects, the Ingress and the Gateway API HTTPRoute:
 * whether the HTTPRoute CRD was installed when the controller started (then an informer watches the
 * routes), both objects as the informer caches hold them, and the writes fed back into the caches
 * (what they should be after a decision is the act stage's, the refusal of a route without the
 * Gateway API the observe stage's). Thread-safe.
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
