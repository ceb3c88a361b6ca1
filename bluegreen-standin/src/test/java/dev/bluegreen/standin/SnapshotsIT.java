package dev.bluegreen.standin;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static dev.bluegreen.standin.StandInFixture.at;
import static org.assertj.core.api.Assertions.assertThat;

/** FlinkStateSnapshot status as upstream writes it, on one running job. */
@EnableKubernetesMockClient(crud = true)
class SnapshotsIT {
    static KubernetesClient client;
    @TempDir static Path tmp;
    static StandInFixture fixture;
    static final List<String> states = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void start() {
        fixture = new StandInFixture(client, tmp);
        client.genericKubernetesResources(Crds.SNAPSHOTS)
                .inNamespace(StandInFixture.NS)
                .watch(
                        new Watcher<GenericKubernetesResource>() {
                            @Override
                            public void eventReceived(Action action, GenericKubernetesResource s) {
                                states.add(s.getMetadata().getName() + ":" + at(s, "status.state"));
                            }

                            @Override
                            public void onClose(WatcherException cause) {}
                        });
        fixture.create(StandInFixture.exampleJob("job", tmp.resolve("job"), "v1"));
        fixture.awaitState("job", "STABLE", "RUNNING");
    }

    @AfterEach
    void clearFaults() {
        fixture.standIn.faults().clear(StandInFixture.NS, "job");
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @Test
    void savepointCompletesWithItsPath() throws Exception {
        // When
        fixture.createSnapshot("sp-ok", "job", 0);

        // Then TRIGGER_PENDING, IN_PROGRESS, COMPLETED with a savepoint on disk
        var done = fixture.awaitSnapshot("sp-ok", "COMPLETED");
        org.awaitility.Awaitility.await()
                .atMost(StandInFixture.TIMEOUT)
                .untilAsserted(
                        () ->
                                assertThat(states)
                                        .containsSubsequence(
                                                "sp-ok:TRIGGER_PENDING",
                                                "sp-ok:IN_PROGRESS",
                                                "sp-ok:COMPLETED"));
        assertThat(Files.isDirectory(Path.of(URI.create(at(done, "status.path"))))).isTrue();
        assertThat(at(done, "status.triggerId")).isNotBlank();
        assertThat(at(done, "status.triggerTimestamp")).isNotBlank();
        assertThat(at(done, "status.resultTimestamp")).isNotBlank();
        assertThat(at(done, "status.error")).isNull();
    }

    @Test
    void injectedFailureEndsFailedWhenTheBackoffLimitIsReached() {
        // Given savepoints of the job fail
        fixture.standIn.faults().failSavepoints(StandInFixture.NS, "job");
        fixture.editJob(
                "job", job -> job.put("parallelism", 1)); // no change: faults need no redeploy

        // When
        fixture.createSnapshot("sp-fail", "job", 0);

        // Then
        var failed = fixture.awaitSnapshot("sp-fail", "FAILED");
        assertThat(at(failed, "status.failures")).isEqualTo("1");
        assertThat(at(failed, "status.error")).contains("injected savepoint failure");
        assertThat(at(failed, "status.path")).isNull();
    }

    @Test
    void failureWithRetriesLeftGoesBackToTriggerPending() {
        // Given failing savepoints and upstream's default backoffLimit -1 (retry for ever)
        fixture.standIn.faults().failSavepoints(StandInFixture.NS, "job");

        // When
        fixture.createSnapshot("sp-retry", "job", -1);

        // Then it is pending again with the failure counted
        var pending =
                org.awaitility.Awaitility.await()
                        .atMost(StandInFixture.TIMEOUT)
                        .until(
                                () -> fixture.snapshot("sp-retry"),
                                s -> "1".equals(at(s, "status.failures")));
        assertThat(at(pending, "status.state")).isEqualTo("TRIGGER_PENDING");
        assertThat(at(pending, "status.error")).contains("injected savepoint failure");
    }

    @Test
    void snapshotOfAMissingDeploymentIsAbandoned() {
        // When
        fixture.createSnapshot("sp-orphan", "no-such-job", 0);

        // Then
        var abandoned = fixture.awaitSnapshot("sp-orphan", "ABANDONED");
        assertThat(at(abandoned, "status.error")).contains("no-such-job").contains("was not found");
    }

    @Test
    void alreadyExistingSavepointIsCompletedWithoutTriggering() {
        // Given a snapshot that records an existing savepoint
        var snapshot = new GenericKubernetesResource();
        snapshot.setApiVersion(Crds.API_VERSION);
        snapshot.setKind("FlinkStateSnapshot");
        snapshot.setMetadata(
                new io.fabric8.kubernetes.api.model.ObjectMetaBuilder()
                        .withName("sp-existing")
                        .withNamespace(StandInFixture.NS)
                        .build());
        snapshot.setAdditionalProperty(
                "spec",
                Map.of(
                        "jobReference", Map.of("kind", "FlinkDeployment", "name", "job"),
                        "savepoint",
                                Map.of("alreadyExists", true, "path", "file:///savepoints/x")));

        // When
        client.genericKubernetesResources(Crds.SNAPSHOTS)
                .inNamespace(StandInFixture.NS)
                .resource(snapshot)
                .create();

        // Then
        var done = fixture.awaitSnapshot("sp-existing", "COMPLETED");
        assertThat(at(done, "status.path")).isEqualTo("file:///savepoints/x");
        assertThat(at(done, "status.triggerId")).isNull();
    }

    @Test
    void checkpointSnapshotCompletesWithTheCheckpointPath() {
        // Given a checkpoint (not savepoint) snapshot
        var snapshot = new GenericKubernetesResource();
        snapshot.setApiVersion(Crds.API_VERSION);
        snapshot.setKind("FlinkStateSnapshot");
        snapshot.setMetadata(
                new io.fabric8.kubernetes.api.model.ObjectMetaBuilder()
                        .withName("cp-ok")
                        .withNamespace(StandInFixture.NS)
                        .build());
        snapshot.setAdditionalProperty(
                "spec",
                Map.of(
                        "backoffLimit", 0,
                        "jobReference", Map.of("kind", "FlinkDeployment", "name", "job"),
                        "checkpoint", Map.of()));

        // When
        client.genericKubernetesResources(Crds.SNAPSHOTS)
                .inNamespace(StandInFixture.NS)
                .resource(snapshot)
                .create();

        // Then its path is a checkpoint of the job under the stand-in's work directory
        var done = fixture.awaitSnapshot("cp-ok", "COMPLETED");
        assertThat(at(done, "status.path")).contains("/checkpoints/test/job/").contains("chk-");
    }
}
