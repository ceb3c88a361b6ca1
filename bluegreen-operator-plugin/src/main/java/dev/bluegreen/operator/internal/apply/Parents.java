package dev.bluegreen.operator.internal.apply;

import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.client.KubernetesClient;

/** Reads a parent from the API server, bypassing the informer cache. */
public final class Parents {
    private Parents() {}

    /**
     * The live parent, or {@code null} when it is gone.
     *
     * @throws io.fabric8.kubernetes.client.KubernetesClientException on API errors
     */
    public static FlinkBlueGreenDeployment live(
            KubernetesClient client, FlinkBlueGreenDeployment cached) {
        return client.resources(FlinkBlueGreenDeployment.class)
                .inNamespace(cached.getMetadata().getNamespace())
                .withName(cached.getMetadata().getName())
                .get();
    }
}
