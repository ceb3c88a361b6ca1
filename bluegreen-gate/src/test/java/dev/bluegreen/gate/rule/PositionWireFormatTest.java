package dev.bluegreen.gate.rule;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The position fields of commands and reports: optional, so texts without them still parse. */
class PositionWireFormatTest {
    private static final String OLD_COMMAND =
            "transition=2;stage=PROPOSED;cutover=1700000060000;earlier=1700000000000";
    private static final String OLD_REPORT =
            "color=BLUE;subtask=0;parallelism=2;transition=1;stage=PROPOSED;holdsCutover=true"
                    + ";cutover=-9223372036854775808;watermark=5;maxTimestamp=6;held=0;passed=10"
                    + ";dropped=0;drained=false;conflict=0;idle=false;at=7";

    @Test
    void aCommandWithoutPositionsParsesAsBefore() {
        GateCommand command = GateCommand.parse(OLD_COMMAND);

        assertThat(command.positions()).isEmpty();
        assertThat(command).isEqualTo(GateCommand.propose(2, 1700000060000L, 1700000000000L));
        assertThat(command.toText()).isEqualTo(OLD_COMMAND);
    }

    @Test
    void aPositionCommandRoundTripsAndKeepsItsCutThroughCommit() {
        PositionCut first = PositionCut.first(Map.of("orders/0", 120L, "orders/1", 80L));
        GateCommand committed = GateCommand.proposePositions(1, first).commit();
        GateCommand rollback =
                GateCommand.proposePositions(2, first.next(Color.BLUE, Map.of("orders/0", 130L)));

        assertThat(GateCommand.parse(committed.toText())).isEqualTo(committed);
        assertThat(committed.positions()).contains(first);
        assertThat(GateCommand.parse(rollback.toText())).isEqualTo(rollback);
        assertThat(rollback.toText())
                .endsWith(
                        ";positionTarget=BLUE;positionCut=orders/0@130"
                                + ";positionEarlier=orders/0@120:GREEN,orders/1@80:GREEN");
    }

    @Test
    void ownershipFollowsTheStepsPerPartitionAndAnUnnamedPartitionIsBlue() {
        PositionCut first = PositionCut.first(Map.of("orders/0", 120L));
        PositionCut back = first.next(Color.BLUE, Map.of("orders/0", 130L));

        assertThat(first.ownerAt("orders/0", 119, true)).isEqualTo(Color.BLUE);
        assertThat(first.ownerAt("orders/0", 120, true)).isEqualTo(Color.GREEN);
        assertThat(first.ownerAt("orders/0", 120, false)).isEqualTo(Color.BLUE);
        assertThat(first.ownerAt("orders/1", 500, true)).isEqualTo(Color.BLUE);
        assertThat(back.ownerAt("orders/0", 129, true)).isEqualTo(Color.GREEN);
        assertThat(back.ownerAt("orders/0", 130, true)).isEqualTo(Color.BLUE);
    }

    @Test
    void aReportWithoutPositionsParsesAsBeforeAndOneWithThemRoundTrips() {
        GateReport old = GateReport.parse(OLD_REPORT);
        GateReport withPositions =
                GateReport.builder(Color.BLUE, 0, 1)
                        .positions(
                                PartitionPositions.of(
                                        PartitionOffsets.of(Map.of("orders/0", 12L)),
                                        PartitionOffsets.of(Map.of("orders/0", 10L))))
                        .build();

        assertThat(old.positions()).isEqualTo(PartitionPositions.NONE);
        assertThat(old.toText()).isEqualTo(OLD_REPORT);
        assertThat(withPositions.toText())
                .endsWith(";positions=orders/0@12;checkpointed=orders/0@10");
        assertThat(GateReport.parse(withPositions.toText())).isEqualTo(withPositions);
        assertThat(
                        GateReport.parse(withPositions.toText())
                                .positions()
                                .current()
                                .get("orders/0", -1))
                .isEqualTo(12);
    }

    @Test
    void aReportSaysHowItsGateCutsAndAnOldOneIsAnEventTimeGate() {
        GateReport position =
                GateReport.builder(Color.GREEN, 1, 2).cut(CutKind.SOURCE_POSITION).build();

        assertThat(GateReport.parse(OLD_REPORT).cut()).isEqualTo(CutKind.EVENT_TIME);
        assertThat(position.toText()).endsWith(";cut=source-position");
        assertThat(GateReport.parse(position.toText()).cut()).isEqualTo(CutKind.SOURCE_POSITION);
        assertThat(GateReport.parse(OLD_REPORT + ";cut=event-time").cut())
                .isEqualTo(CutKind.EVENT_TIME);
        assertThatThrownBy(() -> GateReport.parse(OLD_REPORT + ";cut=sideways"))
                .hasMessageContaining("report.cut")
                .hasMessageContaining("event-time or source-position");
    }

    @Test
    void badPositionsAreRefusedNamingTheField() {
        assertThatThrownBy(() -> PositionCut.first(Map.of("orders", 1L)))
                .hasMessageContaining("topic/partition");
        assertThatThrownBy(() -> PositionCut.first(Map.of("orders/0", -1L)))
                .hasMessageContaining("expected >= 0");
        assertThatThrownBy(
                        () ->
                                PositionCut.first(Map.of("orders/0", 10L))
                                        .next(Color.BLUE, Map.of("orders/0", 9L)))
                .hasMessageContaining("at or after its committed step");
        assertThatThrownBy(
                        () -> GateCommand.parse(OLD_COMMAND + ";positionTarget=RED;positionCut="))
                .hasMessageContaining("command.positionTarget");
        assertThatThrownBy(
                        () ->
                                GateCommand.parse(
                                        OLD_COMMAND
                                                + ";positionTarget=GREEN;positionCut=orders/0@x"
                                                + ";positionEarlier="))
                .hasMessageContaining("command.positionCut");
        assertThatThrownBy(
                        () ->
                                GateCommand.parse(
                                        OLD_COMMAND
                                                + ";positionTarget=GREEN;positionCut="
                                                + ";positionEarlier=orders/0@5"))
                .hasMessageContaining("command.positionEarlier");
        assertThatThrownBy(() -> GateReport.parse(OLD_REPORT + ";positions=orders/0"))
                .hasMessageContaining("report.positions");
    }
}
