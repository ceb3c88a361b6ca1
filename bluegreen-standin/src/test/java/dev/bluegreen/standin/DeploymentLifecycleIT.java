package dev.bluegreen.standin;

import dev.bluegreen.example.OutputAudit;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static dev.bluegreen.standin.StandInFixture.at;
import static org.assertj.core.api.Assertions.assertThat;

@EnableKubernetesMockClient(crud = true)
class DeploymentLifecycleIT {
    static KubernetesClient client;
    @TempDir static Path tmp;
    static StandInFixture fixture;

    @BeforeAll
    static void start() {
        fixture = new StandInFixture(client, tmp);
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @Test
    void deployReachesStableRunningThroughUpgradingAndDeployed() {
        // Given
        Path out = tmp.resolve("deploy");

        // When
        fixture.create(StandInFixture.exampleJob("deploy", out, "v1"));

        // Then
        var fd = fixture.awaitState("deploy", "STABLE", "RUNNING");
        assertThat(at(fd, "status.observedGeneration")).isEqualTo("1");
        assertThat(at(fd, "status.jobManagerDeploymentStatus")).isEqualTo("READY");
        assertThat(at(fd, "status.reconciliationStatus.state")).isEqualTo("DEPLOYED");
        assertThat(at(fd, "status.jobStatus.jobId")).matches("[0-9a-f]{32}");
        assertThat(at(fd, "status.jobStatus.jobName")).isEqualTo("bluegreen-example-v1");
        assertThat(at(fd, "status.reconciliationStatus.lastStableSpec"))
                .isEqualTo(at(fd, "status.reconciliationStatus.lastReconciledSpec"));
        assertThat(fixture.history("deploy"))
                .containsSubsequence("UPGRADING/null", "DEPLOYED/RECONCILING", "STABLE/RUNNING");
        org.awaitility.Awaitility.await()
                .atMost(StandInFixture.TIMEOUT)
                .until(() -> OutputAudit.audit(out).recordsOut() > 50);
    }
}
