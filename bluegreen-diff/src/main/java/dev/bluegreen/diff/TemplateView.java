package dev.bluegreen.diff;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;

import java.util.Locale;
import java.util.Set;

/**
 * The facts of a FlinkBlueGreenDeployment spec that the controller acts on: whether the template
 * runs a job, whether that job is suspended, and its upgrade mode; plus the field names and the
 * known value sets of the FlinkDeployment CRD they come from. The one home of this knowledge: the
 * differ's normalizer, the controller's decision, its validation and its child builder read it
 * here.
 *
 * <pre>{@code
 * TemplateView view = TemplateView.of(parentSpec);
 * boolean stop = view.suspended();   // template.spec.job.state is "suspended"
 * boolean fast = view.stateless();   // template.spec.job.upgradeMode is "stateless"
 * }</pre>
 *
 * <p>Never throws: a missing or mistyped field reads as absent (validation is done elsewhere, with
 * {@link #JOB_STATES} and {@link #UPGRADE_MODES}). Immutable and thread-safe as long as the
 * underlying tree is not modified.
 */
public final class TemplateView {

    /** The key of the FlinkDeployment template in a FlinkBlueGreenDeployment spec. */
    public static final String TEMPLATE = "template";

    /** The key of the spec in a template (and of a FlinkDeployment's spec). */
    public static final String SPEC = "spec";

    /** The key of the job in a FlinkDeployment spec. */
    public static final String JOB = "job";

    /** The key of the job state in a job. */
    public static final String STATE = "state";

    /** The key of the upgrade mode in a job. */
    public static final String UPGRADE_MODE = "upgradeMode";

    /** The key of the savepoint a job starts from, in a job. */
    public static final String INITIAL_SAVEPOINT_PATH = "initialSavepointPath";

    /** The job state of a running job; an absent state means running. */
    public static final String RUNNING = "running";

    /** The job state of a suspended job. */
    public static final String SUSPENDED = "suspended";

    /** The job states of the CRD. */
    public static final Set<String> JOB_STATES = Set.of(RUNNING, SUSPENDED);

    /** The upgrade mode that cancels the job without a savepoint. */
    public static final String STATELESS = "stateless";

    /** The upgrade mode that takes a savepoint. */
    public static final String SAVEPOINT = "savepoint";

    /** The upgrade mode that restores from the last checkpoint, without a savepoint. */
    public static final String LAST_STATE = "last-state";

    /** The upgrade modes of the CRD. */
    public static final Set<String> UPGRADE_MODES = Set.of(STATELESS, SAVEPOINT, LAST_STATE);

    private final JsonNode deploymentSpec;

    private TemplateView(JsonNode deploymentSpec) {
        this.deploymentSpec = deploymentSpec == null ? MissingNode.getInstance() : deploymentSpec;
    }

    /**
     * Returns the view of a FlinkBlueGreenDeployment spec: its {@code template.spec}.
     *
     * @param parentSpec the FlinkBlueGreenDeployment {@code spec} tree, or null
     * @return the view, never null
     */
    public static TemplateView of(JsonNode parentSpec) {
        return parentSpec == null
                ? new TemplateView(null)
                : new TemplateView(parentSpec.path(TEMPLATE).path(SPEC));
    }

    /**
     * Returns the view of a FlinkDeployment spec: a template's {@code spec} or a child's {@code
     * spec}.
     *
     * @param deploymentSpec the FlinkDeployment {@code spec} tree, or null
     * @return the view, never null
     */
    public static TemplateView ofDeploymentSpec(JsonNode deploymentSpec) {
        return new TemplateView(deploymentSpec);
    }

    /** Returns the FlinkDeployment spec, a missing node if there is none. */
    public JsonNode deploymentSpec() {
        return deploymentSpec;
    }

    /** Returns the {@code job}, a missing node if there is none (or the spec is no object). */
    public JsonNode job() {
        return deploymentSpec.path(JOB);
    }

    /**
     * Whether a {@code job} is given (neither absent nor null); it may still be of a wrong type.
     */
    public boolean hasJob() {
        JsonNode job = job();
        return !job.isMissingNode() && !job.isNull();
    }

    /** Whether {@code job.state} is {@code suspended} (in any case). Absent means running. */
    public boolean suspended() {
        JsonNode state = job().path(STATE);
        return state.isTextual() && SUSPENDED.equalsIgnoreCase(state.textValue());
    }

    /**
     * Returns {@code job.upgradeMode} in lower case, e.g. {@code savepoint}.
     *
     * @return the mode, empty if it is absent or not a string
     */
    public String upgradeMode() {
        JsonNode mode = job().path(UPGRADE_MODE);
        return mode.isTextual() ? mode.textValue().toLowerCase(Locale.ROOT) : "";
    }

    /** Whether {@code job.upgradeMode} is {@code stateless} (in any case). */
    public boolean stateless() {
        return STATELESS.equals(upgradeMode());
    }
}
