package dev.bluegreen.gate.internal;

import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

import static dev.bluegreen.gate.internal.Verdict.DROP;
import static dev.bluegreen.gate.internal.Verdict.HOLD;
import static dev.bluegreen.gate.internal.Verdict.PASS;
import static dev.bluegreen.gate.rule.Color.BLUE;
import static dev.bluegreen.gate.rule.Color.GREEN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** The PASS / DROP / HOLD rule as a table: colour, commands received, a record's event time. */
class VerdictTableTest {
    private static final GateCommand PROPOSE_100 = GateCommand.propose(1, 100);
    private static final GateCommand COMMIT_100 = PROPOSE_100.commit();
    private static final GateCommand ROLLBACK_200 = COMMIT_100.proposeNext(200).commit();

    static Stream<Arguments> cases() {
        return Stream.of(
                arguments(
                        "blue passes everything before any cutover", BLUE, List.of(), 1000L, PASS),
                arguments(
                        "green drops everything before any cutover", GREEN, List.of(), 1000L, DROP),
                arguments("blue passes before a committed T", BLUE, List.of(COMMIT_100), 99L, PASS),
                arguments("blue drops at a committed T", BLUE, List.of(COMMIT_100), 100L, DROP),
                arguments(
                        "green drops before a committed T", GREEN, List.of(COMMIT_100), 99L, DROP),
                arguments("green passes at a committed T", GREEN, List.of(COMMIT_100), 100L, PASS),
                arguments("armed blue holds at T", BLUE, List.of(PROPOSE_100), 100L, HOLD),
                arguments("armed green holds after T", GREEN, List.of(PROPOSE_100), 150L, HOLD),
                arguments("armed blue passes before T", BLUE, List.of(PROPOSE_100), 50L, PASS),
                arguments("armed green drops before T", GREEN, List.of(PROPOSE_100), 50L, DROP),
                arguments(
                        "aborted proposal leaves blue passing",
                        BLUE,
                        List.of(PROPOSE_100, PROPOSE_100.abort()),
                        150L,
                        PASS),
                arguments(
                        "aborted proposal leaves green dropping",
                        GREEN,
                        List.of(PROPOSE_100, PROPOSE_100.abort()),
                        150L,
                        DROP),
                arguments("rollback: blue passes at T2", BLUE, List.of(ROLLBACK_200), 250L, PASS),
                arguments(
                        "rollback: blue drops between T1 and T2",
                        BLUE,
                        List.of(ROLLBACK_200),
                        150L,
                        DROP),
                arguments(
                        "rollback: green passes between T1 and T2",
                        GREEN,
                        List.of(ROLLBACK_200),
                        150L,
                        PASS),
                arguments("rollback: green drops at T2", GREEN, List.of(ROLLBACK_200), 200L, DROP),
                arguments(
                        "rollback: blue passes before T1", BLUE, List.of(ROLLBACK_200), 50L, PASS),
                arguments(
                        "stale proposal after a newer one is ignored",
                        BLUE,
                        List.of(GateCommand.propose(2, 300), PROPOSE_100),
                        150L,
                        PASS),
                arguments(
                        "stale commit of a lower number is ignored",
                        GREEN,
                        List.of(GateCommand.propose(2, 300), COMMIT_100),
                        150L,
                        DROP),
                arguments(
                        "a proposal cannot undo its own commit",
                        GREEN,
                        List.of(COMMIT_100, PROPOSE_100),
                        150L,
                        PASS),
                arguments(
                        "a superseding proposal moves the hold to the later T",
                        GREEN,
                        List.of(PROPOSE_100, GateCommand.propose(2, 200)),
                        150L,
                        DROP));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void decidesRecord(
            String name,
            Color color,
            List<GateCommand> commands,
            long eventTime,
            Verdict expected) {
        // Given a gate of this colour that received these commands
        SubtaskGate<String> gate = new SubtaskGate<>(color, 0, 1, GateSettings.DEFAULTS, 0);
        commands.forEach(gate::apply);

        // When a record arrives, Then the verdict is the table's
        assertThat(gate.offer(eventTime, "r")).isEqualTo(expected);
    }
}
