package dev.bluegreen.standin;

import dev.bluegreen.example.OutputAudit;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static dev.bluegreen.standin.StandInFixture.at;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Injected faults and bad input: job failure, slow start, and the guards. */
@EnableKubernetesMockClient(crud = true)
class FaultsIT {
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
    void jobFailsAfterRecordsSetThroughTheApi() {
        // Given the fault set before the deployment
        fixture.standIn.faults().failAfterRecords(StandInFixture.NS, "api-fail", 80);

        // When
        fixture.create(StandInFixture.exampleJob("api-fail", tmp.resolve("api-fail"), "v1"));

        // Then the job FAILED with upstream's error, and the lifecycle is FAILED
        var fd = fixture.awaitState("api-fail", "FAILED", "FAILED");
        assertThat(at(fd, "status.error"))
                .contains("fail-after-records=80 reached at id 80")
                .contains("InjectedFailure");
        assertThat(at(fd, "status.jobManagerDeploymentStatus")).isEqualTo("READY");
        fixture.awaitHistory("api-fail", "STABLE/RUNNING", "FAILED/FAILED");
    }

    @Test
    void jobFailsAfterRecordsSetByAnnotation() {
        // Given
        var fd = StandInFixture.exampleJob("annotated-fail", tmp.resolve("annotated-fail"), "v1");
        fd.getMetadata().setAnnotations(Map.of(Faults.FAIL_AFTER_RECORDS, "60"));

        // When
        fixture.create(fd);

        // Then
        var failed = fixture.awaitState("annotated-fail", "FAILED", "FAILED");
        assertThat(at(failed, "status.error")).contains("fail-after-records=60");
    }

    @Test
    void taskManagerIsKilledOnceTheFileAppearsAndTheJobFails() throws Exception {
        // Given a running job whose annotation names a file that does not exist yet
        Path file = tmp.resolve("kill-tm").toAbsolutePath();
        var fd = StandInFixture.exampleJob("killed-tm", tmp.resolve("killed-tm"), "v1");
        fd.getMetadata()
                .setAnnotations(Map.of(Faults.KILL_TASK_MANAGER_WHEN_FILE, file.toString()));
        fixture.create(fd);
        fixture.awaitState("killed-tm", "STABLE", "RUNNING");

        // When the file appears
        Files.createFile(file);

        // Then its TaskManager is gone and, without a restart strategy, the job FAILED
        var failed = fixture.awaitState("killed-tm", "FAILED", "FAILED");
        assertThat(at(failed, "status.error")).isNotBlank();
        assertThat(at(failed, "status.jobManagerDeploymentStatus")).isEqualTo("READY");
        fixture.awaitHistory("killed-tm", "STABLE/RUNNING", "FAILED/FAILED");
    }

    @Test
    void slowStartStaysDeployedAndReconcilingForTheDelay() {
        // Given a start delay of 2 s by annotation
        var fd = StandInFixture.exampleJob("slow", tmp.resolve("slow"), "v1");
        fd.getMetadata().setAnnotations(Map.of(Faults.START_DELAY, "2s"));

        // When
        fixture.create(fd);

        // Then the JobManager is DEPLOYING and the job RECONCILING, then it runs 2 s later
        fixture.awaitDeployment(
                "slow",
                d ->
                        "DEPLOYING".equals(at(d, "status.jobManagerDeploymentStatus"))
                                && "RECONCILING".equals(at(d, "status.jobStatus.state")));
        var running = fixture.awaitState("slow", "STABLE", "RUNNING");
        long deployedAt =
                Long.parseLong(at(running, "status.reconciliationStatus.reconciliationTimestamp"));
        long startedAt = Long.parseLong(at(running, "status.jobStatus.startTime"));
        assertThat(startedAt - deployedAt).isGreaterThanOrEqualTo(2_000);
    }

