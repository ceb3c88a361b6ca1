package dev.bluegreen.operator.internal.observe;

import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.Commands;
import dev.bluegreen.core.JobState;
import dev.bluegreen.core.Lifecycle;
import dev.bluegreen.core.SnapshotObservation;
import dev.bluegreen.core.SnapshotState;
import dev.bluegreen.operator.internal.spec.SpecJson;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class ObservationReaderTest {

    static GenericKubernetesResource load(String name) throws IOException {
        try (InputStream in = ObservationReaderTest.class.getResourceAsStream("/observe/" + name)) {
            return SpecJson.mapper().readValue(in, GenericKubernetesResource.class);
        }
    }

    @Test
    void stableRunningChildIsReadFromTheOperatorsStatus() throws IOException {
        ChildObservation child = ObservationReader.child(load("child-stable-running.json"));

        assertThat(child.exists()).isTrue();
        assertThat(child.terminating()).isFalse();
        assertThat(child.specRef()).isEqualTo("0123456789abcdef");
        assertThat(child.generation()).isEqualTo(3);
        assertThat(child.observedGeneration()).isEqualTo(3);
        assertThat(child.suspendedBySpec()).isFalse();
        assertThat(child.lifecycle()).isEqualTo(Lifecycle.STABLE);
        assertThat(child.jobState()).isEqualTo(JobState.RUNNING);
        assertThat(child.jobId()).isEqualTo("a1b2c3d4e5f60718293a4b5c6d7e8f90");
        assertThat(child.jobStartTime()).isEqualTo(Instant.ofEpochMilli(1764496800000L));
        assertThat(child.health().lastGoodSnapshotPath()).isEqualTo("s3://sp/savepoint-42");
        assertThat(child.health().lastCheckpointAt())
                .isEqualTo(Instant.ofEpochMilli(1764496950000L));
        assertThat(child.stableAndRunning()).isTrue();
    }

    @Test
    void childWithoutStatusIsUnknownAndNotReady() throws IOException {
        var resource = load("child-stable-running.json");
        resource.getAdditionalProperties().remove("status");
        resource.getMetadata().setDeletionTimestamp("2026-11-30T10:00:00Z");

        ChildObservation child = ObservationReader.child(resource);

        assertThat(child.terminating()).isTrue();
        assertThat(child.observedGeneration()).isZero();
        assertThat(child.lifecycle()).isEqualTo(Lifecycle.UNKNOWN);
        assertThat(child.jobState()).isEqualTo(JobState.UNKNOWN);
        assertThat(child.jobId()).isNull();
        assertThat(child.stableAndRunning()).isFalse();
    }

    @Test
    void suspendedSpecAndUnknownEnumValues() throws IOException {
        var tree =
                (com.fasterxml.jackson.databind.node.ObjectNode)
                        SpecJson.mapper().valueToTree(load("child-stable-running.json"));
        tree.withObjectProperty("spec").withObjectProperty("job").put("state", "SUSPENDED");
        tree.withObjectProperty("status").put("lifecycleState", "SOMETHING_NEW");
        var resource = SpecJson.mapper().convertValue(tree, GenericKubernetesResource.class);

        ChildObservation child = ObservationReader.child(resource);

        assertThat(child.suspendedBySpec()).isTrue();
        assertThat(child.lifecycle()).isEqualTo(Lifecycle.UNKNOWN);
    }

    @Test
    void absentChildIsAbsent() {
        assertThat(ObservationReader.child(null)).isEqualTo(ChildObservation.absent());
        assertThat(ObservationReader.snapshot(null)).isNull();
    }

    @Test
    void completedSnapshotCarriesItsPath() throws IOException {
        SnapshotObservation snapshot = ObservationReader.snapshot(load("snapshot-completed.json"));

        assertThat(snapshot)
                .isEqualTo(
                        new SnapshotObservation(
                                "orders-t1-savepoint",
                                SnapshotState.COMPLETED,
                                "s3://sp/savepoint-43",
                                null));
    }

    @Test
    void annotationsBecomeCommands() {
        var meta =
                new ObjectMetaBuilder()
                        .addToAnnotations("bluegreen.dev/promote", "1700000000")
                        .addToAnnotations("bluegreen.dev/abort", "a1")
                        .addToAnnotations("bluegreen.dev/paused", "TRUE")
                        .build();

        assertThat(ObservationReader.commands(meta))
                .isEqualTo(new Commands("1700000000", "a1", true));
        assertThat(ObservationReader.commands(new ObjectMetaBuilder().build()))
                .isEqualTo(Commands.none());
    }
}
