package dev.bluegreen.standin;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;

import java.net.HttpURLConnection;
import java.util.Map;

/**
 * Writes a status the way the upstream operator does: a PUT of the whole object to the status
 * subresource with the resourceVersion it was read at (optimistic locking), re-reading and retrying
 * on a conflict. Never a JSON merge patch. Thread-safe.
 */
final class StatusWriter {
    private static final int ATTEMPTS = 5;

    private final KubernetesClient client;

    StatusWriter(KubernetesClient client) {
        this.client = client;
    }

    /**
     * Replaces the status of {@code namespace/name}, unless the object's uid is no longer {@code
     * uid} (deleted and re-created) or it is gone.
     *
     * @return the resourceVersion after the write, or {@code null} when nothing was written
     * @throws KubernetesClientException for errors other than a conflict or a missing object
     */
    String write(
            ResourceDefinitionContext type,
            String namespace,
            String name,
            String uid,
            Map<String, Object> status) {
        var resources = client.genericKubernetesResources(type).inNamespace(namespace);
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            GenericKubernetesResource current = resources.withName(name).get();
            if (current == null || !uid.equals(current.getMetadata().getUid())) {
                return null;
            }
            current.setAdditionalProperty("status", status);
            try {
                return update(resources.resource(current));
            } catch (KubernetesClientException e) {
                if (gone(e, attempt)) {
                    return null;
                }
                // someone changed the object since the read: read again and retry
            }
        }
        return null;
    }

    /**
     * Whether the failed write found the object gone; rethrows {@code e} unless it is a conflict
     * with attempts left.
     */
    private static boolean gone(KubernetesClientException e, int attempt) {
        if (e.getCode() == HttpURLConnection.HTTP_NOT_FOUND) {
            return true;
        }
        if (e.getCode() != HttpURLConnection.HTTP_CONFLICT || attempt == ATTEMPTS) {
            throw e;
        }
        return false;
    }

    /** Replaces the status, locked to the resourceVersion it was read at; the new version. */
    private static String update(Resource<GenericKubernetesResource> resource) {
        return resource.lockResourceVersion().updateStatus().getMetadata().getResourceVersion();
    }
}
