package dev.bluegreen.operator.internal.analysis;

import dev.bluegreen.core.analysis.Measurement;
import dev.bluegreen.core.analysis.MetricProvider;
import dev.bluegreen.core.analysis.MetricRequest;
import dev.bluegreen.operator.resource.AnalysisProviderSpec;
import dev.bluegreen.operator.resource.ExtensionProviderSpec;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

import static dev.bluegreen.core.analysis.MeasurementPhase.ERROR;
import static dev.bluegreen.core.analysis.MeasurementPhase.FAILED;
import static dev.bluegreen.core.analysis.MeasurementPhase.SUCCESSFUL;
import static dev.bluegreen.operator.internal.analysis.Checks.GREEN_BEFORE_SWITCH;
import static dev.bluegreen.operator.internal.analysis.Checks.NOW;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Extension metric providers, called bounded like other extension calls; and the runner's guards.
 */
class ExtensionProviderTest {
    private final AtomicReference<MetricRequest> asked = new AtomicReference<>();

    private LiveCheckRunner runner(Map<String, MetricProvider> providers) {
        return Checks.runner(null, child -> null, providers, Duration.ofMillis(300));
    }

    private static Measurement measure(LiveCheckRunner runner, String name, String success) {
        var spec = new ExtensionProviderSpec();
        spec.setName(name);
        spec.setParameters(Map.of("window", "5m"));
        return runner.measure(
                Checks.check(Checks.extension(spec), success, null), GREEN_BEFORE_SWITCH, NOW);
    }

    @Test
    void theProvidersValueIsJudgedAndItGetsTheChecksParameters() {
        MetricProvider lag =
                request -> {
                    asked.set(request);
                    return List.of(12L, 3);
                };

        Measurement m = measure(runner(Map.of("lag", lag)), "lag", "result.all(x, x < 20)");

        assertThat(m.phase()).isEqualTo(SUCCESSFUL);
        assertThat(m.value()).isEqualTo("[12, 3]");
        assertThat(asked.get().parameters()).isEqualTo(Map.of("window", "5m"));
        assertThat(asked.get().candidateChild()).isEqualTo("orders-green");
    }

    @Test
    void aNullValueIsCelsNull() {
        Measurement m = measure(runner(Map.of("none", request -> null)), "none", "result == null");

        assertThat(m.phase()).isEqualTo(SUCCESSFUL);
        assertThat(m.value()).isEqualTo("null");
    }

    @Test
    void aFalseSuccessConditionFails() {
        Measurement m = measure(runner(Map.of("score", request -> 0.2)), "score", "result > 0.5");

        assertThat(m.phase()).isEqualTo(FAILED);
    }

    @Test
    void aThrowingProviderIsAnErrorWithItsMessage() {
        MetricProvider broken =
                request -> {
                    throw new IllegalStateException("no metrics backend");
                };

        Measurement m = measure(runner(Map.of("broken", broken)), "broken", null);

        assertThat(m.phase()).isEqualTo(ERROR);
        assertThat(m.message())
                .isEqualTo(
                        "metric provider 'broken': threw java.lang.IllegalStateException: no metrics backend");
    }

    @Test
    void aHangingProviderIsAnErrorAfterTheBound() {
        CountDownLatch never = new CountDownLatch(1);
        MetricProvider hanging =
                request -> {
                    never.await();
                    return 1;
                };

        Measurement m = measure(runner(Map.of("hanging", hanging)), "hanging", null);

        assertThat(m.phase()).isEqualTo(ERROR);
        assertThat(m.message()).isEqualTo("metric provider 'hanging': no answer within 300 ms");
    }

    @Test
    void anUnknownProviderIsAnErrorListingTheLoadedOnes() {
        Measurement m = measure(runner(Map.of("b", request -> 1, "a", request -> 1)), "c", null);

        assertThat(m.phase()).isEqualTo(ERROR);
        assertThat(m.message())
                .isEqualTo(
                        "extension.name: no loaded extension provides metric provider 'c' (loaded: a, b)");
    }

    @Test
    void aCheckWithoutAProviderIsAnError() {
        var runner = runner(Map.of());

        Measurement none = runner.measure(Checks.check(null, null, null), GREEN_BEFORE_SWITCH, NOW);
        Measurement empty =
                runner.measure(
                        Checks.check(new AnalysisProviderSpec(), null, null),
                        GREEN_BEFORE_SWITCH,
                        NOW);

        assertThat(none.phase()).isEqualTo(ERROR);
        assertThat(none.message()).isEqualTo("provider: not set");
        assertThat(empty.message())
                .isEqualTo("provider: none of prometheus, web, flink, extension is set");
    }
}
