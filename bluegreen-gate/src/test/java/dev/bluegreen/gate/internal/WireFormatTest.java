package dev.bluegreen.gate.internal;

import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.gate.rule.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Text forms of commands, reports and memories, and command ordering (fencing). */
class WireFormatTest {

    @Test
    void commandRoundTripsThroughText() {
        GateCommand command = GateCommand.propose(1, 100).commit().proposeNext(250);

        assertThat(command.toText())
                .isEqualTo("transition=2;stage=PROPOSED;cutover=250;earlier=100");
        assertThat(GateCommand.parse(command.toText())).isEqualTo(command);
        assertThat(command.target()).isEqualTo(Color.BLUE);
    }

    @Test
    void commandRejectsCutoversOutOfOrder() {
        assertThatThrownBy(() -> GateCommand.propose(2, 100, 100))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("earlier");
        assertThatThrownBy(() -> GateCommand.propose(0, 100)).hasMessageContaining("transition");
    }

    @Test
    void aCommittedTransitionCannotBeAborted() {
        assertThatThrownBy(() -> GateCommand.propose(1, 100).commit().abort())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("COMMITTED");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "higher number wins, 1, PROPOSED, 2, PROPOSED, true",
        "lower number loses, 2, PROPOSED, 1, COMMITTED, false",
        "commit after proposal of the same number, 1, PROPOSED, 1, COMMITTED, true",
        "proposal after commit of the same number, 1, COMMITTED, 1, PROPOSED, false",
        "same command again, 1, PROPOSED, 1, PROPOSED, false",
    })
    void ordersCommands(
            String name,
            long oldNumber,
            Stage oldStage,
            long newNumber,
            Stage newStage,
            boolean newer) {
        GateCommand old = withStage(GateCommand.propose(oldNumber, 100), oldStage);
        GateCommand candidate = withStage(GateCommand.propose(newNumber, 100), newStage);

        assertThat(candidate.isNewerThan(old)).isEqualTo(newer);
    }

    private static GateCommand withStage(GateCommand proposal, Stage stage) {
        return stage == Stage.COMMITTED ? proposal.commit() : proposal;
    }

    @Test
    void badTextNamesTheField() {
        assertThatThrownBy(
                        () -> GateCommand.parse("transition=x;stage=PROPOSED;cutover=1;earlier="))
                .hasMessage("command.transition: expected an integer, got \"x\"");
        assertThatThrownBy(() -> GateCommand.parse("transition=1;stage=MAYBE;cutover=1;earlier="))
                .hasMessageContaining("command.stage: expected one of");
        assertThatThrownBy(() -> GateReport.parse("color=RED;subtask=0"))
                .hasMessageContaining("report.color: expected BLUE or GREEN");
        assertThatThrownBy(() -> GateMemory.parse("no bar"))
                .hasMessageContaining("memory: expected");
    }

    @Test
    void memoryMergeKeepsTheNewestCommandAndTheLargestTimes() {
        GateCommand older = GateCommand.propose(1, 100);
        GateCommand newer = older.commit();
        GateMemory a = new GateMemory(older, true, 0, 500, 90);
        GateMemory b = new GateMemory(newer, false, 1, 300, 99);
        GateMemory c = new GateMemory(null, false, 0, 700, 10);

        GateMemory merged = GateMemory.merge(List.of(a, b, c));

        assertThat(merged.command()).contains(newer);
        assertThat(merged.armed()).isFalse();
        assertThat(merged.conflict()).isEqualTo(1);
        assertThat(merged.maxTimestamp()).isEqualTo(700);
        assertThat(merged.maxDecided()).isEqualTo(99);
        assertThat(GateMemory.parse(merged.toText())).isEqualTo(merged);
        assertThat(GateMemory.merge(List.of())).isEqualTo(GateMemory.EMPTY);
    }
}
