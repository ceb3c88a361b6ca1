package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.operator.internal.apply.Applied;
import dev.bluegreen.operator.internal.apply.LiveTraffic;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;

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

    /** The parent's Ingress and HTTPRoute from the caches (no route without the Gateway API). */
    LiveTraffic traffic();

    /** Whether the Gateway API's HTTPRoute CRD was installed when the controller started. */
    boolean httpRoutesInstalled();

    /** Feeds the objects one carried-out plan wrote (and deleted) into the caches. */
    void wrote(Applied applied);

    /** Feeds a child FlinkDeployment the adoption patched into the cache. */
    void adopted(GenericKubernetesResource child);
}
