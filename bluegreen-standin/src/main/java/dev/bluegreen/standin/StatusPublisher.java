package dev.bluegreen.standin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;

import java.io.IOException;
import java.util.Map;

/**
 * Writes one FlinkDeployment's status when it changed, and again when someone else replaced it
 * after our last write (e.g. a replace of the whole object on a server that ignores the status
 * subresource). Used by one worker thread only.
 */
final class StatusPublisher {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final StatusWriter writer;
    private final String namespace;
    private final String name;
    private final String uid;
    private Map<String, Object> written;
    private String writtenVersion;

    StatusPublisher(StatusWriter writer, String namespace, String name, String uid) {
        this.writer = writer;
        this.namespace = namespace;
        this.name = name;
        this.uid = uid;
    }

    /** Writes {@code status} unless it is what we wrote last. */
    void publish(Map<String, Object> status) {
        if (!status.equals(written)) {
            String version = writer.write(Crds.DEPLOYMENTS, namespace, name, uid, status);
            if (version != null) {
                written = status;
                writtenVersion = version;
            }
        }
    }

    /** Notes the object as last seen: a newer version with another status is rewritten. */
    void observed(GenericKubernetesResource fd) {
        if (written == null || !newer(fd.getMetadata().getResourceVersion(), writtenVersion)) {
            return;
        }
        JsonNode seen = JSON.valueToTree(fd.getAdditionalProperties().get("status"));
        if (!normalized(seen).equals(normalized(JSON.valueToTree(written)))) {
            written = null;
        }
    }

    private static JsonNode normalized(JsonNode node) {
        try {
            // ints and longs become the same node types when re-read
            return JSON.readTree(JSON.writeValueAsString(node));
        } catch (IOException e) {
            return node;
        }
    }

    /** Versions are opaque; the API servers we meet use increasing integers. */
    private static boolean newer(String seen, String ours) {
        try {
            return Long.parseLong(seen) > Long.parseLong(ours);
        } catch (NumberFormatException | NullPointerException opaque) {
            return seen != null && !seen.equals(ours);
        }
    }
}
