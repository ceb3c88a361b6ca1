package dev.bluegreen.demo.adoption;

import dev.bluegreen.demo.adoption.AdoptRunningJobIT.JobView;
import dev.bluegreen.demo.cluster.EmbeddedCluster;
import dev.bluegreen.demo.cluster.FlinkDeployments;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 25 on the real stack: the upstream operator's FlinkBlueGreenDeployment at rest on green
 * (its child {@code orders-green} in upstream's shape runs the example job, a real MiniCluster job
 * writing files) is migrated to ours with the steps of {@code kubectl bluegreen migrate --apply}:
 * upstream's parent deleted with orphan propagation, then (the API server's garbage collector,
 * which the embedded API does not run) its owner reference removed from the child, then our parent
 * adopting {@code orders-green} as green. The job is not restarted: every record id up to the
 * migration is written exactly once, in the files of the one job run. Then a template change
 * deploys {@code orders-blue}. The plugin itself is run through kubectl by {@code KubectlMigrateIT}
 * in bluegreen-operator-plugin.
 */
class MigrateRunningJobIT {
    static final Path OUT = Path.of("target", "migrate-running-job-it");
    static final Duration START = Duration.ofMinutes(3);
    static final long RECORDS = 400;
    static final String CHILD_INGRESS = "{{name}}.{{namespace}}.flink.example.com";
    static final ResourceDefinitionContext UPSTREAM =
            new ResourceDefinitionContext.Builder()
                    .withGroup("flink.apache.org")
                    .withVersion("v1beta1")
                    .withKind("FlinkBlueGreenDeployment")
                    .withPlural("flinkbluegreendeployments")
                    .withNamespaced(true)
                    .build();
    static final ObjectMapper JSON = new ObjectMapper();
    static AdoptionRig rig;

    @BeforeAll
    static void startTheCluster() {
        rig = AdoptionRig.start(OUT);
    }

    @AfterAll
    static void stopTheCluster() {
        if (rig != null) {
            rig.deleteAll();
            rig.close();
        }
    }

    @Test
    void migratesUpstreamsParentWithoutRestartingItsJobThenUpgradesGreenToBlue() {
        // Given upstream's parent orders at rest on green, its child running the job
        FlinkBlueGreenDeployment ours = rig.parent("orders");
        JsonNode template = ours.getSpec().getTemplate().getSpec();
        ((ObjectNode) template).putObject("ingress").put("template", CHILD_INGRESS);
        GenericKubernetesResource upstream = upstreamParent(template);
        upstreamChild(upstream, template);
        await().atMost(START)
                .until(
                        () ->
                                AdoptRunningJobIT.stableAndRunning(rig.deployment("orders-green"))
                                        && maxId("v1") >= RECORDS);
        JobView before = JobView.of(rig.deployment("orders-green"));

        // When it is migrated: the orphan delete, the garbage collector's step, our parent
        upstreams().withName("orders").withPropagationPolicy(DeletionPropagation.ORPHAN).delete();
        await().atMost(Duration.ofSeconds(30))
                .until(() -> upstreams().withName("orders").get() == null);
        collectGarbage(upstream.getMetadata().getUid());
        ours.getSpec().setAdoptDeployment("orders-green");
        rig.client().resource(ours).create();

        // Then ours serves on green with the same job run, which writes on without loss or
        // duplicate
        awaitActive("ACTIVE_GREEN", "orders-green");
        long idAtMigration = maxId("v1");
        await().atMost(START).until(() -> maxId("v1") >= idAtMigration + RECORDS);
        GenericKubernetesResource migrated = rig.deployment("orders-green");
        System.out.printf(
                "MigrateRunningJobIT: orders-green before migration %s, after %s%n",
                before, JobView.of(migrated));
        assertThat(JobView.of(migrated)).isEqualTo(before);
        assertThat(migrated.getMetadata().getOwnerReferences())
                .singleElement()
                .satisfies(r -> assertThat(r.getApiVersion()).isEqualTo("bluegreen.dev/v1alpha1"));
        assertThat(migrated.getMetadata().getLabels())
                .containsEntry("bluegreen.dev/color", "green");
        // the ids written before and after the migration (a margin of 200 ids, about a second of
        // the job, for the subtasks' writes in flight when the lines are read)
        System.out.printf("MigrateRunningJobIT: the migration at id %d%n", idAtMigration);
        AdoptRunningJobIT.assertWrittenOnceWithoutGaps(
                "MigrateRunningJobIT",
                AdoptionRig.lines(rig.output("orders"), "v1"),
                idAtMigration + RECORDS / 2);

        // When the template changes: green -> blue
        rig.editParent(
                "orders",
                p -> {
                    AdoptionRig.setArg(p.getSpec().getTemplate().getSpec(), "--version", "v2");
                    return p;
                });
        awaitActive("ACTIVE_BLUE", "orders-blue");
        await().atMost(Duration.ofMinutes(1)).until(() -> rig.deployment("orders-green") == null);

        // Then blue has our child ingress (no upstream prefix) and writes v2
        assertThat(
                        FlinkDeployments.field(
                                rig.deployment("orders-blue"), "spec", "ingress", "template"))
                .isEqualTo(CHILD_INGRESS);
        await().atMost(START).until(() -> maxId("v2") >= 0);
    }

