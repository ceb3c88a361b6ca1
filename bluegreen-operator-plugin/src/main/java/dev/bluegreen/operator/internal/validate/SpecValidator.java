package dev.bluegreen.operator.internal.validate;

import dev.bluegreen.diff.InvalidSpecException;
import dev.bluegreen.diff.SpecDiffer;
import dev.bluegreen.ingress.ResourceNames;
import dev.bluegreen.operator.internal.config.BlueGreenOptions;
import dev.bluegreen.operator.internal.config.ParsedOptions;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentSpec;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus;
import dev.bluegreen.operator.resource.TransitionMode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Checks a FlinkBlueGreenDeployment before the controller acts on it. A resource with problems gets
 * the condition InvalidSpec and a Warning event, and the controller leaves its children alone.
 *
 * <p>Checks: {@code metadata.name} (a valid parent name, see {@code ResourceNames}); {@code
 * spec.template.metadata} labels and annotations valid; {@code spec.template.spec} an object with a
 * {@code job} object, {@code job.jarURI} set (unless {@code mode: standalone}), {@code
 * job.upgradeMode} and {@code job.state} known values; the blue/green options of {@code
 * spec.configuration}; the parent ingress ({@code spec.ingress}), the parent HTTPRoute ({@code
 * spec.httpRoute}) and the children's ingress template; the {@code transitionMode} (a known value,
 * also when the resource was stored without the CRD's schema) and that it did not change after the
 * first deployment; the analysis checks ({@code spec.analysis}, see {@link AnalysisChecks}); the
 * spec's shape as the differ reads it; and, when the cluster has the FlinkDeployment CRD, {@code
 * spec.template.spec} against its schema. Immutable and thread-safe.
 */
public final class SpecValidator {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The smallest spec the differ accepts: the baseline for checking the desired spec's shape. */
    private static final JsonNode MINIMAL_SPEC =
            JSON.createObjectNode()
                    .set("template", JSON.createObjectNode().set("spec", JSON.createObjectNode()));

    private final SchemaValidator schema;

    private SpecValidator(SchemaValidator schema) {
        this.schema = schema;
    }

    /** A validator without a FlinkDeployment schema (no CRD installed, or not known). */
    public static SpecValidator withoutSchema() {
        return new SpecValidator(null);
    }

    /** A validator that also checks {@code spec.template.spec} against the installed CRD. */
    public static SpecValidator withSchema(SchemaValidator schema) {
        return new SpecValidator(Objects.requireNonNull(schema, "schema == null"));
    }

    /**
     * Validates a resource that has not been deployed yet (no previous status).
     *
     * @return the problems, in a fixed order; empty when the resource is valid
     */
    public List<SpecProblem> validate(FlinkBlueGreenDeployment resource) {
        return validate(resource, null);
    }

    /**
     * Validates a resource against its persisted status.
     *
     * @param resource the resource as read from the cluster
     * @param previous its current status, or {@code null}; its {@code transitionMode} (set at the
     *     first deployment) must not change
     * @return the problems, in a fixed order; empty when the resource is valid
     */
    public List<SpecProblem> validate(
            FlinkBlueGreenDeployment resource, FlinkBlueGreenDeploymentStatus previous) {
        Objects.requireNonNull(resource, "resource == null");
        var spec = resource.getSpec();
        return validate(
                resource,
                previous,
                BlueGreenOptions.read(spec == null ? null : spec.getConfiguration()));
    }

    /**
     * Validates a resource against its persisted status, with its options already parsed (the
     * reconciler parses {@code spec.configuration} once per reconcile and passes the result here).
     *
     * @param resource the resource as read from the cluster
     * @param previous its current status, or {@code null}
     * @param options the resource's {@code spec.configuration}, parsed; its problems are reported
     * @return the problems, in a fixed order; empty when the resource is valid
     */
    public List<SpecProblem> validate(
            FlinkBlueGreenDeployment resource,
            FlinkBlueGreenDeploymentStatus previous,
            ParsedOptions options) {
        Objects.requireNonNull(resource, "resource == null");
        Objects.requireNonNull(options, "options == null");
        var problems = new ArrayList<SpecProblem>();
        String name = resource.getMetadata() == null ? null : resource.getMetadata().getName();
        String namespace =
                resource.getMetadata() == null ? null : resource.getMetadata().getNamespace();
        checkName(name, problems);
        FlinkBlueGreenDeploymentSpec spec = resource.getSpec();
        if (spec == null) {
            problems.add(new SpecProblem("spec", "required"));
            return List.copyOf(problems);
        }
        checkTransitionMode(spec, previous, problems);
        options.problems().forEach(e -> problems.add(new SpecProblem(e.field(), e.problem())));
        checkSpec(resource, name, namespace, problems);
        return List.copyOf(problems);
    }

