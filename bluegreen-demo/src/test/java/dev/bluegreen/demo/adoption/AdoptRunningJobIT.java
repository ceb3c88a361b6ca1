package dev.bluegreen.demo.adoption;

import dev.bluegreen.demo.adoption.AdoptionRig.Line;
import dev.bluegreen.demo.cluster.FlinkDeployments;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.OwnerReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 20 on the real stack: a plain FlinkDeployment runs the example job (a real MiniCluster job
 * writing files) before any FlinkBlueGreenDeployment exists; a parent with {@code
 * spec.adoptDeployment} adopts it as blue without touching its spec or its job; a template change
 * then runs a normal blue/green transition to {@code <parent>-green} and retires the adopted
 * deployment. And the way back: a parent annotated {@code bluegreen.dev/on-delete: keep-active}
 * leaves its adopted deployment running as a plain FlinkDeployment when it is deleted.
 */
class AdoptRunningJobIT {
    static final Path OUT = Path.of("target", "adopt-running-job-it");
    static final Duration START = Duration.ofMinutes(3);
    static final long RECORDS = 400;
    static AdoptionRig rig;

    @BeforeAll
    static void startTheCluster() {
        rig = AdoptionRig.start(OUT);
    }

    @AfterEach
    void deleteEverything() {
        rig.deleteAll();
    }

    @AfterAll
    static void stopTheCluster() {
        if (rig != null) {
            rig.close();
        }
    }

    @Test
    void adoptsARunningJobWithoutRestartingItThenUpgradesItBlueToGreen() {
        FlinkBlueGreenDeployment parent = rig.parent("orders");
        JobView before = runPlainUntilItWrites("orders-live", parent);

        rig.adopt(parent, "orders-live");
        awaitActive("orders", "ACTIVE_BLUE", "orders-live");
        long idAtAdoption = maxId("orders", "v1");
        await().atMost(START).until(() -> maxId("orders", "v1") >= idAtAdoption + RECORDS);
        GenericKubernetesResource adopted = rig.deployment("orders-live");
        System.out.printf(
                "AdoptRunningJobIT: orders-live before adoption %s, after %s%n",
                before, JobView.of(adopted));

        assertThat(JobView.of(adopted)).isEqualTo(before);
        assertThat(adopted.getMetadata().getOwnerReferences())
                .singleElement()
                .satisfies(owner -> assertControlledBy(owner, rig.parentNow("orders")));
        assertThat(adopted.getMetadata().getLabels())
                .containsEntry("bluegreen.dev/parent", "orders")
                .containsEntry("bluegreen.dev/color", "blue");
        assertThat(rig.parentNow("orders").getStatus().getAdoptedChild()).isEqualTo("orders-live");
        assertWrittenOnceWithoutGaps(AdoptionRig.lines(rig.output("orders"), "v1"), idAtAdoption);

        rig.editParent(
                "orders",
                p -> {
                    AdoptionRig.setArg(p.getSpec().getTemplate().getSpec(), "--version", "v2");
                    return p;
                });
        awaitActive("orders", "ACTIVE_GREEN", "orders-green");
        await().atMost(Duration.ofMinutes(1)).until(() -> rig.deployment("orders-live") == null);

        assertThat(rig.deployment("orders-green").getMetadata().getLabels())
                .containsEntry("bluegreen.dev/color", "green");
        assertThat(rig.parentNow("orders").getStatus().getAdoptedChild()).isNullOrEmpty();
        assertThat(maxId("orders", "v2")).isPositive();
    }

    @Test
    void releasesTheAdoptedDeploymentRunningWhenTheParentIsDeletedWithKeepActive() {
        FlinkBlueGreenDeployment parent = rig.parent("payments");
        JobView before = runPlainUntilItWrites("payments-live", parent);
        rig.adopt(parent, "payments-live");
        awaitActive("payments", "ACTIVE_BLUE", "payments-live");

        rig.editParent(
                "payments",
                p -> {
                    var annotations = new HashMap<String, String>();
                    if (p.getMetadata().getAnnotations() != null) {
                        annotations.putAll(p.getMetadata().getAnnotations());
                    }
                    annotations.put("bluegreen.dev/on-delete", "keep-active");
                    p.getMetadata().setAnnotations(annotations);
                    return p;
                });
        rig.deleteParent("payments");
        await().atMost(Duration.ofMinutes(1)).until(() -> rig.parentNow("payments") == null);
        long idAtRelease = maxId("payments", "v1");
        await().atMost(START).until(() -> maxId("payments", "v1") >= idAtRelease + RECORDS);
        GenericKubernetesResource released = rig.deployment("payments-live");
        assertThat(released).isNotNull();
        System.out.printf(
                "AdoptRunningJobIT: payments-live before adoption %s, after release %s%n",
                before, JobView.of(released));

        assertThat(JobView.of(released)).isEqualTo(before);
        assertThat(stableAndRunning(released)).isTrue();
        assertThat(released.getMetadata().getOwnerReferences()).isNullOrEmpty();
        assertThat(keys(released.getMetadata().getLabels()))
                .noneMatch(k -> k.startsWith("bluegreen.dev/"))
                .doesNotContain("flink/blue-green-deployment-type");
        assertThat(keys(released.getMetadata().getAnnotations()))
                .noneMatch(k -> k.startsWith("bluegreen.dev/"));
        assertWrittenOnceWithoutGaps(AdoptionRig.lines(rig.output("payments"), "v1"), idAtRelease);
    }