    @Test
    void unknownJarUriMappingFailsTheDeploymentWithoutStartingAnything() {
        // Given a jar URI no mapping covers
        var fd = StandInFixture.exampleJob("bad-uri", tmp.resolve("bad-uri"), "v1");
        DeploymentLifecycleIT.jobOf(fd).put("jarURI", "local:///somewhere/else/job.jar");

        // When
        fixture.create(fd);

        // Then an error naming the field; never deployed (upstream: FAILED before first deployment)
        var failed = fixture.awaitDeployment("bad-uri", d -> at(d, "status.error") != null);
        assertThat(at(failed, "status.error"))
                .contains(
                        "spec.job.jarURI: no local mapping for \\\"local:///somewhere/else/job.jar\\\"");
        assertThat(at(failed, "status.lifecycleState")).isEqualTo("FAILED");
        assertThat(at(failed, "status.jobStatus.jobId")).isNull();
        assertThat(at(failed, "status.reconciliationStatus.lastReconciledSpec")).isNull();
        assertThat(tmp.resolve("bad-uri")).doesNotExist();
    }

    @Test
    void missingEntryClassFailsTheDeploymentWithoutStartingAnything() {
        // Given
        var fd = StandInFixture.exampleJob("no-entry", tmp.resolve("no-entry"), "v1");
        DeploymentLifecycleIT.jobOf(fd).remove("entryClass");

        // When
        fixture.create(fd);

        // Then
        var failed = fixture.awaitDeployment("no-entry", d -> at(d, "status.error") != null);
        assertThat(at(failed, "status.error")).contains("spec.job.entryClass: required");
        assertThat(at(failed, "status.lifecycleState")).isEqualTo("FAILED");
        assertThat(at(failed, "status.jobStatus.jobId")).isNull();
        assertThat(tmp.resolve("no-entry")).doesNotExist();
    }

    @Test
    void badAnnotationOnARunningJobIsReportedAndTheJobKeepsRunning() {
        // Given a stable job
        Path out = tmp.resolve("bad-annotation");
        fixture.create(StandInFixture.exampleJob("bad-annotation", out, "v1"));
        var stable = fixture.awaitState("bad-annotation", "STABLE", "RUNNING");

        // When a fault annotation gets a bad value
        fixture.edit(
                "bad-annotation",
                d -> d.getMetadata().setAnnotations(Map.of(Faults.START_DELAY, "soon")));

        // Then the error names the annotation, and the job is untouched
        var reported =
                fixture.awaitDeployment("bad-annotation", d -> at(d, "status.error") != null);
        assertThat(at(reported, "status.error"))
                .contains("metadata.annotations[\\\"standin.bluegreen.dev/start-delay\\\"]")
                .contains("got \\\"soon\\\"");
        assertThat(at(reported, "status.lifecycleState")).isEqualTo("STABLE");
        assertThat(at(reported, "status.jobStatus.jobId"))
                .isEqualTo(at(stable, "status.jobStatus.jobId"));
        long before = OutputAudit.audit(out).recordsOut();
        Awaitility.await()
                .atMost(StandInFixture.TIMEOUT)
                .until(() -> OutputAudit.audit(out).recordsOut() > before + 50);
    }

    @Test
    void statusReplacedBySomeoneElseIsWrittenAgain() {
        // Given a stable job
        fixture.create(StandInFixture.exampleJob("overwritten", tmp.resolve("overwritten"), "v1"));
        var stable = fixture.awaitState("overwritten", "STABLE", "RUNNING");

        // When another writer replaces the status
        await().atMost(StandInFixture.TIMEOUT)
                .ignoreExceptions()
                .until(
                        () -> {
                            var fd = fixture.get("overwritten");
                            fd.setAdditionalProperty("status", Map.of("lifecycleState", "CREATED"));
                            client.genericKubernetesResources(Crds.DEPLOYMENTS)
                                    .inNamespace(StandInFixture.NS)
                                    .resource(fd)
                                    .lockResourceVersion()
                                    .updateStatus();
                            return true;
                        });

        // Then the stand-in writes its status again, same job
        var rewritten = fixture.awaitState("overwritten", "STABLE", "RUNNING");
        assertThat(at(rewritten, "status.jobStatus.jobId"))
                .isEqualTo(at(stable, "status.jobStatus.jobId"));
    }

