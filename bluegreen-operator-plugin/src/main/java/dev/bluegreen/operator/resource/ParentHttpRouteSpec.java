package dev.bluegreen.operator.resource;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.fabric8.generator.annotation.Required;

import java.util.List;
import java.util.Map;

/**
 * The parent Gateway API {@code HTTPRoute} that follows the active child ({@code spec.httpRoute}),
 * the alternative to {@code spec.ingress} on clusters that route through the Gateway API. Field
 * names follow the {@code HTTPRoute} spec ({@code parentRefs}, {@code hostnames}). This is what the
 * user writes; {@code dev.bluegreen.ingress.ParentHttpRoute} builds the route from it.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public class ParentHttpRouteSpec {
    @Required private List<GatewayParentRef> parentRefs;
    private List<String> hostnames;
    private String path;
    private HttpRoutePreviewSpec preview;
    private Map<String, String> labels;
    private Map<String, String> annotations;

    /** The Gateways (or their listeners) the route attaches to. Required, at least one. */
    public List<GatewayParentRef> getParentRefs() {
        return parentRefs;
    }

    public void setParentRefs(List<GatewayParentRef> parentRefs) {
        this.parentRefs = parentRefs;
    }

    /**
     * The hostnames the route serves (DNS-1123 subdomains, optionally {@code *.}-prefixed); {@code
     * null} or empty: every hostname of the listener.
     */
    public List<String> getHostnames() {
        return hostnames;
    }

    public void setHostnames(List<String> hostnames) {
        this.hostnames = hostnames;
    }

    /**
     * The path prefix the route serves, e.g. {@code /flink/orders}; {@code null} means {@code /}. A
     * longer prefix is replaced by {@code /} before a request reaches the child.
     */
    public String getPath() {
        return path;
    }

    public void setPath(String path) {
        this.path = path;
    }

    /**
     * How requests reach the incoming child while a transition is in flight and it runs; {@code
     * null} (the default): no preview.
     */
    public HttpRoutePreviewSpec getPreview() {
        return preview;
    }

    public void setPreview(HttpRoutePreviewSpec preview) {
        this.preview = preview;
    }

    /** Labels of the route ({@code component=ingress} is always added), or {@code null}. */
    public Map<String, String> getLabels() {
        return labels;
    }

    public void setLabels(Map<String, String> labels) {
        this.labels = labels;
    }

    /** Annotations of the route, or {@code null}. */
    public Map<String, String> getAnnotations() {
        return annotations;
    }

    public void setAnnotations(Map<String, String> annotations) {
        this.annotations = annotations;
    }
}
