package dev.bluegreen.operator.internal.observe;

import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.CutKind;
import dev.bluegreen.gate.rule.GateReport;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Gates that cut by source position are refused by the event-time controller, by colour. */
class CutKindsTest {
    static GateReport report(Color color, int subtask, CutKind cut) {
        return GateReport.builder(color, subtask, 2).cut(cut).build();
    }

    @Test
    void eventTimeGatesAreNotRefused() {
        assertThat(
                        CutKinds.refusal(
                                List.of(
                                        report(Color.BLUE, 0, CutKind.EVENT_TIME),
                                        report(Color.GREEN, 0, CutKind.EVENT_TIME))))
                .isEmpty();
        assertThat(CutKinds.refusal(List.of())).isEmpty();
    }

    @Test
    void sourcePositionGatesAreRefusedNamingTheColoursTheirCountsAndTheFix() {
        var refusal =
                CutKinds.refusal(
                        List.of(
                                report(Color.BLUE, 0, CutKind.EVENT_TIME),
                                report(Color.GREEN, 0, CutKind.SOURCE_POSITION),
                                report(Color.GREEN, 1, CutKind.SOURCE_POSITION)));

        assertThat(refusal)
                .hasValueSatisfying(
                        text ->
                                assertThat(text)
                                        .startsWith("green: 2 gate subtasks cut by source position")
                                        .contains("BlueGreenGate.apply", "transitionMode BASIC")
                                        .doesNotContain("blue:"));
    }
}
