package dev.bluegreen.operator.it;

import dev.bluegreen.core.analysis.MetricProvider;
import dev.bluegreen.core.extension.BlueGreenExtension;
import dev.bluegreen.operator.controller.Extensions;
import dev.bluegreen.operator.resource.AnalysisProviderSpec;
import dev.bluegreen.operator.resource.ExtensionProviderSpec;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The controller's own providers (no fake runner: {@code Config.of}'s live providers): a
 * pre-promotion check on an extension's metric provider, judged by its CEL condition, aborts the
 * change when the value is too high.
 */
@EnableKubernetesMockClient(crud = true)
class LiveAnalysisIT {
    /** Adds the metric provider {@code error-rate}, answering 0.42 for green. */
    static final class ErrorRates implements BlueGreenExtension {
        @Override
        public String name() {
            return "error-rates";
        }

        @Override
        public Map<String, MetricProvider> metricProviders() {
            return Map.of(
                    "error-rate",
                    request -> request.candidateChild().endsWith("-green") ? 0.42 : 0.0);
        }
    }

    KubernetesClient client;
    KubernetesMockServer server;
    Harness h;

    @BeforeEach
    void start() {
        h =
                new Harness(
                        client,
                        server,
                        null,
                        c -> c.withExtensions(Extensions.of(new ErrorRates())));
    }

    @AfterEach
    void stop() {
        h.close();
    }

    /** {@link AnalysisIT#parent()} with its check on the extension's provider. */
    static FlinkBlueGreenDeployment parent() {
        var extension = new ExtensionProviderSpec();
        extension.setName("error-rate");
        var provider = new AnalysisProviderSpec();
        provider.setExtension(extension);
        var parent = AnalysisIT.parent();
        var check = parent.getSpec().getAnalysis().getPrePromotion().get(0);
        check.setProvider(provider);
        check.setFailureCondition("result > 0.1");
        return parent;
    }

    @Test
    void anExtensionsMetricAboveTheConditionAbortsTheChange() {
        h.deployed(parent());

        h.editTemplate("orders", t -> t.put("image", "flink:1.20.1"));

        await().atMost(Harness.WAIT)
                .untilAsserted(
                        () ->
                                assertThat(h.eventReasons("orders"))
                                        .as(h.describe("orders"))
                                        .contains("Warning:AnalysisFailed"));
        h.awaitState("orders", "ACTIVE_BLUE");
        var run = h.get("orders").getStatus().getAnalysis().getPrePromotion();
        assertThat(run.getPhase()).isEqualTo("Failed");
        var check = run.getChecks().get(0);
        assertThat(check.getProvider()).isEqualTo("error-rate");
        assertThat(check.getMeasurements())
                .singleElement()
                .satisfies(m -> assertThat(m.getPhase()).isEqualTo("Failed"))
                .satisfies(m -> assertThat(m.getValue()).isEqualTo("0.42"));
    }
}