    /** Runs the plain deployment until its job runs and wrote; returns its job as it is then. */
    private static JobView runPlainUntilItWrites(String name, FlinkBlueGreenDeployment parent) {
        rig.runPlain(name, parent);
        String output = parent.getMetadata().getName();
        await().atMost(START)
                .until(
                        () -> {
                            var deployment = rig.deployment(name);
                            return deployment != null
                                    && stableAndRunning(deployment)
                                    && maxId(output, "v1") >= RECORDS;
                        });
        return JobView.of(rig.deployment(name));
    }

    static boolean stableAndRunning(GenericKubernetesResource deployment) {
        return FlinkDeployments.field(deployment, "status", "lifecycleState").equals("STABLE")
                && FlinkDeployments.field(deployment, "status", "jobStatus", "state")
                        .equals("RUNNING")
                && !FlinkDeployments.jobId(deployment).isEmpty();
    }

    private static void awaitActive(String parent, String state, String activeChild) {
        await().atMost(START)
                .untilAsserted(
                        () -> {
                            var status = rig.parentNow(parent).getStatus();
                            assertThat(status).isNotNull();
                            assertThat(status.getState()).isEqualTo(state);
                            assertThat(status.getActiveChild()).isEqualTo(activeChild);
                        });
    }

    /**
     * Every id from 0 to {@code through} is in the output exactly once, and all lines are in one
     * file per sink subtask (a restarted or restored writer opens a new file).
     */
    static void assertWrittenOnceWithoutGaps(List<Line> lines, long through) {
        assertWrittenOnceWithoutGaps("AdoptRunningJobIT", lines, through);
    }

    /** As {@link #assertWrittenOnceWithoutGaps(List, long)}; {@code test} names the printout. */
    static void assertWrittenOnceWithoutGaps(String test, List<Line> lines, long through) {
        Map<Long, Long> counts =
                lines.stream().collect(Collectors.groupingBy(Line::id, Collectors.counting()));
        List<Long> lost =
                LongStream.rangeClosed(0, through)
                        .filter(id -> !counts.containsKey(id))
                        .boxed()
                        .toList();
        List<Long> duplicated =
                counts.entrySet().stream()
                        .filter(e -> e.getValue() > 1)
                        .map(Map.Entry::getKey)
                        .toList();
        Set<String> files = lines.stream().map(Line::file).collect(Collectors.toSet());
        System.out.printf(
                "%s: v1 wrote %d lines in %d files; ids 0..%d checked: lost %d, duplicated %d%n",
                test, lines.size(), files.size(), through, lost.size(), duplicated.size());

        assertThat(through).isPositive();
        assertThat(lost).isEmpty();
        assertThat(duplicated).isEmpty();
        assertThat(files).hasSize(2);
    }

    private static long maxId(String parent, String version) {
        return AdoptionRig.lines(rig.output(parent), version).stream()
                .mapToLong(Line::id)
                .max()
                .orElse(-1);
    }

    private static void assertControlledBy(OwnerReference owner, FlinkBlueGreenDeployment parent) {
        assertThat(owner.getKind()).isEqualTo("FlinkBlueGreenDeployment");
        assertThat(owner.getName()).isEqualTo(parent.getMetadata().getName());
        assertThat(owner.getUid()).isEqualTo(parent.getMetadata().getUid());
        assertThat(owner.getController()).isTrue();
    }

    private static Set<String> keys(Map<String, String> map) {
        return map == null ? Set.of() : map.keySet();
    }

    /**
     * What must not change when a deployment is adopted or released: its generation, its job id and
     * its job's start time.
     */
    record JobView(long generation, String jobId, String startTime) {
        static JobView of(GenericKubernetesResource deployment) {
            return new JobView(
                    FlinkDeployments.generation(deployment),
                    FlinkDeployments.jobId(deployment),
                    FlinkDeployments.startTime(deployment));
        }
    }
}