    /** Upstream's parent, as its controller leaves it at rest on green. */
    private static GenericKubernetesResource upstreamParent(JsonNode template) {
        var parent =
                new GenericKubernetesResourceBuilder()
                        .withApiVersion("flink.apache.org/v1beta1")
                        .withKind("FlinkBlueGreenDeployment")
                        .withNewMetadata()
                        .withName("orders")
                        .withNamespace(EmbeddedCluster.NAMESPACE)
                        .endMetadata()
                        .addToAdditionalProperties(
                                "spec",
                                Map.of(
                                        "template",
                                        Map.of("spec", JSON.convertValue(template, Map.class))))
                        .addToAdditionalProperties(
                                "status",
                                Map.of(
                                        "blueGreenState",
                                        "ACTIVE_GREEN",
                                        "jobStatus",
                                        Map.of("state", "RUNNING")))
                        .build();
        return upstreams().resource(parent).create();
    }

    /**
     * Upstream's child orders-green as upstream writes it: its owner reference ({@code controller:
     * false, blockOwnerDeletion: true}), its colour label, and {@code green-} before the child
     * ingress template.
     */
    private static void upstreamChild(GenericKubernetesResource parent, JsonNode template) {
        ObjectNode spec = template.deepCopy();
        spec.with("ingress").put("template", "green-" + CHILD_INGRESS);
        var child = FlinkDeployments.plain(EmbeddedCluster.NAMESPACE, "orders-green", spec);
        child.getMetadata().setLabels(Map.of("flink/blue-green-deployment-type", "GREEN"));
        child.getMetadata()
                .setOwnerReferences(
                        java.util.List.of(
                                new OwnerReferenceBuilder()
                                        .withApiVersion("flink.apache.org/v1beta1")
                                        .withKind("FlinkBlueGreenDeployment")
                                        .withName("orders")
                                        .withUid(parent.getMetadata().getUid())
                                        .withController(false)
                                        .withBlockOwnerDeletion(true)
                                        .build()));
        rig.client()
                .genericKubernetesResources(FlinkDeployments.CONTEXT)
                .inNamespace(EmbeddedCluster.NAMESPACE)
                .resource(child)
                .create();
    }

    /**
     * The API server's garbage collector after the orphan delete of {@code uid}: the reference is
     * removed from the child. The embedded API has no garbage collector.
     */
    private static void collectGarbage(String uid) {
        var child = rig.deployment("orders-green");
        var refs = child.getMetadata().getOwnerReferences();
        for (int i = refs.size() - 1; i >= 0; i--) {
            if (uid.equals(refs.get(i).getUid())) {
                rig.client()
                        .genericKubernetesResources(FlinkDeployments.CONTEXT)
                        .inNamespace(EmbeddedCluster.NAMESPACE)
                        .withName("orders-green")
                        .patch(
                                PatchContext.of(PatchType.JSON),
                                "[{\"op\":\"remove\",\"path\":\"/metadata/ownerReferences/"
                                        + i
                                        + "\"}]");
            }
        }
    }

    private static io.fabric8.kubernetes.client.dsl.NonNamespaceOperation<
                    GenericKubernetesResource,
                    io.fabric8.kubernetes.api.model.GenericKubernetesResourceList,
                    io.fabric8.kubernetes.client.dsl.Resource<GenericKubernetesResource>>
            upstreams() {
        return rig.client()
                .genericKubernetesResources(UPSTREAM)
                .inNamespace(EmbeddedCluster.NAMESPACE);
    }

    private static void awaitActive(String state, String activeChild) {
        await().atMost(START)
                .untilAsserted(
                        () -> {
                            var status = rig.parentNow("orders").getStatus();
                            assertThat(status).isNotNull();
                            assertThat(status.getState()).isEqualTo(state);
                            assertThat(status.getActiveChild()).isEqualTo(activeChild);
                        });
    }

    private static long maxId(String version) {
        return AdoptionRig.lines(rig.output("orders"), version).stream()
                .mapToLong(AdoptionRig.Line::id)
                .max()
                .orElse(-1);
    }
}
