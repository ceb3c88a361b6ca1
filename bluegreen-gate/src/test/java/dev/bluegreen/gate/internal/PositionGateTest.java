package dev.bluegreen.gate.internal;

import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.CutKind;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.gate.rule.PositionCut;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class PositionGateTest {
    private static final PositionCut CUT = PositionCut.first(Map.of("orders/0", 10L));

    @Test
    void blueHoldsAtTheProposedCutAndDropsFromItOnceCommitted() {
        PositionGate blue = new PositionGate(Color.BLUE, 0, 1);
        GateCommand proposal = GateCommand.proposePositions(1, CUT);
        blue.apply(proposal);

        assertThat(blue.offer("orders", 0, 9)).isEqualTo(Verdict.PASS);
        assertThat(blue.offer("orders", 0, 10)).isEqualTo(Verdict.HOLD);
        assertThat(blue.report(1).holdsCutover()).isTrue();
        blue.apply(proposal.commit());
        assertThat(blue.offer("orders", 0, 10)).isEqualTo(Verdict.DROP);
        assertThat(blue.offer("orders", 1, 500)).as("unnamed partition").isEqualTo(Verdict.PASS);
        assertThat(blue.report(2).positions().current().asMap())
                .containsEntry("orders/0", 11L)
                .containsEntry("orders/1", 501L);
    }

    @Test
    void greenDropsBelowTheCutAndPassesFromItAndAnAbortGivesItBack() {
        PositionGate green = new PositionGate(Color.GREEN, 0, 1);
        GateCommand proposal = GateCommand.proposePositions(1, CUT);
        green.apply(proposal);

        assertThat(green.offer("orders", 0, 9)).isEqualTo(Verdict.DROP);
        assertThat(green.offer("orders", 0, 10)).isEqualTo(Verdict.HOLD);
        green.apply(proposal.abort());
        assertThat(green.offer("orders", 0, 10)).isEqualTo(Verdict.DROP);
        green.apply(
                GateCommand.proposePositions(2, PositionCut.first(Map.of("orders/0", 11L)))
                        .commit());
        assertThat(green.offer("orders", 0, 11)).isEqualTo(Verdict.PASS);
    }

    @Test
    void aGateThatDecidedPastTheCutReportsAConflictAndDoesNotArm() {
        PositionGate blue = new PositionGate(Color.BLUE, 0, 1);
        blue.offer("orders", 0, 10);

        blue.apply(GateCommand.proposePositions(3, CUT));

        GateReport report = blue.report(1);
        assertThat(report.cut()).isEqualTo(CutKind.SOURCE_POSITION);
        assertThat(report.conflict()).isEqualTo(3);
        assertThat(report.holdsCutover()).isFalse();
        assertThat(blue.offer("orders", 0, 11)).isEqualTo(Verdict.PASS);
    }

    @Test
    void aHotRollbackHandsTheTailBackToBlue() {
        PositionGate blue = new PositionGate(Color.BLUE, 0, 1);
        blue.apply(GateCommand.proposePositions(1, CUT).commit());
        GateCommand back =
                GateCommand.proposePositions(2, CUT.next(Color.BLUE, Map.of("orders/0", 20L)));

        blue.apply(back.commit());

        assertThat(blue.offer("orders", 0, 5)).isEqualTo(Verdict.PASS);
        assertThat(blue.offer("orders", 0, 15)).isEqualTo(Verdict.DROP);
        assertThat(blue.offer("orders", 0, 20)).isEqualTo(Verdict.PASS);
    }

    @Test
    void theCheckpointedPositionsAreThoseOfTheLastCompletedCheckpoint() {
        PositionGate blue = new PositionGate(Color.BLUE, 0, 1);
        blue.offer("orders", 0, 4);
        blue.checkpoint(1);
        blue.offer("orders", 0, 5);
        blue.checkpoint(2);
        blue.checkpointCompleted(1);

        assertThat(blue.report(1).positions().checkpointed().asMap()).containsEntry("orders/0", 5L);
        blue.checkpointCompleted(2);
        assertThat(blue.report(2).positions().checkpointed().asMap()).containsEntry("orders/0", 6L);
    }
}
