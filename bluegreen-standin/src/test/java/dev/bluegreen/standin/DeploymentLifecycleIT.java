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

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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

    @AfterEach
    void deleteDeployments() {
        fixture.deleteAll();
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
        // the example job takes pipeline.name, which defaults to the FlinkDeployment's name
        assertThat(at(fd, "status.jobStatus.jobName")).isEqualTo("deploy");
        assertThat(at(fd, "status.reconciliationStatus.lastStableSpec"))
                .isEqualTo(at(fd, "status.reconciliationStatus.lastReconciledSpec"));
        fixture.awaitHistory("deploy", "UPGRADING/null", "DEPLOYED/RECONCILING", "STABLE/RUNNING");
        org.awaitility.Awaitility.await()
                .atMost(StandInFixture.TIMEOUT)
                .until(() -> OutputAudit.audit(out).recordsOut() > 50);
    }

    @Test
    void savepointUpgradeStopsWithSavepointAndContinuesIdsAndState() {
        // Given a stable v1
        Path out = tmp.resolve("upgrade");
        fixture.create(StandInFixture.exampleJob("upgrade", out, "v1"));
        var v1 = fixture.awaitState("upgrade", "STABLE", "RUNNING");
        awaitRecords(out, "v1", 100);

        // When the spec changes (a new job version)
        fixture.editJob("upgrade", job -> replaceArg(job, "--version", "v2"));

        // Then upstream's in-place upgrade: UPGRADING, then DEPLOYED/RECONCILING, then STABLE
        var v2 =
                fixture.awaitDeployment(
                        "upgrade",
                        fd ->
                                "STABLE".equals(at(fd, "status.lifecycleState"))
                                        && "2".equals(at(fd, "status.observedGeneration"))
                                        && !at(v1, "status.jobStatus.jobId")
                                                .equals(at(fd, "status.jobStatus.jobId")));
        fixture.awaitHistory(
                "upgrade",
                "STABLE/RUNNING",
                "UPGRADING/FINISHED",
                "DEPLOYED/RECONCILING",
                "STABLE/RUNNING");
        String savepoint = at(v2, "status.jobStatus.upgradeSavepointPath");
        assertThat(savepoint).isNotNull();
        assertThat(at(v2, "status.jobStatus.savepointInfo.lastSavepoint.location"))
                .isEqualTo(savepoint);
        assertThat(at(v2, "status.jobStatus.jobId")).isNotEqualTo(at(v1, "status.jobStatus.jobId"));
        awaitRecords(out, "v2", 100);
        suspend("upgrade");
        var audit = OutputAudit.audit(out);
        assertThat(audit.lost()).isZero();
        assertThat(audit.duplicates()).isZero();
        assertThat(audit.outByVersion()).containsKeys("v1", "v2");
    }

    @Test
    void suspendStopsWithSavepointAndResumeContinuesFromIt() {
        // Given a stable job
        Path out = tmp.resolve("suspend");
        fixture.create(StandInFixture.exampleJob("suspend", out, "v1"));
        fixture.awaitState("suspend", "STABLE", "RUNNING");
        awaitRecords(out, "v1", 100);

        // When suspended
        var suspended = suspend("suspend");

        // Then SUSPENDED with the savepoint recorded and no JobManager
        assertThat(at(suspended, "status.jobManagerDeploymentStatus")).isEqualTo("MISSING");
        assertThat(at(suspended, "status.jobStatus.upgradeSavepointPath")).startsWith("file:");
        assertThat(at(suspended, "status.reconciliationStatus.lastReconciledSpec"))
                .contains("\"state\":\"suspended\"");
        long before = OutputAudit.audit(out).recordsOut();

        // When resumed
        fixture.editJob("suspend", job -> job.put("state", "running"));

        // Then it runs again from the savepoint: nothing lost, nothing twice
        fixture.awaitDeployment(
                "suspend",
                fd ->
                        "STABLE".equals(at(fd, "status.lifecycleState"))
                                && "3".equals(at(fd, "status.observedGeneration")));
        org.awaitility.Awaitility.await()
                .atMost(StandInFixture.TIMEOUT)
                .until(() -> OutputAudit.audit(out).recordsOut() > before + 100);
        suspend("suspend");
        var audit = OutputAudit.audit(out);
        assertThat(audit.lost()).isZero();
        assertThat(audit.duplicates()).isZero();
    }

    @Test
    void statelessUpgradeCancelsAndStartsWithEmptyState() throws IOException {
        // Given a stable stateless job
        Path out = tmp.resolve("stateless");
        var fd = StandInFixture.exampleJob("stateless", out, "v1");
        jobOf(fd).put("upgradeMode", "stateless");
        fixture.create(fd);
        fixture.awaitState("stateless", "STABLE", "RUNNING");
        awaitRecords(out, "v1", 100);

        // When upgraded
        fixture.editJob("stateless", job -> replaceArg(job, "--version", "v2"));

        // Then v2 starts again at id 0, without a savepoint
        var v2 =
                fixture.awaitDeployment(
                        "stateless",
                        d ->
                                "STABLE".equals(at(d, "status.lifecycleState"))
                                        && "2".equals(at(d, "status.observedGeneration")));
        assertThat(at(v2, "status.jobStatus.upgradeSavepointPath")).isNull();
        awaitRecords(out, "v2", 50);
        assertThat(lines(out, "v2").stream().mapToLong(OutputAudit.Line::id).min().orElseThrow())
                .isZero();
    }

    @Test
    void initialSavepointPathRestoresAnotherJobsState() throws IOException {
        // Given a job suspended with a savepoint
        Path out = tmp.resolve("restore");
        fixture.create(StandInFixture.exampleJob("restore-a", out, "v1"));
        fixture.awaitState("restore-a", "STABLE", "RUNNING");
        awaitRecords(out, "v1", 100);
        String savepoint = at(suspend("restore-a"), "status.jobStatus.upgradeSavepointPath");

        // When a new deployment starts from it
        var b = StandInFixture.exampleJob("restore-b", out, "v2");
        jobOf(b).put("initialSavepointPath", savepoint);
        fixture.create(b);
        fixture.awaitState("restore-b", "STABLE", "RUNNING");
        awaitRecords(out, "v2", 100);
        suspend("restore-b");

        // Then its ids continue where the first stopped: nothing lost, nothing twice
        var audit = OutputAudit.audit(out);
        assertThat(audit.lost()).isZero();
        assertThat(audit.duplicates()).isZero();
        long lastV1 = lines(out, "v1").stream().mapToLong(OutputAudit.Line::id).max().orElseThrow();
        assertThat(lines(out, "v2").stream().mapToLong(OutputAudit.Line::id).min().orElseThrow())
                .isEqualTo(lastV1 + 1);
    }

    @Test
    void deleteCancelsTheJob() {
        // Given a running job
        Path out = tmp.resolve("delete");
        fixture.create(StandInFixture.exampleJob("delete", out, "v1"));
        fixture.awaitState("delete", "STABLE", "RUNNING");
        awaitRecords(out, "v1", 50);

        // When the FlinkDeployment is deleted
        client.genericKubernetesResources(Crds.DEPLOYMENTS)
                .inNamespace(StandInFixture.NS)
                .withName("delete")
                .delete();

        // Then its output stops growing
        var last = new java.util.concurrent.atomic.AtomicLong(-1);
        org.awaitility.Awaitility.await()
                .atMost(StandInFixture.TIMEOUT)
                .pollInterval(java.time.Duration.ofMillis(500))
                .until(
                        () ->
                                last.getAndSet(OutputAudit.audit(out).recordsOut())
                                        == OutputAudit.audit(out).recordsOut());
    }

    private static GenericKubernetesResource suspend(String name) {
        fixture.editJob(name, job -> job.put("state", "suspended"));
        return fixture.awaitState(name, "SUSPENDED", "FINISHED");
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> jobOf(GenericKubernetesResource fd) {
        return (Map<String, Object>)
                ((Map<String, Object>) fd.getAdditionalProperties().get("spec")).get("job");
    }

    @SuppressWarnings("unchecked")
    static void replaceArg(Map<String, Object> job, String key, String value) {
        List<String> args = new ArrayList<>((List<String>) job.get("args"));
        args.set(args.indexOf(key) + 1, value);
        job.put("args", args);
    }

    static void awaitRecords(Path out, String version, long atLeast) {
        org.awaitility.Awaitility.await()
                .atMost(StandInFixture.TIMEOUT)
                .until(() -> lines(out, version).size() >= atLeast);
    }

    static List<OutputAudit.Line> lines(Path out, String version) throws IOException {
        if (!Files.isDirectory(out)) {
            return List.of();
        }
        List<OutputAudit.Line> lines = new ArrayList<>();
        try (var files = Files.list(out)) {
            for (Path f :
                    files.filter(
                                    f ->
                                            f.getFileName()
                                                    .toString()
                                                    .startsWith("part-" + version + "-"))
                            .toList()) {
                for (String l : Files.readAllLines(f)) {
                    lines.add(OutputAudit.Line.parse(l, f.toString()));
                }
            }
        }
        return lines;
    }
}
