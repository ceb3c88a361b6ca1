package dev.bluegreen.operator.internal.apply;

import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;

/** Reads a Secret (the headers of a web analysis check): one GET per call. */
public final class Secrets {
    private Secrets() {}

    /**
     * Secret {@code name} of {@code namespace}, or {@code null} when there is none.
     *
     * @throws io.fabric8.kubernetes.client.KubernetesClientException when it cannot be read (e.g.
     *     forbidden)
     */
    public static Secret get(KubernetesClient client, String namespace, String name) {
        return client.secrets().inNamespace(namespace).withName(name).get();
    }
}
