package dev.bluegreen.operator.resource;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.fabric8.kubernetes.api.model.networking.v1.IngressTLS;

import java.util.List;
import java.util.Map;

/**
 * The parent ingress that follows the active child ({@code spec.ingress}), in the shape of the
 * upstream operator's IngressSpec. This is what the user writes; {@code
 * dev.bluegreen.ingress.ParentIngress} builds the Ingress object from it.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public class ParentIngressSpec {
    private String template;
    private String className;
    private Map<String, String> annotations;
    private Map<String, String> labels;
    private List<IngressTLS> tls;

    /** The URL template, e.g. {@code {{name}}.{{namespace}}.example.com}. Required. */
    public String getTemplate() {
        return template;
    }

    public void setTemplate(String template) {
        this.template = template;
    }

    /** The ingress class name, or {@code null}. */
    public String getClassName() {
        return className;
    }

    public void setClassName(String className) {
        this.className = className;
    }

    /** Annotations of the ingress, or {@code null}. */
    public Map<String, String> getAnnotations() {
        return annotations;
    }

    public void setAnnotations(Map<String, String> annotations) {
        this.annotations = annotations;
    }

    /** Labels of the ingress, or {@code null}. */
    public Map<String, String> getLabels() {
        return labels;
    }

    public void setLabels(Map<String, String> labels) {
        this.labels = labels;
    }

    /** TLS settings, or {@code null}. */
    public List<IngressTLS> getTls() {
        return tls;
    }

    public void setTls(List<IngressTLS> tls) {
        this.tls = tls;
    }
}
