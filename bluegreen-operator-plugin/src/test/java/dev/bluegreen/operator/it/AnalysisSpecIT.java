package dev.bluegreen.operator.it;

import dev.bluegreen.core.analysis.Measurement;
import dev.bluegreen.core.analysis.MeasurementPhase;
import dev.bluegreen.operator.resource.AnalysisCheck;
import dev.bluegreen.operator.resource.AnalysisProviderSpec;
import dev.bluegreen.operator.resource.AnalysisSpec;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.resource.FlinkProviderSpec;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code spec.analysis} on the embedded API: a bad check is refused before anything is deployed,
 * and changing the checks during a transition does not restart it.
 */
@EnableKubernetesMockClient(crud = true)
class AnalysisSpecIT {
    KubernetesClient client;
    KubernetesMockServer server;
    Harness h;

    @BeforeEach
    void start() {
        // checks run now (the analyze stage): every measurement passes
        h =
                new Harness(
                        client,
                        server,
                        null,
                        c ->
                                c.withChecks(
                                        (forClient, jobs) ->
                                                (check, request, now) ->
                                                        new Measurement(
                                                                now,
                                                                MeasurementPhase.SUCCESSFUL,
                                                                "0",
                                                                "")));
    }

    @AfterEach
    void stop() {
        h.close();
    }

    /** A check of both children's job metrics: five measurements 30 s apart. */
    static AnalysisCheck restartsCheck(String interval, Integer count) {
        var provider = new AnalysisProviderSpec();
        provider.setFlink(new FlinkProviderSpec());
        var check = new AnalysisCheck();
        check.setName("restarts");
        check.setProvider(provider);
        check.setInterval(interval);
        check.setCount(count);
        check.setSuccessCondition("candidate.restarts <= incumbent.restarts");
        return check;
    }

    static FlinkBlueGreenDeployment withChecks(
            FlinkBlueGreenDeployment parent, List<AnalysisCheck> pre, List<AnalysisCheck> post) {
        var analysis = new AnalysisSpec();
        analysis.setPrePromotion(pre);
        analysis.setPostPromotion(post);
        parent.getSpec().setAnalysis(analysis);
        return parent;
    }

    @Test
    void anIndefinitePostPromotionCheckIsInvalidSpecWithAWarningAndNoChild() {
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        h.create(withChecks(parent, List.of(), List.of(restartsCheck("30s", null))));

        await().atMost(Harness.WAIT).until(() -> "True".equals(invalidSpec("orders", "status")));
        assertThat(invalidSpec("orders", "message"))
                .contains("spec.analysis.postPromotion[0].count")
                .contains("would be kept forever");
        await().atMost(Harness.WAIT)
                .until(() -> h.eventReasons("orders").contains("Warning:InvalidSpec"));
        assertThat(h.child("orders-blue")).isNull();
        assertThat(h.child("orders-green")).isNull();

        h.edit("orders", p -> withChecks(p, List.of(), List.of(restartsCheck("30s", 5))));

        h.awaitState("orders", "ACTIVE_BLUE");
        assertThat(invalidSpec("orders", "status")).isEqualTo("False");
    }

    @Test
    void changingTheChecksDuringATransitionDoesNotRestartIt() {
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));
        h.fake.holdJobs();
        h.editTemplate("orders", t -> t.put("image", "v2"));
        h.awaitState("orders", "TRANSITIONING_TO_GREEN");
        await().atMost(Harness.WAIT).until(() -> h.child("orders-green") != null);
        String green = h.child("orders-green").getMetadata().getUid();

        h.edit("orders", p -> withChecks(p, List.of(restartsCheck("1s", 3)), null));
        // the controller reconciled the change: the in-flight target carries the new checks
        await().atMost(Harness.WAIT)
                .until(
                        () ->
                                String.valueOf(h.get("orders").getStatus().getTargetSpec())
                                        .contains("\"1s\""));
        assertThat(h.state("orders")).isEqualTo("TRANSITIONING_TO_GREEN");
        h.fake.startJobs();

        h.awaitState("orders", "ACTIVE_GREEN");
        assertThat(h.child("orders-green").getMetadata().getUid())
                .as("green was not redeployed")
                .isEqualTo(green);
        assertThat(h.eventReasons("orders")).noneMatch(r -> r.endsWith(":TransitionSuperseded"));
        assertThat(h.get("orders").getStatus().getLastStableSpec())
                .contains("\"v2\"")
                .contains("\"interval\":\"1s\"");
    }

    /** The InvalidSpec condition's {@code status} or {@code message}, or null. */
    private String invalidSpec(String name, String field) {
        var parent = h.get(name);
        if (parent == null || parent.getStatus() == null) {
            return null;
        }
        return parent.getStatus().getConditions().stream()
                .filter(c -> c.getType().equals("InvalidSpec"))
                .map(c -> field.equals("status") ? c.getStatus() : c.getMessage())
                .findFirst()
                .orElse(null);
    }
}
