package dev.bluegreen.operator.it;

import dev.bluegreen.operator.resource.TransitionMode;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Every refusal of {@code spec.adoptDeployment}: InvalidSpec naming the field, a Warning event, and
 * nothing touched (the deployment keeps its metadata, no child is created); and the wait for a
 * deployment that is not stable and running yet.
 */
@EnableKubernetesMockClient(crud = true)
class AdoptionRefusalIT {
    static final String LIVE = "orders-live";
    static final String RUNNING = Fixtures.job(2, "savepoint");

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
    void refusesADeploymentThatDoesNotExist() {
        h.create(Adoptees.parent("orders", LIVE, RUNNING));
        assertRefused("does not exist in namespace " + Harness.NS);
    }

    @Test
    void refusesARunningChildCoOwnedByUpstreamsParentAndChangesNothingOnIt() {
        // Given the upstream operator's FlinkBlueGreenDeployment checkout running its green child,
        // with upstream's owner reference (controller: false) and label
        var run = Adoptees.running(h, "checkout-green", RUNNING);
        Adoptees.markAsUpstreamChild(h, "checkout-green", "checkout", "GREEN");
        var before = h.child("checkout-green").getMetadata();

        // When a parent asks to adopt it
        h.create(Adoptees.parent("orders", "checkout-green", RUNNING));

        // Then it is refused, naming upstream's parent and how to let go of the job
        assertRefused(
                "FlinkDeployment checkout-green is a child of FlinkBlueGreenDeployment checkout"
                        + " (flink.apache.org/v1beta1), which still manages its job; migrate that"
                        + " parent with kubectl bluegreen migrate checkout, or delete it with"
                        + " --cascade=orphan first");
        // And nothing on the deployment changed: not one write, the same job run
        var after = h.child("checkout-green");
        assertThat(after.getMetadata().getResourceVersion()).isEqualTo(before.getResourceVersion());
        assertThat(after.getMetadata().getOwnerReferences())
                .containsExactly(Adoptees.upstreamParent("checkout"));
        assertThat(after.getMetadata().getLabels()).isEqualTo(before.getLabels());
        assertThat(after.getMetadata().getAnnotations()).isEqualTo(before.getAnnotations());
        assertThat(Adoptees.Run.of(after)).isEqualTo(run);
        assertThat(h.get("orders").getStatus().getAdoptedChild()).isNull();
    }

    @Test
    void refusesADeploymentControlledByAnotherOperator() {
        Adoptees.running(h, LIVE, RUNNING);
        markAs(
                fd -> {
                    fd.getMetadata()
                            .setOwnerReferences(
                                    List.of(
                                            new OwnerReferenceBuilder()
                                                    .withApiVersion("apps.example.com/v1")
                                                    .withKind("FlinkApp")
                                                    .withName("orders")
                                                    .withUid("other-uid")
                                                    .withController(true)
                                                    .withBlockOwnerDeletion(true)
                                                    .build()));
                    return fd;
                });
        assertRefusedUntouched("is controlled by FlinkApp orders (apps.example.com/v1)");
    }

    @Test
    void refusesADeploymentAlreadyAdoptedByAnotherParent() {
        Adoptees.running(h, LIVE, RUNNING);
        markAs(
                fd -> {
                    fd.getMetadata().getLabels().put("bluegreen.dev/parent", "payments");
                    return fd;
                });
        assertRefusedUntouched("already a child of FlinkBlueGreenDeployment payments");
    }

    @Test
    void refusesASessionClusterWithoutAJob() {
        Adoptees.create(
                h,
                LIVE,
                "{\"image\":\"flink:1.20\",\"flinkVersion\":\"v1_20\",\"serviceAccount\":\"flink\"}");
        assertRefusedUntouched("has no spec.job (a session cluster)");
    }

    @Test
    void refusesAdoptionInAdvancedMode() {
        Adoptees.running(h, LIVE, RUNNING);
        var parent = Adoptees.parent("orders", LIVE, RUNNING);
        parent.getSpec().setTransitionMode(TransitionMode.ADVANCED);
        assertRefusedUntouched(parent, "adoption needs transitionMode BASIC");
    }

    @Test
    void waitsForADeploymentThatIsNotRunningYetThenAdoptsIt() {
        // Given a deployment whose job is not running yet
        h.fake.holdJobs();
        Adoptees.create(h, LIVE, RUNNING);

        // Then the parent waits, saying why, and writes nothing on the deployment
        h.create(Adoptees.parent("orders", LIVE, RUNNING));
        await().atMost(Harness.WAIT)
                .until(() -> "AdoptionWaiting".equals(h.condition("orders", "Progressing")));
        assertThat(Adoptees.conditionMessage(h, "orders", "Progressing"))
                .startsWith("True AdoptionWaiting: waiting to adopt: ")
                .contains("FlinkDeployment orders-live is not stable and running");
        assertThat(h.child(LIVE).getMetadata().getOwnerReferences()).isNullOrEmpty();

        // When its job runs, it is adopted
        h.fake.startJobs();
        h.awaitState("orders", "ACTIVE_BLUE");
        assertThat(h.get("orders").getStatus().getActiveChild()).isEqualTo(LIVE);
    }

    @Test
    void refusesADeploymentStillNotRunningAfterTheDeadline() {
        h.fake.holdJobs();
        Adoptees.create(h, LIVE, RUNNING);
        var parent = Adoptees.parent("orders", LIVE, RUNNING);
        parent.getSpec()
                .getConfiguration()
                .put("kubernetes.operator.bluegreen.abort.grace-period", "1 s");
        assertRefusedUntouched(parent, "is not stable and running");
    }

    private void markAs(UnaryOperator<GenericKubernetesResource> change) {
        h.client
                .genericKubernetesResources(Adoptees.DEPLOYMENTS)
                .inNamespace(Harness.NS)
                .withName(LIVE)
                .edit(change);
    }

    private void assertRefusedUntouched(String message) {
        assertRefusedUntouched(Adoptees.parent("orders", LIVE, RUNNING), message);
    }

    private void assertRefusedUntouched(
            dev.bluegreen.operator.resource.FlinkBlueGreenDeployment parent, String message) {
        var before = h.child(LIVE).getMetadata();
        h.create(parent);
        assertRefused(message);
        var after = h.child(LIVE).getMetadata();
        assertThat(after.getOwnerReferences()).isEqualTo(before.getOwnerReferences());
        assertThat(after.getLabels()).isEqualTo(before.getLabels());
        assertThat(after.getGeneration()).isEqualTo(before.getGeneration());
    }

    private void assertRefused(String message) {
        await().atMost(Harness.WAIT)
                .untilAsserted(
                        () ->
                                assertThat(Adoptees.conditionMessage(h, "orders", "InvalidSpec"))
                                        .as(h.describe("orders"))
                                        .startsWith("True InvalidSpec: spec.adoptDeployment: ")
                                        .contains(message));
        await().atMost(Harness.WAIT)
                .until(() -> h.eventReasons("orders").contains("Warning:InvalidSpec"));
        assertThat(h.child("orders-blue")).isNull();
        assertThat(h.get("orders").getStatus().getActiveChild()).isNull();
    }
}
