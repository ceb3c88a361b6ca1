package dev.bluegreen.operator.resource;

import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Required;

import java.util.Map;

/**
 * The desired state of a {@link FlinkBlueGreenDeployment}: blue/green settings, the parent ingress,
 * the child template and the transition mode.
 */
public class FlinkBlueGreenDeploymentSpec {
    private Map<String, String> configuration;
    private ParentIngress ingress;

    @Required private DeploymentTemplate template;

    @Default("BASIC")
    private TransitionMode transitionMode;

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
    public ParentIngress getIngress() {
        return ingress;
    }

    public void setIngress(ParentIngress ingress) {
        this.ingress = ingress;
    }

    /** The template of both children. */
    public DeploymentTemplate getTemplate() {
        return template;
    }

    public void setTemplate(DeploymentTemplate template) {
        this.template = template;
    }

    /** BASIC (default) or ADVANCED; {@code null} means BASIC. */
    public TransitionMode getTransitionMode() {
        return transitionMode;
    }

    public void setTransitionMode(TransitionMode transitionMode) {
        this.transitionMode = transitionMode;
    }
}
