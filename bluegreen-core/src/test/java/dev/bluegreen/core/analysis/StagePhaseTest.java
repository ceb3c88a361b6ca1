package dev.bluegreen.core.analysis;

import dev.bluegreen.core.AnalysisPhase;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static dev.bluegreen.core.AnalysisPhase.ERROR;
import static dev.bluegreen.core.AnalysisPhase.FAILED;
import static dev.bluegreen.core.AnalysisPhase.INCONCLUSIVE;
import static dev.bluegreen.core.AnalysisPhase.NONE;
import static dev.bluegreen.core.AnalysisPhase.PENDING;
import static dev.bluegreen.core.AnalysisPhase.RUNNING;
import static dev.bluegreen.core.AnalysisPhase.SUCCESSFUL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** The phase of a stage from the phases of its checks, as a table. */
class StagePhaseTest {
    /** Rows: behaviour, the phases of a stage's checks, the stage's phase. */
    static Stream<Arguments> stages() {
        return Stream.of(
                arguments("a stage without checks is none", List.of(), NONE),
                arguments(
                        "a stage with nothing measured is pending",
                        List.of(PENDING, PENDING),
                        PENDING),
                arguments("a stage with a measuring check is running", List.of(RUNNING), RUNNING),
                arguments(
                        "a stage with some checks done and some pending is running",
                        List.of(SUCCESSFUL, PENDING),
                        RUNNING),
                arguments(
                        "a stage whose checks all succeeded is successful",
                        List.of(SUCCESSFUL, SUCCESSFUL),
                        SUCCESSFUL),
                arguments(
                        "one failed check fails the stage while others run",
                        List.of(RUNNING, FAILED),
                        FAILED),
                arguments(
                        "one failed check fails the stage before others start",
                        List.of(PENDING, FAILED),
                        FAILED),
                arguments(
                        "one inconclusive check ends the stage inconclusive",
                        List.of(SUCCESSFUL, INCONCLUSIVE),
                        INCONCLUSIVE),
                arguments(
                        "an erring check is worse than an inconclusive one",
                        List.of(INCONCLUSIVE, ERROR),
                        ERROR),
                arguments(
                        "a failed check is worse than an erring one",
                        List.of(ERROR, FAILED, RUNNING),
                        FAILED));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stages")
    void assessesTheStageByItsWorstCheck(
            String behaviour, List<AnalysisPhase> phases, AnalysisPhase expected) {
        List<CheckProgress> checks = new ArrayList<>();
        for (int i = 0; i < phases.size(); i++) {
            checks.add(new CheckProgress("c" + i, phases.get(i), 0, 0, 0, 0, 0, List.of()));
        }

        assertThat(CheckRules.stagePhase(checks)).isEqualTo(expected);
        assertThat(CheckRules.ended(checks))
                .isEqualTo(expected.failed() || expected == INCONCLUSIVE);
    }
}
