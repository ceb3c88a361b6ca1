package dev.bluegreen.operator.internal.analysis;

import dev.bluegreen.core.analysis.MeasurementPhase;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static dev.bluegreen.core.analysis.MeasurementPhase.ERROR;
import static dev.bluegreen.core.analysis.MeasurementPhase.FAILED;
import static dev.bluegreen.core.analysis.MeasurementPhase.INCONCLUSIVE;
import static dev.bluegreen.core.analysis.MeasurementPhase.SUCCESSFUL;
import static org.assertj.core.api.Assertions.assertThat;

/** The phase of a measurement from its conditions, with Argo Rollouts' rules and CEL. */
class ConditionsTest {
    private final Conditions conditions = new Conditions();

    static Stream<Arguments> phases() {
        List<Double> ok = List.of(0.97);
        List<Double> low = List.of(0.5);
        List<Double> nan = List.of(Double.NaN);
        return Stream.of(
                // result, successCondition, failureCondition, phase
                Arguments.of(ok, null, null, SUCCESSFUL),
                Arguments.of(ok, "result[0] >= 0.95", null, SUCCESSFUL),
                Arguments.of(low, "result[0] >= 0.95", null, FAILED),
                Arguments.of(low, null, "result[0] < 0.9", FAILED),
                Arguments.of(ok, null, "result[0] < 0.9", SUCCESSFUL),
                Arguments.of(ok, "result[0] >= 0.95", "result[0] < 0.99", FAILED),
                Arguments.of(List.of(0.92), "result[0] >= 0.95", "result[0] < 0.9", INCONCLUSIVE),
                Arguments.of(nan, "result[0] >= 0.95", null, FAILED),
                Arguments.of(nan, "result[0] >= 0.95", "result[0] < 0.9", INCONCLUSIVE),
                Arguments.of(nan, "!isNaN(result[0])", null, FAILED),
                Arguments.of(
                        List.of(Double.POSITIVE_INFINITY), "result[0] >= 0.95", null, SUCCESSFUL),
                Arguments.of(
                        List.of(Double.NEGATIVE_INFINITY), "isInf(result[0])", null, SUCCESSFUL),
                Arguments.of(List.of(), "result[0] >= 0.95", null, ERROR),
                Arguments.of(List.of(), "size(result) == 0 || result[0] >= 0.95", null, SUCCESSFUL),
                Arguments.of(3L, "result > 1", null, SUCCESSFUL),
                Arguments.of(3, "result == 3.0", null, SUCCESSFUL),
                Arguments.of(List.of(1, 2L, 3.5), "result.all(x, x < 4)", null, SUCCESSFUL),
                Arguments.of("ok", "result == 'ok'", null, SUCCESSFUL),
                Arguments.of(true, "result", null, SUCCESSFUL),
                Arguments.of(null, "result == null", null, SUCCESSFUL),
                Arguments.of(Map.of("status", 200), "result.status == 200", null, SUCCESSFUL),
                Arguments.of(ok, "result[0]", null, ERROR),
                Arguments.of(ok, "result[0] >=", null, ERROR),
                Arguments.of(ok, "unknown > 1", null, ERROR),
                Arguments.of("text", "result > 1", null, ERROR),
                Arguments.of(Map.of("status", 200), "result.missing == 1", null, ERROR));
    }

    @ParameterizedTest(name = "{0} with success [{1}] failure [{2}] -> {3}")
    @MethodSource("phases")
    void theConditionsDecideThePhase(
            Object result, String success, String failure, MeasurementPhase phase) {
        Map<String, Object> variables = new HashMap<>();
        variables.put("result", result);

        assertThat(conditions.judge(success, failure, variables).phase()).isEqualTo(phase);
    }

    @Test
    void aConditionThatIsNotABoolIsAnErrorNamingTheField() {
        var judgement = conditions.judge("result[0]", null, Map.of("result", List.of(0.97)));

        assertThat(judgement.message())
                .startsWith("successCondition is not a bool: 0.97")
                .contains("result[0]");
    }

    @Test
    void anExpressionThatDoesNotCompileIsAnErrorWithCelsMessage() {
        var judgement = conditions.judge(null, "result >= ", Map.of("result", 1));

        assertThat(judgement.phase()).isEqualTo(ERROR);
        assertThat(judgement.message()).startsWith("failureCondition does not compile: ");
    }

    @Test
    void indexingAnEmptyResultIsAnErrorNotAFailure() {
        var judgement = conditions.judge("result[0] >= 0.95", null, Map.of("result", List.of()));

        assertThat(judgement.phase()).isEqualTo(ERROR);
        assertThat(judgement.message()).startsWith("successCondition failed: ");
    }

    @Test
    void theFlinkMapsCompareTheCandidateWithTheIncumbent() {
        Map<String, Object> candidate = Map.of("restarts", 2L, "recordsOutPerSecond", 95.0);
        Map<String, Object> incumbent = Map.of("restarts", 0L, "recordsOutPerSecond", 100.0);
        Map<String, Object> variables =
                Map.of("candidate", candidate, "incumbent", incumbent, "blue", incumbent);

        var judgement =
                conditions.judge(
                        "candidate.recordsOutPerSecond >= 0.9 * incumbent.recordsOutPerSecond",
                        "candidate.restarts > incumbent.restarts && blue.restarts == 0",
                        variables);

        assertThat(judgement.phase()).isEqualTo(FAILED);
        assertThat(judgement.message()).startsWith("failureCondition true: ");
    }

    @Test
    void moreExpressionsThanTheCacheHoldsStillEvaluate() {
        for (int i = 0; i < Conditions.CACHED + 10; i++) {
            assertThat(conditions.judge("result > " + i, null, Map.of("result", i + 1)).phase())
                    .isEqualTo(SUCCESSFUL);
        }
        assertThat(conditions.cached()).isEqualTo(Conditions.CACHED);
    }
}
