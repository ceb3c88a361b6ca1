package dev.bluegreen.operator.resource;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.fabric8.generator.annotation.Required;

/**
 * A Gateway the parent {@code HTTPRoute} attaches to ({@code spec.httpRoute.parentRefs[]}), as in
 * the Gateway API's {@code ParentReference} with group {@code gateway.networking.k8s.io} and kind
 * {@code Gateway}.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public class GatewayParentRef {
    @Required private String name;
    private String namespace;
    private String sectionName;

    /** The Gateway's name. Required. */
    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    /** The Gateway's namespace; {@code null}: the parent's namespace. */
    public String getNamespace() {
        return namespace;
    }

    public void setNamespace(String namespace) {
        this.namespace = namespace;
    }

    /** The Gateway listener to attach to; {@code null}: every listener that allows the route. */
    public String getSectionName() {
        return sectionName;
    }

    public void setSectionName(String sectionName) {
        this.sectionName = sectionName;
    }
}