    /**
     * The spec's ingress, route, adoption, analysis and template; child names only from a valid
     * name.
     */
    private void checkSpec(
            FlinkBlueGreenDeployment resource,
            String name,
            String namespace,
            List<SpecProblem> problems) {
        FlinkBlueGreenDeploymentSpec spec = resource.getSpec();
        boolean nameValid = problems.stream().noneMatch(p -> p.field().equals("metadata.name"));
        IngressChecks.parent(spec, name, namespace, nameValid, problems);
        RouteChecks.fields(spec, problems);
        AdoptionChecks.check(resource, problems);
        AnalysisChecks.check(spec.getAnalysis(), problems);
        checkTemplate(spec, name, namespace, nameValid, problems);
    }

    /** {@code spec.template}: its metadata, its spec, the child ingress and the CRD schema. */
    private void checkTemplate(
            FlinkBlueGreenDeploymentSpec spec,
            String name,
            String namespace,
            boolean nameValid,
            List<SpecProblem> problems) {
        if (spec.getTemplate() != null) {
            IngressChecks.templateMetadata(spec.getTemplate().getMetadata(), problems);
        }
        JsonNode templateSpec = spec.getTemplate() == null ? null : spec.getTemplate().getSpec();
        if (TemplateChecks.check(templateSpec, problems)) {
            IngressChecks.children(templateSpec, name, namespace, nameValid, problems);
            checkShape(spec, problems);
            if (schema != null) {
                problems.addAll(schema.validate(templateSpec));
            }
        }
    }

    private static void checkName(String name, List<SpecProblem> problems) {
        if (name == null) {
            problems.add(new SpecProblem("metadata.name", "required"));
            return;
        }
        try {
            ResourceNames.validateParent(name);
        } catch (IllegalArgumentException e) {
            problems.add(SpecProblem.fromMessage(e.getMessage(), "metadata.name"));
        }
    }

    private static void checkTransitionMode(
            FlinkBlueGreenDeploymentSpec spec,
            FlinkBlueGreenDeploymentStatus previous,
            List<SpecProblem> problems) {
        TransitionMode mode = spec.getTransitionMode();
        if (mode == null && spec.getTransitionModeText() != null) {
            problems.add(
                    new SpecProblem(
                            "spec.transitionMode",
                            TransitionMode.unknownValue(spec.getTransitionModeText())));
            return;
        }
        TransitionMode effective = mode == null ? TransitionMode.BASIC : mode;
        TransitionMode deployed = previous == null ? null : previous.getTransitionMode();
        if (deployed != null && deployed != effective) {
            problems.add(modeChanged(deployed, effective));
        }
    }

    private static SpecProblem modeChanged(TransitionMode deployed, TransitionMode effective) {
        return new SpecProblem(
                "spec.transitionMode",
                "cannot change after the first deployment: deployed with "
                        + deployed
                        + ", got "
                        + effective
                        + "; delete and recreate the resource to change it");
    }

    /**
     * Runs the differ's own validation, which names the path of malformed fields; a field that
     * already has a problem is not reported twice.
     */
    private static void checkShape(FlinkBlueGreenDeploymentSpec spec, List<SpecProblem> problems) {
        JsonNode tree = JSON.valueToTree(spec);
        try {
            SpecDiffer.withDefaults().diff(MINIMAL_SPEC, tree);
        } catch (InvalidSpecException e) {
            String field = e.path().isEmpty() ? "spec" : "spec." + e.path();
            String message = e.getMessage().replace(" (in the desired spec)", "");
            int colon = message.indexOf(": ");
            if (problems.stream().noneMatch(p -> p.field().equals(field))) {
                problems.add(
                        new SpecProblem(field, colon < 0 ? message : message.substring(colon + 2)));
            }
        }
    }
}
