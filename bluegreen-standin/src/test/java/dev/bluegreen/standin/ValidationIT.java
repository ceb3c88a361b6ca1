package dev.bluegreen.standin;

import dev.bluegreen.example.OutputAudit;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static dev.bluegreen.standin.StandInFixture.at;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** A spec failing validation, before and after the first deployment, as upstream 1.15.0 does. */
@EnableKubernetesMockClient(crud = true)
class ValidationIT {
    private static final String ERROR =
            "{\"type\":\"org.apache.flink.kubernetes.operator.exception.ValidationException\","
                    + "\"message\":\"spec.serviceAccount must be defined. If you use helm, its"
                    + " value should be the same with the name of jobServiceAccount.\"}";

    static KubernetesClient client;
    @TempDir static Path tmp;
    static StandInFixture fixture;

    @BeforeAll
    static void start() {
        fixture = new StandInFixture(client, tmp);
    }

    @AfterEach
    void deleteDeployments() {
        fixture.deleteAll();
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @Test
    void invalidNewDeploymentFailsWithoutStartingUntilItsSpecIsFixed() {
        // Given a FlinkDeployment without serviceAccount
        var fd = StandInFixture.exampleJob("new-invalid", tmp.resolve("new"), "v1");
        spec(fd).remove("serviceAccount");

        // When
        fixture.create(fd);

        // Then it is rejected: FAILED, generation not observed, nothing deployed
        var failed =
                fixture.awaitDeployment("new-invalid", d -> ERROR.equals(at(d, "status.error")));
        assertThat(at(failed, "status.lifecycleState")).isEqualTo("FAILED");
        assertThat(at(failed, "status.observedGeneration")).isNull();
        assertThat(at(failed, "status.jobStatus.jobId")).isNull();
        assertThat(at(failed, "status.jobManagerDeploymentStatus")).isNull();
        assertThat(at(failed, "status.reconciliationStatus.lastReconciledSpec")).isNull();

        // When the spec is fixed, it deploys normally and the error is gone
        fixture.edit("new-invalid", d -> spec(d).put("serviceAccount", "flink"));
        var running = fixture.awaitState("new-invalid", "STABLE", "RUNNING");
        assertThat(at(running, "status.error")).isNull();
        assertThat(at(running, "status.observedGeneration")).isEqualTo("2");
    }

    @Test
    void invalidUpdateKeepsTheRunningJobAndItsGenerationUntilAValidOne() {
        // Given a running deployment
        fixture.create(StandInFixture.exampleJob("update-invalid", tmp.resolve("upd"), "v1"));
        var stable = fixture.awaitState("update-invalid", "STABLE", "RUNNING");
        String jobId = at(stable, "status.jobStatus.jobId");

        // When an update drops serviceAccount (and changes the job)
        fixture.edit(
                "update-invalid",
                d -> {
                    spec(d).remove("serviceAccount");
                    job(d).put("args", StandInFixture.args(tmp.resolve("upd"), "v2"));
                });

        // Then the error shows, the old job keeps running, the generation is not observed
        var rejected =
                fixture.awaitDeployment("update-invalid", d -> ERROR.equals(at(d, "status.error")));
        assertThat(at(rejected, "status.lifecycleState")).isEqualTo("STABLE");
        assertThat(at(rejected, "status.observedGeneration")).isEqualTo("1");
        assertThat(at(rejected, "status.jobStatus.jobId")).isEqualTo(jobId);
        assertThat(at(rejected, "status.jobStatus.state")).isEqualTo("RUNNING");
        assertThat(at(rejected, "status.reconciliationStatus.lastReconciledSpec"))
                .isEqualTo(at(stable, "status.reconciliationStatus.lastReconciledSpec"));

        // When a valid spec follows, the upgrade proceeds and the error is cleared
        fixture.edit("update-invalid", d -> spec(d).put("serviceAccount", "flink"));
        var upgraded =
                fixture.awaitDeployment(
                        "update-invalid",
                        d ->
                                "3".equals(at(d, "status.observedGeneration"))
                                        && "RUNNING".equals(at(d, "status.jobStatus.state"))
                                        && "STABLE".equals(at(d, "status.lifecycleState")));
        assertThat(at(upgraded, "status.error")).isNull();
        assertThat(at(upgraded, "status.jobStatus.jobId")).isNotEqualTo(jobId);
        assertThat(at(upgraded, "status.jobStatus.jobName")).isEqualTo("update-invalid");
        await().atMost(StandInFixture.TIMEOUT)
                .until(
                        () ->
                                OutputAudit.audit(tmp.resolve("upd"))
                                        .outByVersion()
                                        .containsKey("v2"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> spec(GenericKubernetesResource fd) {
        return (Map<String, Object>) fd.getAdditionalProperties().get("spec");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> job(GenericKubernetesResource fd) {
        return (Map<String, Object>) spec(fd).get("job");
    }
}
