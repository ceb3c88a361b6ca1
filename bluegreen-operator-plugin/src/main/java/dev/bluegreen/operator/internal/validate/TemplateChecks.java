package dev.bluegreen.operator.internal.validate;

import dev.bluegreen.diff.TemplateView;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;
import java.util.Set;

/** The checks of {@code spec.template.spec} that do not need the FlinkDeployment schema. */
final class TemplateChecks {
    static final String SPEC = "spec.template.spec";
    static final String JOB = SPEC + ".job";

    private TemplateChecks() {}

    /**
     * Checks the template spec and its job.
     *
     * @return whether the template spec is an object, so that deeper checks can run
     */
    static boolean check(JsonNode templateSpec, List<SpecProblem> problems) {
        if (templateSpec == null || templateSpec.isNull() || templateSpec.isMissingNode()) {
            problems.add(
                    new SpecProblem(SPEC, "required: the FlinkDeployment spec of the children"));
            return false;
        }
        if (!templateSpec.isObject()) {
            problems.add(new SpecProblem(SPEC, "expected an object, got " + show(templateSpec)));
            return false;
        }
        checkJob(templateSpec, problems);
        checkFlinkConfiguration(templateSpec, problems);
        return true;
    }

    /** The controller writes {@code bluegreen.color} (and the gate keys) into this object. */
    private static void checkFlinkConfiguration(JsonNode templateSpec, List<SpecProblem> problems) {
        JsonNode config = templateSpec.get("flinkConfiguration");
        if (config != null && !config.isNull() && !config.isObject()) {
            problems.add(
                    new SpecProblem(
                            SPEC + ".flinkConfiguration",
                            "expected an object, got " + show(config)));
        }
    }

    private static final String NO_JOB =
            "required: a blue/green deployment runs an application job"
                    + " (session clusters are not supported)";

    private static void checkJob(JsonNode templateSpec, List<SpecProblem> problems) {
        TemplateView template = TemplateView.ofDeploymentSpec(templateSpec);
        if (!template.hasJob()) {
            problems.add(new SpecProblem(JOB, NO_JOB));
            return;
        }
        JsonNode job = template.job();
        if (!job.isObject()) {
            problems.add(new SpecProblem(JOB, "expected an object, got " + show(job)));
            return;
        }
        boolean standalone = "standalone".equals(templateSpec.path("mode").asText());
        checkJar(job.get("jarURI"), standalone, problems);
        checkEnum(job, TemplateView.UPGRADE_MODE, TemplateView.UPGRADE_MODES, problems);
        checkEnum(job, TemplateView.STATE, TemplateView.JOB_STATES, problems);
    }

    /** The job's jar: a string, required except in standalone mode (the image has it). */
    private static void checkJar(JsonNode jar, boolean standalone, List<SpecProblem> problems) {
        if (jar != null && !jar.isNull() && !jar.isTextual()) {
            problems.add(new SpecProblem(JOB + ".jarURI", "expected a string, got " + show(jar)));
        } else if ((jar == null || jar.isNull() || jar.asText().isBlank()) && !standalone) {
            problems.add(
                    new SpecProblem(
                            JOB + ".jarURI",
                            "required: the job's jar, e.g. local:///opt/flink/usrlib/job.jar"));
        }
    }

    private static void checkEnum(
            JsonNode job, String key, Set<String> allowed, List<SpecProblem> problems) {
        JsonNode value = job.get(key);
        if (value == null || value.isNull()) {
            return;
        }
        if (!value.isTextual() || !allowed.contains(value.asText())) {
            problems.add(
                    new SpecProblem(
                            JOB + "." + key,
                            "expected one of " + sorted(allowed) + ", got " + show(value)));
        }
    }

    private static List<String> sorted(Set<String> values) {
        return values.stream().sorted().toList();
    }

    static String show(JsonNode node) {
        if (node.isObject()) {
            return "an object";
        }
        if (node.isArray()) {
            return "an array";
        }
        return (node.isTextual() ? "string " : node.isBoolean() ? "boolean " : "number ") + node;
    }
}
