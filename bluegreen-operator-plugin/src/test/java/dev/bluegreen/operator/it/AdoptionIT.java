package dev.bluegreen.operator.it;

import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static dev.bluegreen.operator.it.Fixtures.spec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Adopting a running FlinkDeployment as blue: only its metadata is written, so its generation and
 * its job run are unchanged; the parent is ACTIVE_BLUE at once and serves through it; differences
 * between the template and the running spec are classified like any change afterwards.
 */
@EnableKubernetesMockClient(crud = true)
class AdoptionIT {
    static final String LIVE = "orders-live";

    KubernetesClient client;
    KubernetesMockServer server;
    Harness h;

    @BeforeEach
    void start() {
        h = new Harness(client, server);
    }

    @AfterEach
    void stop() {
        h.close();
    }

    @Test
    void adoptsARunningDeploymentWithoutRestartingItsJobThenUpgradesToADerivedGreen() {
        // Given a plain FlinkDeployment whose job runs
        String running = Fixtures.job(2, "savepoint");
        var before = Adoptees.running(h, LIVE, running);

        // When a parent with an ingress adopts it, its template a copy of the running spec
        var parent = Adoptees.parent("orders", LIVE, running);
        parent.getSpec().setIngress(TransitionIT.ingress());
        h.create(parent);

        // Then it is ACTIVE_BLUE on the adopted deployment, whose job run is the same
        h.awaitState("orders", "ACTIVE_BLUE");
        var adopted = h.child(LIVE);
        assertThat(Adoptees.Run.of(adopted)).isEqualTo(before);
        var owner = adopted.getMetadata().getOwnerReferences();
        assertThat(owner).hasSize(1);
        assertThat(owner.get(0).getUid()).isEqualTo(h.get("orders").getMetadata().getUid());
        assertThat(owner.get(0).getController()).isTrue();
        assertThat(adopted.getMetadata().getLabels())
                .containsEntry("bluegreen.dev/parent", "orders")
                .containsEntry("bluegreen.dev/color", "blue")
                .containsEntry("app", LIVE);
        var status = h.get("orders").getStatus();
        assertThat(status.getActiveChild()).isEqualTo(LIVE);
        assertThat(status.getAdoptedChild()).isEqualTo(LIVE);
        assertThat(h.condition("orders", "Ready")).isNotNull();
        assertThat(h.eventReasons("orders")).contains("Normal:Adopted");
        assertThat(h.child("orders-blue")).isNull();
        assertThat(h.ingressBackend("orders")).isEqualTo(LIVE + "-rest");

        // When the template changes the image: a normal blue -> green transition
        h.editTemplate("orders", t -> t.put("image", "flink:v2"));
        h.awaitState("orders", "ACTIVE_GREEN");

        // Then green has the derived name, restored from a savepoint of the adopted job
        assertThat(spec(h.child("orders-green"), "spec", "image")).isEqualTo("flink:v2");
        assertThat(spec(h.child("orders-green"), "spec", "job", "initialSavepointPath"))
                .startsWith("file:///savepoints/orders-");
        assertThat(h.ingressBackend("orders")).isEqualTo("orders-green-rest");
        await().atMost(Harness.WAIT).until(() -> h.child(LIVE) == null);
        await().atMost(Harness.WAIT)
                .until(() -> h.get("orders").getStatus().getAdoptedChild() == null);
        assertThat(h.get("orders").getStatus().getActiveChild()).isEqualTo("orders-green");

        // And the next blue is the derived one
        h.editTemplate("orders", t -> t.put("image", "flink:v3"));
        h.awaitState("orders", "ACTIVE_BLUE");
        assertThat(spec(h.child("orders-blue"), "spec", "image")).isEqualTo("flink:v3");
        assertThat(h.child(LIVE)).isNull();
    }

