package dev.bluegreen.operator.it;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.RepeatedTest;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Regression: a reconcile that runs on a cached parent older than the controller's own status write
 * must not decide (and report) the same step again. The demo saw {@code TrafficSwitched} three
 * times in one transition and {@code SuspendStarted} twice: the embedded API server does not check
 * the resourceVersion of a status PUT, so the stale decision's write went through.
 */
@EnableKubernetesMockClient(crud = true)
class EventsOnceIT {
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

    @RepeatedTest(3)
    void everyStepOfATransitionAndASuspendIsReportedOnce() {
        // Given blue serving
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));

        // When green takes over and is then suspended
        h.editTemplate("orders", t -> t.put("image", "flink:1.20.1"));
        h.awaitState("orders", "ACTIVE_GREEN");
        h.editTemplate(
                "orders",
                t ->
                        ((com.fasterxml.jackson.databind.node.ObjectNode) t.get("job"))
                                .put("state", "suspended"));
        h.awaitState("orders", "SUSPENDED_GREEN");

        // Then each event was emitted once
        List<String> reasons = h.eventReasons("orders");
        assertThat(reasons)
                .as("events %s", reasons)
                .containsExactlyInAnyOrder(
                        "Normal:InitialDeploy",
                        "Normal:TransitionCompleted",
                        "Normal:SavepointRequested",
                        "Normal:TransitionStarted",
                        "Normal:TrafficSwitched",
                        "Normal:TransitionCompleted",
                        "Normal:SuspendStarted",
                        "Normal:Suspended");
    }
}
