package dev.bluegreen.operator.it;

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
 * A child the operator rejects (its validation, as the real operator 1.15.0 does it: {@code
 * status.error} a ValidationException, generation not observed) is a failure at once: the parent
 * follows the phase's failure path within seconds, not at its 10-minute deadline, and shows the
 * operator's error with a hint.
 */
@EnableKubernetesMockClient(crud = true)
class RejectedChildIT {
    static final String PREFIX = "kubernetes.operator.bluegreen.";
    static final String NO_ACCOUNT = "spec.serviceAccount must be defined";
    static final String ACCOUNT_HINT =
            "hint: the operator rejected blue: set spec.template.spec.serviceAccount";

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
    void firstDeploymentWithoutServiceAccountFailsAtOnceWithTheHint() {
        // Given a template the operator rejects (no serviceAccount), deadlines of 10 minutes
        var parent =
                Fixtures.parent(
                        "orders",
                        Fixtures.job(2, "savepoint").replace("\"serviceAccount\":\"flink\",", ""));
        parent.getSpec().getConfiguration().put(PREFIX + "abort.grace-period", "10 min");

        // When
        h.create(parent);

        // Then blue fails at once (FAILING_BLUE, nothing else to run) with the error and the hint
        h.awaitState("orders", "FAILING_BLUE");
        assertThat(condition("Degraded"))
                .as(h.describe("orders"))
                .startsWith("True ")
                .contains(NO_ACCOUNT, ACCOUNT_HINT);
        assertThat(condition("InvalidSpec")).startsWith("False");
        assertThat(h.eventReasons("orders")).contains("Warning:ChildFailed");
        assertThat(spec(h.child("orders-blue"), "status", "lifecycleState")).isEqualTo("FAILED");
    }

    @Test
    void greenRejectedByTheOperatorRollsBackAtOnceWhileBlueKeepsServing() {
        // Given blue runs, deadlines of 10 minutes
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec().getConfiguration().put(PREFIX + "abort.grace-period", "10 min");
        h.deployed(parent);
        var blue = h.child("orders-blue");

        // When the new version drops the serviceAccount
        h.editTemplate(
                "orders",
                t -> {
                    t.put("image", "flink:v2");
                    t.remove("serviceAccount");
                });

        // Then green is rolled back at once and blue keeps serving
        await().atMost(Harness.WAIT)
                .until(() -> h.eventReasons("orders").contains("Warning:RollbackToBlue"));
        h.awaitState("orders", "ACTIVE_BLUE");
        assertThat(h.eventReasons("orders")).contains("Warning:ChildFailed");
        assertThat(condition("Degraded"))
                .as(h.describe("orders"))
                .contains("RolloutFailed", NO_ACCOUNT, "the operator rejected green");
        var after = h.child("orders-blue");
        assertThat(spec(after, "status", "jobStatus", "jobId"))
                .isEqualTo(spec(blue, "status", "jobStatus", "jobId"));
        assertThat(after.getMetadata().getGeneration())
                .isEqualTo(blue.getMetadata().getGeneration());
        await().atMost(Harness.WAIT).until(() -> h.child("orders-green") == null);
    }

    @Test
    void inPlacePatchRejectedByTheOperatorReturnsToTheStableSpecAtOnce() {
        // Given blue runs with parallelism 2, a patch deadline of 10 minutes
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec().getConfiguration().put(PREFIX + "patch.timeout", "10 min");
        h.deployed(parent);

        // When parallelism 0 is patched in place (the operator rejects it)
        h.editTemplate("orders", t -> t.withObjectProperty("job").put("parallelism", 0));

        // Then the patch is rolled back at once: blue runs its stable spec again
        await().atMost(Harness.WAIT)
                .until(() -> h.eventReasons("orders").contains("Warning:ChildFailed"));
        h.awaitState("orders", "ACTIVE_BLUE");
        assertThat(spec(h.child("orders-blue"), "spec", "job", "parallelism")).isEqualTo("2");
        assertThat(condition("Degraded")).as(h.describe("orders")).contains("RolloutFailed");
        assertThat(h.get("orders").getStatus().getTransition().getFailedSpecRef()).isNotNull();
    }

    /** {@code <status> <reason>: <message>} of the parent's condition {@code type}. */
    private String condition(String type) {
        return h.get("orders").getStatus().getConditions().stream()
                .filter(c -> c.getType().equals(type))
                .map(c -> c.getStatus() + " " + c.getReason() + ": " + c.getMessage())
                .findFirst()
                .orElse(null);
    }
}