    @Test
    void adoptsTheParentsOwnGreenNameAsGreenThenDeploysADerivedBlue() {
        // Given a running deployment named like the parent's green child (upstream's naming)
        String running = Fixtures.job(2, "savepoint");
        var before = Adoptees.running(h, "orders-green", running);

        // When the parent of that name adopts it
        var parent = Adoptees.parent("orders", "orders-green", running);
        parent.getSpec().setIngress(TransitionIT.ingress());
        h.create(parent);

        // Then it serves as green, on the same job run
        h.awaitState("orders", "ACTIVE_GREEN");
        var adopted = h.child("orders-green");
        assertThat(Adoptees.Run.of(adopted)).isEqualTo(before);
        assertThat(adopted.getMetadata().getLabels())
                .containsEntry("bluegreen.dev/color", "green")
                .containsEntry("flink/blue-green-deployment-type", "GREEN");
        var status = h.get("orders").getStatus();
        assertThat(status.getActiveColor()).isEqualTo("GREEN");
        assertThat(status.getActiveChild()).isEqualTo("orders-green");
        assertThat(status.getAdoptedChild()).isEqualTo("orders-green");
        assertThat(h.ingressBackend("orders")).isEqualTo("orders-green-rest");
        assertThat(h.child("orders-blue")).isNull();

        // When the template changes the image: green -> blue, blue with the derived name
        h.editTemplate("orders", t -> t.put("image", "flink:v2"));
        h.awaitState("orders", "ACTIVE_BLUE");
        assertThat(spec(h.child("orders-blue"), "spec", "image")).isEqualTo("flink:v2");
        assertThat(h.ingressBackend("orders")).isEqualTo("orders-blue-rest");
        await().atMost(Harness.WAIT).until(() -> h.child("orders-green") == null);
        await().atMost(Harness.WAIT)
                .until(() -> h.get("orders").getStatus().getAdoptedChild() == null);
    }

    @Test
    void patchesTheAdoptedDeploymentInPlaceWhenTheTemplateDiffersOnlyInAnInPlaceField() {
        // Given a running deployment with parallelism 2, adopted by a template with 3
        var before = Adoptees.running(h, LIVE, Fixtures.job(2, "savepoint"));
        h.create(Adoptees.parent("orders", LIVE, Fixtures.job(3, "savepoint")));

        // Then the adopted deployment is rescaled in place, and no green is deployed
        await().atMost(Harness.WAIT)
                .until(() -> "3".equals(spec(h.child(LIVE), "spec", "job", "parallelism")));
        h.awaitState("orders", "ACTIVE_BLUE");
        assertThat(h.child(LIVE).getMetadata().getGeneration()).isEqualTo(before.generation() + 1);
        assertThat(h.child("orders-green")).isNull();
        assertThat(h.get("orders").getStatus().getActiveChild()).isEqualTo(LIVE);
        // the patch carries the template's change only, not the colour settings
        assertThat(Fixtures.at(h.child(LIVE), "spec", "flinkConfiguration")).isNull();
        assertThat(Fixtures.at(h.child(LIVE), "spec", "podTemplate")).isNull();
    }