    @Test
    void suspendDuringASlowStartIsActedOnWithoutWaitingForTheDelay() {
        // Given a deployment whose job would start only after 60 s
        var fd = StandInFixture.exampleJob("never-ready", tmp.resolve("never-ready"), "v1");
        fd.getMetadata().setAnnotations(Map.of(Faults.START_DELAY, "60s"));
        fixture.create(fd);
        fixture.awaitState("never-ready", "DEPLOYED", "RECONCILING");

        // When it is suspended (as the controller does when green never becomes ready)
        fixture.editJob("never-ready", job -> job.put("state", "suspended"));

        // Then it is SUSPENDED long before the delay would have ended, and no job ever ran
        var suspended =
                await().atMost(java.time.Duration.ofSeconds(20))
                        .until(
                                () -> fixture.get("never-ready"),
                                d -> "SUSPENDED".equals(at(d, "status.lifecycleState")));
        assertThat(at(suspended, "status.jobStatus.state")).isEqualTo("FINISHED");
        assertThat(at(suspended, "status.jobManagerDeploymentStatus")).isEqualTo("MISSING");
        assertThat(tmp.resolve("never-ready")).doesNotExist();
    }

    @Test
    void specChangeOfAFailedJobRestartsFromItsLastCheckpoint() throws Exception {
        // Given a job that failed after some checkpoints
        Path out = tmp.resolve("recover");
        fixture.standIn.faults().failAfterRecords(StandInFixture.NS, "recover", 600);
        fixture.create(StandInFixture.exampleJob("recover", out, "v1"));
        fixture.awaitDeployment(
                "recover",
                d ->
                        "FAILED".equals(at(d, "status.jobStatus.state"))
                                && at(d, "status.jobStatus.checkpointInfo.lastCheckpoint.timeStamp")
                                        != null);

        // When the fault is gone and the spec changes
        fixture.standIn.faults().clear(StandInFixture.NS, "recover");
        fixture.editJob("recover", job -> DeploymentLifecycleIT.replaceArg(job, "--version", "v2"));

        // Then it runs again from the checkpoint: ids continue (not from 0), nothing is lost
        fixture.awaitDeployment(
                "recover",
                d ->
                        "STABLE".equals(at(d, "status.lifecycleState"))
                                && "2".equals(at(d, "status.observedGeneration")));
        DeploymentLifecycleIT.awaitRecords(out, "v2", 100);
        fixture.editJob("recover", job -> job.put("state", "suspended"));
        fixture.awaitState("recover", "SUSPENDED", "FINISHED");
        assertThat(OutputAudit.audit(out).lost()).isZero();
        assertThat(
                        DeploymentLifecycleIT.lines(out, "v2").stream()
                                .mapToLong(OutputAudit.Line::id)
                                .min()
                                .orElseThrow())
                .isPositive();
    }

    @Test
    void aDeploymentWaitingOutItsStartDelayDoesNotHoldUpOthers() {
        // Given a deployment stuck in a long start delay
        var slow = StandInFixture.exampleJob("stuck", tmp.resolve("stuck"), "v1");
        slow.getMetadata().setAnnotations(Map.of(Faults.START_DELAY, "60s"));
        fixture.create(slow);
        fixture.awaitState("stuck", "DEPLOYED", "RECONCILING");

        // When another deployment is created
        fixture.create(StandInFixture.exampleJob("other", tmp.resolve("other"), "v1"));

        // Then the other one runs while the first still waits
        fixture.awaitState("other", "STABLE", "RUNNING");
        assertThat(at(fixture.get("stuck"), "status.jobStatus.state")).isEqualTo("RECONCILING");
    }

    @Test
    void entryClassMissingFromTheJarFailsTheDeployment() {
        // Given an entry class the jar does not have
        var fd = StandInFixture.exampleJob("wrong-class", tmp.resolve("wrong-class"), "v1");
        DeploymentLifecycleIT.jobOf(fd).put("entryClass", "dev.bluegreen.example.NoSuchJob");

        // When
        fixture.create(fd);

        // Then the start fails: job FAILED, JobManager ERROR, the error names the class
        var failed = fixture.awaitState("wrong-class", "FAILED", "FAILED");
        assertThat(at(failed, "status.jobManagerDeploymentStatus")).isEqualTo("ERROR");
        assertThat(at(failed, "status.error")).contains("dev.bluegreen.example.NoSuchJob");
        assertThat(tmp.resolve("wrong-class")).doesNotExist();
    }
}
