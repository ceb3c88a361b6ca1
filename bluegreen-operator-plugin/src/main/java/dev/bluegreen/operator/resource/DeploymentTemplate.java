package dev.bluegreen.operator.resource;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.crd.generator.annotation.PreserveUnknownFields;
import io.fabric8.kubernetes.api.model.ObjectMeta;

/**
 * The template of the child FlinkDeployments: metadata whose labels and annotations are propagated
 * to both children, and a FlinkDeploymentSpec kept as free-form JSON so that fields of newer
 * operator versions pass through untouched.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public class DeploymentTemplate {
    private ObjectMeta metadata;

    @PreserveUnknownFields private JsonNode spec;

    /** Metadata for the children; only labels and annotations are used. May be {@code null}. */
    public ObjectMeta getMetadata() {
        return metadata;
    }

    public void setMetadata(ObjectMeta metadata) {
        this.metadata = metadata;
    }

    /** The FlinkDeploymentSpec of the children, as JSON. Required. */
    public JsonNode getSpec() {
        return spec;
    }

    public void setSpec(JsonNode spec) {
        this.spec = spec;
    }
}