    @Test
    void rescalesAnAdoptedJobInPlaceWithoutRestartingItAndWithoutTheColourSettings() {
        // Given an adopted running deployment, its template a copy of the running spec
        String running =
                "{\"image\":\"flink:1.20\",\"flinkVersion\":\"v1_20\",\"serviceAccount\":\"flink\","
                        + "\"flinkConfiguration\":{\"taskmanager.numberOfTaskSlots\":\"2\"},"
                        + "\"job\":{\"jarURI\":\"local:///app.jar\",\"parallelism\":2,"
                        + "\"upgradeMode\":\"savepoint\"}}";
        var before = Adoptees.running(h, LIVE, running);
        h.create(Adoptees.parent("orders", LIVE, running));
        h.awaitState("orders", "ACTIVE_BLUE");

        // When the template rescales it in place: per-vertex parallelism (upstream: SCALE) and
        // the default parallelism (upstream: IGNORE)
        h.editTemplate(
                "orders",
                t ->
                        t.withObjectProperty("flinkConfiguration")
                                .put(OVERRIDES, VERTEX + ":4")
                                .put("parallelism.default", "4"));

        // Then the upstream operator (the fake, classifying like upstream) rescales it: the same
        // job run, one new generation, no green
        await().atMost(Harness.WAIT)
                .until(() -> h.get("orders").getStatus().getLastStableSpec().contains(OVERRIDES));
        h.awaitState("orders", "ACTIVE_BLUE");
        var patched = h.child(LIVE);
        assertThat(Fixtures.spec(patched, "status", "observedGeneration"))
                .isEqualTo(String.valueOf(before.generation() + 1));
        assertThat(Adoptees.Run.of(patched))
                .isEqualTo(
                        new Adoptees.Run(
                                before.generation() + 1, before.jobId(), before.startTime()));
        assertThat(h.fake.specChanges())
                .containsExactly(LIVE + " generation 1: UPGRADE", LIVE + " generation 2: SCALE");
        assertThat(h.child("orders-green")).isNull();

        // And the patch wrote no colour settings: no new key upstream would redeploy for, no pod
        // label; the adopted child's colour waits for the next child the controller creates
        @SuppressWarnings("unchecked")
        var config =
                (java.util.Map<String, Object>) Fixtures.at(patched, "spec", "flinkConfiguration");
        assertThat(config)
                .containsOnlyKeys("taskmanager.numberOfTaskSlots", OVERRIDES, "parallelism.default")
                .containsEntry("taskmanager.numberOfTaskSlots", "2");
        assertThat(Fixtures.at(patched, "spec", "podTemplate")).isNull();
    }

    static final String OVERRIDES = "pipeline.jobvertex-parallelism-overrides";
    static final String VERTEX = "bc764cd8ddf7a0cff126f51c16239658";

    @Test
    void finishesAnAdoptionInterruptedBetweenTheMetadataWriteAndTheStatusWrite() {
        // Given the controller stopped after its metadata patch: the deployment is marked as the
        // parent's, the parent has no status yet
        var before = Adoptees.running(h, LIVE, Fixtures.job(2, "savepoint"));
        h.stopController();
        var parent = h.create(Adoptees.parent("orders", LIVE, Fixtures.job(2, "savepoint")));
        h.client
                .genericKubernetesResources(Adoptees.DEPLOYMENTS)
                .inNamespace(Harness.NS)
                .withName(LIVE)
                .edit(
                        fd -> {
                            fd.getMetadata()
                                    .setOwnerReferences(
                                            java.util.List.of(
                                                    new OwnerReferenceBuilder()
                                                            .withApiVersion(
                                                                    "bluegreen.dev/v1alpha1")
                                                            .withKind("FlinkBlueGreenDeployment")
                                                            .withName("orders")
                                                            .withUid(parent.getMetadata().getUid())
                                                            .withController(true)
                                                            .withBlockOwnerDeletion(true)
                                                            .build()));
                            fd.getMetadata().getLabels().put("bluegreen.dev/parent", "orders");
                            fd.getMetadata().getLabels().put("bluegreen.dev/color", "blue");
                            fd.getMetadata()
                                    .getLabels()
                                    .put("flink/blue-green-deployment-type", "BLUE");
                            return fd;
                        });
        assertThat(h.get("orders").getStatus()).isNull();

        // When a controller starts
        h.startController();

        // Then it finishes the adoption: one owner, the same job run
        h.awaitState("orders", "ACTIVE_BLUE");
        var adopted = h.child(LIVE);
        assertThat(adopted.getMetadata().getOwnerReferences()).hasSize(1);
        assertThat(Adoptees.Run.of(adopted)).isEqualTo(before);
        assertThat(h.get("orders").getStatus().getActiveChild()).isEqualTo(LIVE);
        assertThat(h.child("orders-blue")).isNull();
    }
}
