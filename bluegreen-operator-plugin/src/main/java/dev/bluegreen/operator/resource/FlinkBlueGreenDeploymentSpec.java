package dev.bluegreen.operator.resource;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.fabric8.crd.generator.annotation.SchemaFrom;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Pattern;
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
    /** The schema pattern of {@code adoptDeployment}: a DNS-1123 label. */
    public static final String ADOPT_DEPLOYMENT_PATTERN = "^[a-z0-9]([-a-z0-9]*[a-z0-9])?$";

    /** The longest {@code adoptDeployment}: the Flink operator's limit on FlinkDeployment names. */
    public static final int ADOPT_DEPLOYMENT_MAX_LENGTH = 45;

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

    @Pattern(ADOPT_DEPLOYMENT_PATTERN)
    @Size(max = ADOPT_DEPLOYMENT_MAX_LENGTH)
    private String adoptDeployment;

    @Required private DeploymentTemplate template;

    private AnalysisSpec analysis;

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
     * The name of a running FlinkDeployment in the parent's namespace to adopt as the blue child on
     * the first deployment (as the green child when it is named {@code <parent>-green}, as a child
     * of the upstream operator's parent of the same name is), instead of deploying a new one; or
     * {@code null} (default) to deploy blue from the template. The adopted deployment keeps its
     * name and its running job: the controller writes only its metadata (owner reference, labels,
     * an annotation). Read only before the first deployment; changing it later has no effect. See
     * docs/operations.md, "Moving an existing job to blue/green, and back".
     */
    public String getAdoptDeployment() {
        return adoptDeployment;
    }

    public void setAdoptDeployment(String adoptDeployment) {
        this.adoptDeployment = adoptDeployment;
    }

    /**
     * The analysis checks before and after the switch (docs/analysis.md); {@code null} (default):
     * none, readiness alone decides promotion.
     */
    public AnalysisSpec getAnalysis() {
        return analysis;
    }

    public void setAnalysis(AnalysisSpec analysis) {
        this.analysis = analysis;
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
