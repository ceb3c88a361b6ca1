package dev.bluegreen.operator.it;

import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static dev.bluegreen.operator.it.Fixtures.spec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * One parent the controller's classes do not match (the embedded API has no schema checks, as a
 * cluster whose stored objects and controller disagree) stops neither the informer nor any other
 * parent: it gets InvalidSpec and a Warning event naming the field and value, and no child.
 */
@EnableKubernetesMockClient(crud = true)
class UnreadableParentIT {
    private static final String FANCY =
            "spec.transitionMode: unknown value \"FANCY\" (expected BASIC or ADVANCED)";

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
    void badParentPresentAtStartIsReportedAndTheOthersDeployAndTransition() {
        h.stopController();
        h.create(fancy("fancy"));
        h.create(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));
        h.startController();

        h.awaitState("orders", "ACTIVE_BLUE");
        h.editTemplate("orders", t -> t.put("image", "v2"));
        h.awaitState("orders", "ACTIVE_GREEN");

        assertReportedWithoutChildren("fancy");
    }

    @Test
    void badParentCreatedWhileRunningIsReportedAndTheOthersDeployAndTransition() {
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));

        h.create(fancy("fancy"));
        h.create(Fixtures.parent("payments", Fixtures.job(1, "savepoint")));
        h.editTemplate("orders", t -> t.put("image", "v2"));

        h.awaitState("orders", "ACTIVE_GREEN");
        h.awaitState("payments", "ACTIVE_BLUE");
        h.editTemplate("payments", t -> t.put("image", "v2"));
        h.awaitState("payments", "ACTIVE_GREEN");
        assertReportedWithoutChildren("fancy");
    }

    @Test
    void unreadableStatusIsHeldWithoutTouchingChildrenUntilFixed() {
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));
        String blueUid = h.child("orders-blue").getMetadata().getUid();
        // a newer controller (or a hand edit) wrote values this controller does not know
        editStatus("orders", "HIBERNATING_BLUE", "TURBO");
        await().atMost(Harness.WAIT)
                .until(() -> "UnreadableStatus".equals(h.condition("orders", "InvalidSpec")));

        h.editTemplate("orders", t -> t.put("image", "v2"));

        await().during(Duration.ofSeconds(2))
                .atMost(Harness.WAIT)
                .until(() -> h.child("orders-green") == null);
        var status = h.get("orders").getStatus();
        assertThat(status.getTransition().getState()).isEqualTo("HIBERNATING_BLUE");
        assertThat(status.getTransitionModeText()).isEqualTo("TURBO");
        assertThat(h.child("orders-blue").getMetadata().getUid()).isEqualTo(blueUid);
        assertThat(spec(h.child("orders-blue"), "spec", "image")).isEqualTo("flink:1.20");
        assertThat(message("orders", "InvalidSpec"))
                .contains(
                        "status.transitionMode: unknown value \"TURBO\"",
                        "status.transition.state: expected one of [",
                        "got \"HIBERNATING_BLUE\"");
        assertThat(warnings("orders"))
                .singleElement()
                .satisfies(w -> assertThat(w).startsWith("UnreadableStatus: status."));

        // fixing the status resumes where the record says
        editStatus("orders", "ACTIVE_BLUE", "BASIC");
        h.awaitState("orders", "ACTIVE_GREEN");
        assertThat(spec(h.child("orders-green"), "spec", "image")).isEqualTo("v2");
    }

    private static FlinkBlueGreenDeployment fancy(String name) {
        var parent = Fixtures.parent(name, Fixtures.job(2, "savepoint"));
        parent.getSpec().setTransitionModeText("FANCY");
        return parent;
    }

    private void assertReportedWithoutChildren(String name) {
        await().atMost(Harness.WAIT)
                .untilAsserted(() -> assertThat(message(name, "InvalidSpec")).isEqualTo(FANCY));
        assertThat(h.condition(name, "InvalidSpec")).isEqualTo("InvalidSpec");
        assertThat(warnings(name)).containsExactly("InvalidSpec: " + FANCY);
        assertThat(h.child(name + "-blue")).isNull();
        assertThat(h.child(name + "-green")).isNull();
        assertThat(h.get(name).getStatus().getTransition().getState())
                .isEqualTo("INITIALIZING_BLUE");
    }

    /** Writes {@code status.transition.state} and {@code status.transitionMode} as a user would. */
    private void editStatus(String name, String recordState, String mode) {
        await().atMost(Harness.WAIT)
                .ignoreExceptions()
                .until(
                        () -> {
                            var parent = h.get(name);
                            parent.getStatus().getTransition().setState(recordState);
                            parent.getStatus().setTransitionModeText(mode);
                            client.resource(parent).updateStatus();
                            return true;
                        });
    }

    private String message(String name, String type) {
        var parent = h.get(name);
        if (parent == null || parent.getStatus() == null) {
            return null;
        }
        return parent.getStatus().getConditions().stream()
                .filter(c -> c.getType().equals(type))
                .map(c -> c.getMessage())
                .findFirst()
                .orElse(null);
    }

    /** {@code reason: message} of each Warning event about {@code name}. */
    private List<String> warnings(String name) {
        return client.v1().events().inNamespace(Harness.NS).list().getItems().stream()
                .filter(e -> name.equals(e.getInvolvedObject().getName()))
                .filter(e -> "Warning".equals(e.getType()))
                .map(e -> e.getReason() + ": " + e.getMessage())
                .toList();
    }
}
