package dev.bluegreen.operator.resource;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.fabric8.crd.generator.annotation.SchemaFrom;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;

import java.util.Map;

/**
 * The desired state of a {@link FlinkBlueGreenDeployment}: blue/green settings, the parent ingress
 * and HTTPRoute, the child template and the transition mode.
 *
 * <p>Read leniently, so that one resource the controller's classes do not match never stops the
 * informer of every resource: unknown fields are ignored and {@code transitionMode} is kept as the
 * text written (see {@link #getTransitionModeText()}); {@code SpecValidator} reports an unknown
 * value.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public class FlinkBlueGreenDeploymentSpec {
    @ValidationRule(
            value = SpecRules.KNOWN_OPTIONS_ONLY,
            message = SpecRules.KNOWN_OPTIONS_ONLY_MESSAGE)
    @Size(max = SpecRules.CONFIGURATION_KEYS_MAX)
    private Map<String, String> configuration;

    @ValidationRule(
            value = SpecRules.INGRESS_TEMPLATE_SET,
            message = SpecRules.INGRESS_TEMPLATE_SET_MESSAGE)
    private ParentIngressSpec ingress;

    private ParentHttpRouteSpec httpRoute;

    @Required private DeploymentTemplate template;

    @Default("BASIC")
    @ValidationRule(
            value = SpecRules.TRANSITION_MODE_FIXED,
            message = SpecRules.TRANSITION_MODE_FIXED_MESSAGE)
    @SchemaFrom(type = TransitionMode.class)
    @JsonProperty("transitionMode")
    private String transitionMode;

    /**
     * Blue/green settings as Flink-style keys, e.g. {@code
     * kubernetes.operator.bluegreen.abort.grace-period: 10 min}. May be {@code null}.
     */
    public Map<String, String> getConfiguration() {
        return configuration;
    }

    public void setConfiguration(Map<String, String> configuration) {
        this.configuration = configuration;
    }

    /** The parent ingress, or {@code null} for none. */
    public ParentIngressSpec getIngress() {
        return ingress;
    }

    public void setIngress(ParentIngressSpec ingress) {
        this.ingress = ingress;
    }

    /**
     * The parent Gateway API HTTPRoute, or {@code null} for none. May be set together with {@link
     * #getIngress()} (both follow the active child).
     */
    public ParentHttpRouteSpec getHttpRoute() {
        return httpRoute;
    }

    public void setHttpRoute(ParentHttpRouteSpec httpRoute) {
        this.httpRoute = httpRoute;
    }

    /** The template of both children. */
    public DeploymentTemplate getTemplate() {
        return template;
    }

    public void setTemplate(DeploymentTemplate template) {
        this.template = template;
    }

    /**
     * BASIC (default) or ADVANCED; {@code null} means BASIC, or a value that names no mode (see
     * {@link #getTransitionModeText()}).
     */
    @JsonIgnore
    public TransitionMode getTransitionMode() {
        return TransitionMode.known(transitionMode);
    }

    @JsonIgnore
    public void setTransitionMode(TransitionMode transitionMode) {
        this.transitionMode = transitionMode == null ? null : transitionMode.name();
    }

    /** {@code transitionMode} as written, possibly naming no {@link TransitionMode}; or null. */
    @JsonIgnore
    public String getTransitionModeText() {
        return transitionMode;
    }

    @JsonIgnore
    public void setTransitionModeText(String transitionMode) {
        this.transitionMode = transitionMode;
    }
}
