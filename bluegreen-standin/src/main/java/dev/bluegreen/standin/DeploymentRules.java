package dev.bluegreen.standin;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

import static dev.bluegreen.standin.ValidationInput.lower;
import static dev.bluegreen.standin.ValidationInput.text;

/**
 * The checks the stand-in makes on a FlinkDeployment before acting on it, in the order upstream's
 * {@code DefaultValidator} (operator 1.15.0) makes them; the first failing rule names the problem.
 * Each rule says which upstream check it mirrors; docs/standin.md lists them. The job-spec rules
 * are in {@link JobRules}. Pure and stateless.
 */
final class DeploymentRules {

    /**
     * One named check.
     *
     * @param name what it checks
     * @param mirrors the upstream check it mirrors ({@code DefaultValidator} method, or where else)
     * @param check the problem with the input, if any
     */
    record Rule(String name, String mirrors, Function<ValidationInput, Optional<String>> check) {}

    /** Flink versions the 1.15.0 CRD knows, and those at least v1_15 (supported). */
    static final List<String> KNOWN_VERSIONS =
            List.of(
                    "v1_13", "v1_14", "v1_15", "v1_16", "v1_17", "v1_18", "v1_19", "v1_20", "v2_0",
                    "v2_1", "v2_2");

    private static final Set<String> UNSUPPORTED_VERSIONS = Set.of("v1_13", "v1_14");
    private static final Pattern NAME = Pattern.compile("[a-z]([-a-z\\d]{0,43}[a-z\\d])?");
    private static final List<String> FORBIDDEN_KEYS =
            List.of(
                    "kubernetes.namespace",
                    "kubernetes.cluster-id",
                    "high-availability.cluster-id");
    private static final List<String> LOG_KEYS =
            List.of("log4j-console.properties", "logback-console.xml");
    private static final String SCHEMA = "CRD schema (the API server refuses the object)";
    private static final String OPERATOR = "kubernetes.operator.";

    /** All rules, in the order they are applied. */
    static final List<Rule> RULES =
            List.of(
                    new Rule(
                            "flinkVersion is a known value", SCHEMA, DeploymentRules::knownVersion),
                    new Rule("job.state is a known value", SCHEMA, JobRules::knownState),
                    new Rule("job.upgradeMode is a known value", SCHEMA, JobRules::knownMode),
                    new Rule("name format", "validateDeploymentName", DeploymentRules::name),
                    new Rule("flinkVersion set", "validateFlinkVersion", DeploymentRules::version),
                    new Rule(
                            "flinkVersion supported",
                            "validateFlinkVersion",
                            DeploymentRules::supportedVersion),
                    new Rule(
                            "flinkVersion kept after a last-state suspend",
                            "validateFlinkVersion",
                            DeploymentRules::versionAfterSuspend),
                    new Rule(
                            "no forbidden config keys",
                            "validateFlinkDeploymentConfig",
                            DeploymentRules::forbiddenKeys),
                    new Rule(
                            "rollback needs HA",
                            "validateFlinkDeploymentConfig",
                            DeploymentRules::rollbackNeedsHa),
                    new Rule(
                            "health check needs JobManager deployment recovery",
                            "validateFlinkDeploymentConfig",
                            DeploymentRules::healthCheckNeedsRecovery),
                    new Rule("ingress has a template", "validateIngress", DeploymentRules::ingress),
                    new Rule(
                            "known log config keys", "validateLogConfig", DeploymentRules::logKeys),
                    new Rule("checkpoint directory", "validateJobSpec", JobRules::checkpointDir),
                    new Rule("savepoint directory", "validateJobSpec", JobRules::savepointDir),
                    new Rule("TaskManager replicas", "validateJobSpec", JobRules::tmReplicasInJob),
                    new Rule("job parallelism", "validateJobSpec", JobRules::parallelism),
                    new Rule("JobManager memory", "validateJmMemoryConfig", JobRules::jmMemory),
                    new Rule("JobManager replicas", "validateJmReplicas", JobRules::jmReplicas),
                    new Rule("TaskManager memory", "validateTmMemoryConfig", JobRules::tmMemory),
                    new Rule(
                            "deployment mode unchanged",
                            "validateSpecChange",
                            DeploymentRules::modeUnchanged),
                    new Rule(
                            "savepoint redeploy has a path",
                            "validateSpecChange",
                            JobRules::redeployPath),
                    new Rule(
                            "serviceAccount set",
                            "validateServiceAccount",
                            DeploymentRules::serviceAccount),
                    new Rule("job set", "stand-in (application jobs only)", JobRules::jobPresent),
                    new Rule(
                            "jarURI set and a URI with a scheme", "validateJarURI", JobRules::jar));

    private DeploymentRules() {}

    /** The problem of the first failing rule, if any. */
    static Optional<String> firstProblem(ValidationInput input) {
        for (Rule rule : RULES) {
            Optional<String> problem = rule.check().apply(input);
            if (problem.isPresent()) {
                return problem;
            }
        }
        return Optional.empty();
    }

