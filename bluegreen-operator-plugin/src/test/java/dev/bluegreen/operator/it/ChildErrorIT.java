package dev.bluegreen.operator.it;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.bluegreen.operator.it.Fixtures.spec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** A failing child's {@code status.error} shows up on the parent, with a hint when it is known. */
@EnableKubernetesMockClient(crud = true)
class ChildErrorIT {
    /** What the upstream operator writes when Flink cannot restore blue's savepoint in green. */
    static final String NON_RESTORED_STATE_ERROR =
            "{\"type\":\"org.apache.flink.kubernetes.operator.exception.ReconciliationException\","
                    + "\"message\":\"org.apache.flink.runtime.client.JobInitializationException:"
                    + " Could not start the JobMaster.\",\"additionalMetadata\":{},"
                    + "\"throwableList\":[{\"type\":\"java.util.concurrent.CompletionException\","
                    + "\"message\":\"java.lang.IllegalStateException: Failed to rollback\","
                    + "\"additionalMetadata\":{}},{\"type\":\"java.lang.IllegalStateException\","
                    + "\"message\":\"Failed to rollback to checkpoint/savepoint"
                    + " file:///savepoints/orders-t1. Cannot map checkpoint/savepoint state for"
                    + " operator 7df19f87deec5680128845fd9a6ca18d to the new program, because the"
                    + " operator is not available in the new program. If you want to allow to skip"
                    + " this, you can set the --allowNonRestoredState option on the CLI.\","
                    + "\"additionalMetadata\":{}}]}";

    static final String SHOWN_ERROR =
            "orders-green: Failed to rollback to checkpoint/savepoint file:///savepoints/orders-t1."
                    + " Cannot map checkpoint/savepoint state for operator";

    static final String SHOWN_HINT =
            "; hint: green could not map blue's savepoint state: an operator of blue (for example"
                    + " a per-colour sink uid) is not in green; set"
                    + " spec.template.spec.job.allowNonRestoredState: true (docs/sinks.md)";

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
    void greenThatCannotMapBluesStateGivesTheHintWhileBlueKeepsServing() {
        // Given: blue runs; green will fail to restore blue's savepoint
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec()
                .getConfiguration()
                .put("kubernetes.operator.bluegreen.abort.grace-period", "10 min");
        h.deployed(parent);
        var blue = h.child("orders-blue");
        h.fake.failJob("orders-green", NON_RESTORED_STATE_ERROR);

        // When
        h.editTemplate("orders", t -> t.put("image", "v2"));

        // Then: the operator failed green, so the transition rolls back at once (not at the
        // 10-minute grace period); both events carry the error and the hint
        await().atMost(Harness.WAIT)
                .until(() -> h.eventReasons("orders").contains("Warning:RollbackToBlue"));
        assertThat(eventMessages("RollbackToBlue"))
                .singleElement()
                .satisfies(m -> assertThat(m).contains(SHOWN_ERROR).endsWith(SHOWN_HINT));
        assertThat(eventMessages("ChildFailed"))
                .singleElement()
                .satisfies(m -> assertThat(m).contains(SHOWN_ERROR).endsWith(SHOWN_HINT));
        // and Degraded keeps it after green is gone
        h.awaitState("orders", "ACTIVE_BLUE");
        await().atMost(Harness.WAIT).until(() -> h.child("orders-green") == null);
        assertThat(message("Degraded"))
                .contains("failed to roll out", SHOWN_ERROR)
                .endsWith(SHOWN_HINT);
        assertThat(h.get("orders").getStatus().getError()).isEqualTo(message("Degraded"));
        // blue kept running and serving
        var status = h.get("orders").getStatus();
        assertThat(status.getActiveColor()).isEqualTo("BLUE");
        assertThat(status.getActiveChild()).isEqualTo("orders-blue");
        var after = h.child("orders-blue");
        assertThat(spec(after, "status", "jobStatus", "jobId"))
                .isEqualTo(spec(blue, "status", "jobStatus", "jobId"));
        assertThat(spec(after, "status", "jobStatus", "state")).isEqualTo("RUNNING");
        assertThat(after.getMetadata().getGeneration())
                .isEqualTo(blue.getMetadata().getGeneration());
    }

    private String message(String type) {
        var status = h.get("orders").getStatus();
        return status == null
                ? null
                : status.getConditions().stream()
                        .filter(c -> c.getType().equals(type))
                        .map(Condition::getMessage)
                        .findFirst()
                        .orElse(null);
    }

    private List<String> eventMessages(String reason) {
        return client.v1().events().inNamespace(Harness.NS).list().getItems().stream()
                .filter(e -> "orders".equals(e.getInvolvedObject().getName()))
                .filter(e -> reason.equals(e.getReason()))
                .map(e -> e.getMessage())
                .toList();
    }
}
