package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.operator.internal.apply.Applied;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPRoute;

/**
 * The informer caches of one parent's namespace as the pipeline reads and updates them: reads cost
 * no request. Implemented by the controller over JOSDK's informers.
 */
public interface Sources {
    /**
     * The cached child FlinkDeployment {@code name}, or {@code null}; a child the controller
     * deleted that the cache still holds is not returned.
     */
    GenericKubernetesResource child(String name);

    /** The cached FlinkStateSnapshot {@code name}, or {@code null}. */
    GenericKubernetesResource snapshot(String name);

    /** The cached parent HTTPRoute {@code name}; {@code null} without one or the Gateway API. */
    HTTPRoute route(String name);

    /** Whether the Gateway API's HTTPRoute CRD was installed when the controller started. */
    boolean httpRoutesInstalled();

    /** Feeds the objects one carried-out plan wrote (and deleted) into the caches. */
    void wrote(Applied applied);

    /** Feeds a child FlinkDeployment the adoption patched into the cache. */
    void adopted(GenericKubernetesResource child);
}
