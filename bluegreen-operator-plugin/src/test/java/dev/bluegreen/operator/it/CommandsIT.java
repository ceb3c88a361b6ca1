package dev.bluegreen.operator.it;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Manual commands as annotations on the parent: promote, abort, pause. */
@EnableKubernetesMockClient(crud = true)
class CommandsIT {
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
    void abortDuringTransitionRollsBackToBlue() {
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));
        h.fake.holdJobs();
        h.editTemplate("orders", t -> t.put("image", "v2"));
        h.awaitState("orders", "TRANSITIONING_TO_GREEN");

        h.annotate("orders", "bluegreen.dev/abort", "a1");

        h.awaitState("orders", "ACTIVE_BLUE");
        assertThat(h.eventReasons("orders")).contains("Warning:UpgradeAborted");
        await().atMost(Harness.WAIT).until(() -> h.child("orders-green") == null);
        assertThat(h.get("orders").getStatus().getTransition().getHandledAbort()).isEqualTo("a1");
    }

    @Test
    void promoteSkipsTheSoak() {
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        h.deployed(parent);
        h.option("orders", "kubernetes.operator.bluegreen.readiness.soak", "1 h");
        h.editTemplate("orders", t -> t.put("image", "v2"));
        await().atMost(Harness.WAIT)
                .until(() -> "Soaking".equals(h.condition("orders", "Progressing")));
        assertThat(h.state("orders")).isEqualTo("TRANSITIONING_TO_GREEN");

        h.annotate("orders", "bluegreen.dev/promote", "p1");

        h.awaitState("orders", "ACTIVE_GREEN");
    }

    @Test
    void pauseHoldsTheTransitionUntilLifted() {
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));
        h.fake.holdSnapshots();
        h.editTemplate("orders", t -> t.put("image", "v2"));
        h.awaitState("orders", "SAVEPOINTING_BLUE");
        h.annotate("orders", "bluegreen.dev/paused", "true");
        h.fake.completeSnapshots();
        await().atMost(Harness.WAIT)
                .until(() -> "Paused".equals(h.condition("orders", "Progressing")));
        assertThat(h.state("orders")).isEqualTo("SAVEPOINTING_BLUE");
        assertThat(h.child("orders-green")).isNull();

        h.annotate("orders", "bluegreen.dev/paused", "false");

        h.awaitState("orders", "ACTIVE_GREEN");
    }
}