    static Optional<String> knownVersion(ValidationInput in) {
        String version = text(in.spec(), "flinkVersion");
        return version == null || KNOWN_VERSIONS.contains(version)
                ? Optional.empty()
                : Optional.of(
                        JobRules.unsupportedValue("spec.flinkVersion", version, KNOWN_VERSIONS));
    }

    static Optional<String> name(ValidationInput in) {
        if (in.name() != null && NAME.matcher(in.name()).matches()) {
            return Optional.empty();
        }
        return Optional.of(
                "The FlinkDeployment name: "
                        + in.name()
                        + " is invalid, must consist of lower case alphanumeric characters or"
                        + " '-', start with an alphabetic character, and end with an alphanumeric"
                        + " character (e.g. 'my-name',  or 'abc-123'), and the length must be no"
                        + " more than 45 characters.");
    }

    static Optional<String> version(ValidationInput in) {
        return text(in.spec(), "flinkVersion") == null
                ? Optional.of("Flink Version must be defined.")
                : Optional.empty();
    }

    static Optional<String> supportedVersion(ValidationInput in) {
        String version = text(in.spec(), "flinkVersion");
        return UNSUPPORTED_VERSIONS.contains(version)
                ? Optional.of(
                        "Flink version " + version + " is not supported by this operator version")
                : Optional.empty();
    }

    static Optional<String> versionAfterSuspend(ValidationInput in) {
        JsonNode last = in.lastSpec();
        if (last == null
                || !last.path("job").isObject()
                || !in.job().isObject()
                || "stateless".equals(lower(in.job(), "upgradeMode", "stateless"))) {
            return Optional.empty();
        }
        return lastStateSuspend(last) && versionChanged(last, in.spec())
                ? Optional.of(
                        "Changing flinkVersion after last-state suspend is not allowed. Restore"
                                + " your cluster with the current flinkVersion and perform the"
                                + " version upgrade afterwards.")
                : Optional.empty();
    }

    private static boolean lastStateSuspend(JsonNode last) {
        return "suspended".equals(lower(last.path("job"), "state", "running"))
                && "last-state".equals(lower(last.path("job"), "upgradeMode", ""));
    }

    private static boolean versionChanged(JsonNode last, JsonNode spec) {
        return !String.valueOf(text(last, "flinkVersion"))
                .equals(String.valueOf(text(spec, "flinkVersion")));
    }

    static Optional<String> forbiddenKeys(ValidationInput in) {
        var config = in.config();
        return FORBIDDEN_KEYS.stream()
                .filter(config::containsKey)
                .findFirst()
                .map(key -> "Forbidden Flink config key: " + key);
    }

    static Optional<String> rollbackNeedsHa(ValidationInput in) {
        return in.flag(OPERATOR + "deployment.rollback.enabled", false) && !in.highAvailability()
                ? Optional.of("HA must be enabled for rollback support.")
                : Optional.empty();
    }

    static Optional<String> healthCheckNeedsRecovery(ValidationInput in) {
        String healthCheck = OPERATOR + "cluster.health-check.enabled";
        String recovery = OPERATOR + "jm-deployment-recovery.enabled";
        return in.flag(healthCheck, false) && !in.flag(recovery, true)
                ? Optional.of(
                        "Deployment recovery ("
                                + recovery
                                + ") must be enabled for job health check ("
                                + healthCheck
                                + ") support.")
                : Optional.empty();
    }

    static Optional<String> ingress(ValidationInput in) {
        JsonNode ingress = in.spec().get("ingress");
        if (ingress == null || ingress.isNull()) {
            return Optional.empty();
        }
        return text(ingress, "template") == null
                ? Optional.of("Ingress template must be defined")
                : Optional.empty();
    }

    static Optional<String> logKeys(ValidationInput in) {
        JsonNode logs = in.spec().get("logConfiguration");
        if (logs == null || !logs.isObject()) {
            return Optional.empty();
        }
        return logs.properties().stream()
                .map(e -> e.getKey())
                .filter(key -> !LOG_KEYS.contains(key))
                .findFirst()
                .map(key -> "Invalid log config key: " + key + ". Allowed keys are " + LOG_KEYS);
    }

    static Optional<String> modeUnchanged(ValidationInput in) {
        if (in.lastSpec() == null) {
            return Optional.empty();
        }
        String before = lower(in.lastSpec(), "mode", "native");
        String now = lower(in.spec(), "mode", "native");
        if (before.equals(now)) {
            return Optional.empty();
        }
        return Optional.of(
                "native".equals(before)
                        ? "Cannot switch from native kubernetes to standalone kubernetes cluster"
                        : "Cannot switch from standalone kubernetes to native kubernetes cluster");
    }

    static Optional<String> serviceAccount(ValidationInput in) {
        return text(in.spec(), "serviceAccount") == null
                ? Optional.of(
                        "spec.serviceAccount must be defined. If you use helm, its value should"
                                + " be the same with the name of jobServiceAccount.")
                : Optional.empty();
    }
}
