package dev.bluegreen.operator.it;

import dev.bluegreen.core.analysis.Measurement;
import dev.bluegreen.core.analysis.MeasurementPhase;
import dev.bluegreen.core.analysis.MetricRequest;
import dev.bluegreen.operator.internal.analysis.CheckRunner;
import dev.bluegreen.operator.resource.AnalysisCheck;
import dev.bluegreen.operator.resource.AnalysisProviderSpec;
import dev.bluegreen.operator.resource.AnalysisRunStatus;
import dev.bluegreen.operator.resource.AnalysisSpec;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.resource.WebProviderSpec;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Pre-promotion analysis in the running controller, its checks measured by a fake {@link
 * CheckRunner} passed with {@code Config.withChecks}: a failing check aborts the change (no switch,
 * green removed, blue untouched), a passing one lets it switch; the status shows the measurements
 * and the events say what happened.
 */
@EnableKubernetesMockClient(crud = true)
class AnalysisIT {
    /** Answers every measurement with {@link #phase} and {@link #value}, recording the requests. */
    static final class ScriptedRunner implements CheckRunner {
        volatile MeasurementPhase phase = MeasurementPhase.SUCCESSFUL;
        volatile String value = "[0.01]";
        final List<MetricRequest> requests = new CopyOnWriteArrayList<>();

        @Override
        public Measurement measure(AnalysisCheck check, MetricRequest request, Instant now) {
            requests.add(request);
            return new Measurement(now, phase, value, "");
        }
    }

    final ScriptedRunner runner = new ScriptedRunner();
    KubernetesClient client;
    KubernetesMockServer server;
    Harness h;

    @BeforeEach
    void start() {
        h = new Harness(client, server, null, c -> c.withChecks((forClient, jobs) -> runner));
    }

    @AfterEach
    void stop() {
        h.close();
    }

    /** A parent whose pre-promotion check {@code error-rate} measures once. */
    static FlinkBlueGreenDeployment parent() {
        var web = new WebProviderSpec();
        web.setUrl("http://checks.default/error-rate");
        var provider = new AnalysisProviderSpec();
        provider.setWeb(web);
        var check = new AnalysisCheck();
        check.setName("error-rate");
        check.setProvider(provider);
        var analysis = new AnalysisSpec();
        analysis.setPrePromotion(List.of(check));
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec().setAnalysis(analysis);
        return parent;
    }

    @Test
    void aFailingPrePromotionCheckAbortsTheChangeWithoutASwitch() {
        runner.phase = MeasurementPhase.FAILED;
        runner.value = "[0.42]";
        h.deployed(parent());
        assertThat(runner.requests).as("a first deployment is not analysed").isEmpty();

        h.editTemplate("orders", t -> t.put("image", "flink:1.20.1"));

        await().atMost(Harness.WAIT)
                .untilAsserted(
                        () ->
                                assertThat(h.eventReasons("orders"))
                                        .as(h.describe("orders"))
                                        .contains(
                                                "Warning:AnalysisFailed",
                                                "Warning:UpgradeAborted"));
        h.awaitState("orders", "ACTIVE_BLUE");
        await().atMost(Harness.WAIT).until(() -> h.child("orders-green") == null);
        assertThat(h.get("orders").getStatus().getActiveColor()).isEqualTo("BLUE");
        assertThat(h.child("orders-blue")).isNotNull();
        assertThat(h.eventReasons("orders"))
                .doesNotContain("Normal:TrafficSwitched")
                .contains("Warning:RollbackToBlue");
        assertThat(h.registry.get("bluegreen.transitions").tag("outcome", "rolled_back").counter())
                .satisfies(c -> assertThat(c.count()).isEqualTo(1.0));
        var run = preRun();
        assertThat(run.getPhase()).isEqualTo("Failed");
        assertThat(run.getMessage()).isEqualTo("check error-rate failed: last values [0.42]");
        var check = run.getChecks().get(0);
        assertThat(check.getFailed()).isEqualTo(1);
        assertThat(check.getMeasurements())
                .singleElement()
                .satisfies(m -> assertThat(m.getValue()).isEqualTo("[0.42]"))
                .satisfies(m -> assertThat(m.getPhase()).isEqualTo("Failed"));
        assertThat(h.registry.get("bluegreen.analysis.runs").tag("phase", "failed").counter())
                .satisfies(c -> assertThat(c.count()).isEqualTo(1.0));
        assertThat(h.registry.get("bluegreen.analysis.measurements").tag("check", "error-rate"))
                .satisfies(m -> assertThat(m.counter().count()).isEqualTo(1.0));
        assertThat(runner.requests)
                .singleElement()
                .satisfies(r -> assertThat(r.candidateChild()).isEqualTo("orders-green"))
                .satisfies(r -> assertThat(r.incumbentChild()).isEqualTo("orders-blue"));
    }

    @Test
    void aPassingPrePromotionCheckLetsTheChangeSwitch() {
        h.deployed(parent());

        h.editTemplate("orders", t -> t.put("image", "flink:1.20.1"));

        h.awaitState("orders", "ACTIVE_GREEN");
        assertThat(h.eventReasons("orders")).contains("Normal:AnalysisPassed");
        var run = preRun();
        assertThat(run.getPhase()).isEqualTo("Successful");
        assertThat(run.getChecks().get(0).getSuccessful()).isEqualTo(1);
        assertThat(runner.requests).hasSize(1);
    }

    @Test
    void aFailingPostPromotionCheckSwitchesBackToTheKeptChild() {
        var parent = parent();
        var analysis = parent.getSpec().getAnalysis();
        analysis.setPostPromotion(analysis.getPrePromotion());
        analysis.setPrePromotion(null);
        h.deployed(parent);
        runner.phase = MeasurementPhase.FAILED;
        runner.value = "[0.9]";

        h.editTemplate("orders", t -> t.put("image", "flink:1.20.1"));

        await().atMost(Harness.WAIT)
                .untilAsserted(
                        () ->
                                assertThat(h.eventReasons("orders"))
                                        .as(h.describe("orders"))
                                        .contains(
                                                "Normal:TrafficSwitched",
                                                "Warning:AnalysisFailed"));
        h.awaitState("orders", "ACTIVE_BLUE");
        assertThat(h.get("orders").getStatus().getActiveColor()).isEqualTo("BLUE");
        assertThat(h.registry.get("bluegreen.transitions").tag("outcome", "rolled_back").counter())
                .satisfies(c -> assertThat(c.count()).isEqualTo(1.0));
        var post = h.get("orders").getStatus().getAnalysis().getPostPromotion();
        assertThat(post.getPhase()).isEqualTo("Failed");
        assertThat(post.getMessage()).isEqualTo("check error-rate failed: last values [0.9]");
        assertThat(runner.requests)
                .singleElement()
                .satisfies(r -> assertThat(r.candidateChild()).isEqualTo("orders-green"));
    }

    private AnalysisRunStatus preRun() {
        var analysis = h.get("orders").getStatus().getAnalysis();
        assertThat(analysis).as(h.describe("orders")).isNotNull();
        return analysis.getPrePromotion();
    }
}
