package dev.bluegreen.standin;

import dev.bluegreen.standin.DeploymentRules.Rule;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each rule, row by row: a good spec with one edit fails exactly that rule with upstream's message.
 * Edits are {@code path=json} pairs separated by {@code ;} ({@code /} between path segments, {@code
 * ~} removes, {@code @name} sets the name); {@code last} edits make the last reconciled spec.
 */
class DeploymentRulesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String GOOD =
            "{'flinkVersion': 'v1_20', 'serviceAccount': 'flink', 'image': 'flink:1.20',"
                    + " 'flinkConfiguration': {'execution.checkpointing.dir': 's3://b/cp',"
                    + " 'execution.checkpointing.savepoint-dir': 's3://b/sp'},"
                    + " 'jobManager': {'resource': {'memory': '1024m', 'cpu': 0.5}},"
                    + " 'taskManager': {'resource': {'memory': '1024m', 'cpu': 0.5}},"
                    + " 'job': {'jarURI': 'local:///opt/flink/usrlib/job.jar', 'entryClass': 'E',"
                    + " 'parallelism': 2, 'upgradeMode': 'savepoint', 'state': 'running'}}";
    private static final String NAME_RULE =
            " is invalid, must consist of lower case alphanumeric characters or '-', start with an"
                    + " alphabetic character, and end with an alphanumeric character (e.g."
                    + " 'my-name',  or 'abc-123'), and the length must be no more than 45"
                    + " characters.";
    private static final String SAVEPOINT_KEY = "config key[execution.checkpointing.savepoint-dir]";
    private static final String HEALTH = "kubernetes.operator.cluster.health-check.enabled";
    private static final String RECOVERY = "kubernetes.operator.jm-deployment-recovery.enabled";

    static Stream<Arguments> rows() {
        return Stream.of(
                row(
                        "flinkVersion is a known value",
                        "flinkVersion='v9_9'",
                        null,
                        "spec.flinkVersion: Unsupported value: \"v9_9\": supported values:"
                                + " \"v1_13\", \"v1_14\", \"v1_15\", \"v1_16\", \"v1_17\", \"v1_18\","
                                + " \"v1_19\", \"v1_20\", \"v2_0\", \"v2_1\", \"v2_2\""),
                row(
                        "job.state is a known value",
                        "job/state='RUNNING'",
                        null,
                        "spec.job.state: Unsupported value: \"RUNNING\": supported values:"
                                + " \"running\", \"suspended\""),
                row(
                        "job.upgradeMode is a known value",
                        "job/upgradeMode='last_state'",
                        null,
                        "spec.job.upgradeMode: Unsupported value: \"last_state\": supported values:"
                                + " \"last-state\", \"savepoint\", \"stateless\""),
                row(
                        "name format",
                        "@name='Orders_Blue'",
                        null,
                        "The FlinkDeployment name: Orders_Blue" + NAME_RULE),
                row(
                        "name format",
                        "@name='" + "a".repeat(46) + "'",
                        null,
                        "The FlinkDeployment name: " + "a".repeat(46) + NAME_RULE),
                row("flinkVersion set", "flinkVersion=~", null, "Flink Version must be defined."),
                row(
                        "flinkVersion supported",
                        "flinkVersion='v1_14'",
                        null,
                        "Flink version v1_14 is not supported by this operator version"),
                row(
                        "flinkVersion kept after a last-state suspend",
                        "",
                        "flinkVersion='v1_19';job/state='suspended';job/upgradeMode='last-state'",
                        "Changing flinkVersion after last-state suspend is not allowed. Restore your"
                                + " cluster with the current flinkVersion and perform the version"
                                + " upgrade afterwards."),
                row(
                        "no forbidden config keys",
                        "flinkConfiguration/kubernetes.cluster-id='x'",
                        null,
                        "Forbidden Flink config key: kubernetes.cluster-id"),
                row(
                        "rollback needs HA",
                        "flinkConfiguration/kubernetes.operator.deployment.rollback.enabled='true'",
                        null,
                        "HA must be enabled for rollback support."),
                row(
                        "health check needs JobManager deployment recovery",
                        "flinkConfiguration/"
                                + HEALTH
                                + "='true';flinkConfiguration/"
                                + RECOVERY
                                + "='false'",
                        null,
                        "Deployment recovery ("
                                + RECOVERY
                                + ") must be enabled for job health"
                                + " check ("
                                + HEALTH
                                + ") support."),
                row(
                        "ingress has a template",
                        "ingress={'className': 'nginx'}",
                        null,
                        "Ingress template must be defined"),
                row(
                        "known log config keys",
                        "logConfiguration={'log4j.properties': 'x'}",
                        null,
                        "Invalid log config key: log4j.properties. Allowed keys are"
                                + " [log4j-console.properties, logback-console.xml]"),
                row(
                        "checkpoint directory",
                        "flinkConfiguration/execution.checkpointing.dir=~",
                        null,
                        "Checkpoint directory[execution.checkpointing.dir] must be defined for"
                                + " last-state and savepoint upgrade modes"),
                row(
                        "savepoint directory",
                        "flinkConfiguration/" + savepointDir() + "=~",
                        null,
                        "Job could not be upgraded with savepoint while "
                                + SAVEPOINT_KEY
                                + " is not set"),
                row(
                        "savepoint directory",
                        noSavepointDir() + ";job/savepointTriggerNonce=1",
                        null,
                        "Savepoint could not be manually triggered for the running job while "
                                + SAVEPOINT_KEY
                                + " is not set"),
                row(
                        "savepoint directory",
                        noSavepointDir()
                                + ";flinkConfiguration/kubernetes.operator.periodic.savepoint.interval='1h'",
                        null,
                        "Periodic savepoints cannot be enabled when "
                                + SAVEPOINT_KEY
                                + " is not set"),
                row(
                        "savepoint directory",
                        noSavepointDir()
                                + ";flinkConfiguration/kubernetes."
                                + "operator.job.upgrade.last-state.max.allowed.checkpoint.age='5m'",
                        null,
                        "In order to use max-checkpoint age functionality "
                                + SAVEPOINT_KEY
                                + " must be set to allow triggering savepoint upgrades."),
                row(
                        "TaskManager replicas",
                        "taskManager/replicas=0",
                        null,
                        "TaskManager replicas must be larger than 0"),
                row(
                        "job parallelism",
                        "job/parallelism=0",
                        null,
                        "Job parallelism must be larger than 0"),
                row(
                        "job parallelism",
                        "job/parallelism=~",
                        null,
                        "Job parallelism must be larger than 0"),
                row(
                        "JobManager memory",
                        "jobManager/resource/memory=~",
                        null,
                        "JobManager resource memory must be defined using"
                                + " `spec.jobManager.resource.memory`"),
                row(
                        "JobManager replicas",
                        "jobManager/replicas=0",
                        null,
                        "JobManager replicas should not be configured less than one."),
                row(
                        "JobManager replicas",
                        "jobManager/replicas=2",
                        null,
                        "High availability should be enabled when starting standby JobManagers."),
                row(
                        "TaskManager memory",
                        "taskManager=~",
                        null,
                        "TaskManager resource memory must be defined using"
                                + " `spec.taskManager.resource.memory`"),
                row(
                        "deployment mode unchanged",
                        "mode='standalone'",
                        "",
                        "Cannot switch from native kubernetes to standalone kubernetes cluster"),
                row(
                        "deployment mode unchanged",
                        "",
                        "mode='standalone'",
                        "Cannot switch from standalone kubernetes to native kubernetes cluster"),
                row(
                        "savepoint redeploy has a path",
                        "job/savepointRedeployNonce=2",
                        "",
                        "InitialSavepointPath must not be empty for savepoint redeployment"),
                row(
                        "serviceAccount set",
                        "serviceAccount=~",
                        null,
                        "spec.serviceAccount must be defined. If you use helm, its value should be"
                                + " the same with the name of jobServiceAccount."),
                row(
                        "serviceAccount set",
                        "serviceAccount='  '",
                        null,
                        "spec.serviceAccount must be defined. If you use helm, its value should be"
                                + " the same with the name of jobServiceAccount."),
                row(
                        "job set",
                        "job=~",
                        null,
                        "spec.job: required (the stand-in runs application jobs only)"),
                row(
                        "jarURI set and a URI with a scheme",
                        "job/jarURI=~",
                        null,
                        "spec.job.jarURI: required (the stand-in runs the job from it)"),
                row(
                        "jarURI set and a URI with a scheme",
                        "job/jarURI='opt/job.jar'",
                        null,
                        "jarURI must include a scheme"),
                row(
                        "jarURI set and a URI with a scheme",
                        "job/jarURI='local:///a b.jar'",
                        null,
                        "jarURI is not a valid URI: Illegal character in path at index 10:"
                                + " local:///a b.jar"));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("rows")
    void badSpecFailsItsRuleWithUpstreamsMessage(
            String rule, String edits, String lastEdits, String message) throws Exception {
        ValidationInput input = input(edits, lastEdits);

        assertThat(firstFailing(input)).as("first failing rule").contains(rule);
        assertThat(DeploymentRules.firstProblem(input)).contains(message);
    }

    @Test
    void everyRuleHasARow() {
        var tested = rows().map(r -> (String) r.get()[0]).collect(Collectors.toSet());

        assertThat(DeploymentRules.RULES).extracting(Rule::name).allMatch(tested::contains);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "job/upgradeMode='stateless';flinkConfiguration=~",
                "flinkConfiguration={'state.checkpoints.dir': 'x', 'state.savepoints.dir': 'y'}",
                "flinkConfiguration={'execution': {'checkpointing': {'dir': 'x',"
                        + " 'savepoint-dir': 'y'}}}",
                "job/parallelism=~;taskManager/replicas=2",
                "jobManager=~;flinkConfiguration/jobmanager.memory.process.size='1g'",
                "jobManager/replicas=2;flinkConfiguration/high-availability.type='kubernetes'",
                "job/jarURI='file:///tmp/job.jar';@name='orders-blue'",
                "flinkVersion='v2_2';job/state='suspended';job/upgradeMode='last-state'"
            })
    void goodSpecsPassEveryRule(String edits) throws Exception {
        assertThat(DeploymentRules.firstProblem(input(edits, ""))).isEmpty();
    }

    private static Arguments row(String rule, String edits, String last, String message) {
        return Arguments.of(rule, edits, last, message);
    }

    private static String savepointDir() {
        return "execution.checkpointing.savepoint-dir";
    }

    private static String noSavepointDir() {
        return "job/upgradeMode='last-state';flinkConfiguration/" + savepointDir() + "=~";
    }

    private static Optional<String> firstFailing(ValidationInput input) {
        return DeploymentRules.RULES.stream()
                .filter(r -> r.check().apply(input).isPresent())
                .map(Rule::name)
                .findFirst();
    }

    private static ValidationInput input(String edits, String lastEdits) throws Exception {
        String[] name = {"orders-blue"};
        JsonNode spec = edited(edits, name);
        JsonNode last = lastEdits == null ? null : edited(lastEdits, new String[1]);
        return new ValidationInput(name[0], spec, last);
    }

    private static JsonNode edited(String edits, String[] name) throws Exception {
        ObjectNode spec = (ObjectNode) JSON.readTree(GOOD.replace('\'', '"'));
        for (String edit : edits.isEmpty() ? new String[0] : edits.split(";")) {
            String path = edit.substring(0, edit.indexOf('='));
            String value = edit.substring(edit.indexOf('=') + 1).replace('\'', '"');
            if (path.equals("@name")) {
                name[0] = JSON.readTree(value).asText();
                continue;
            }
            String[] segments = path.split("/");
            ObjectNode parent = spec;
            for (int i = 0; i < segments.length - 1; i++) {
                parent =
                        parent.get(segments[i]) instanceof ObjectNode o
                                ? o
                                : parent.putObject(segments[i]);
            }
            String field = segments[segments.length - 1];
            if (value.equals("~")) {
                parent.remove(field);
            } else {
                parent.set(field, JSON.readTree(value));
            }
        }
        return spec;
    }
}
