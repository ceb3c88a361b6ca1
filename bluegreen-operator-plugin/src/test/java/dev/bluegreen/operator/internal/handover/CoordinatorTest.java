package dev.bluegreen.operator.internal.handover;

import dev.bluegreen.core.Color;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.gate.rule.Stage;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

import static dev.bluegreen.gate.rule.Color.BLUE;
import static dev.bluegreen.gate.rule.Color.GREEN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** The coordinator's rules, row by row: the command it sends and what it observes. */
class CoordinatorTest {
    static final Instant NOW = Instant.ofEpochMilli(1_000_000);
    static final long FRESH = NOW.toEpochMilli() - 1_000;
    static final long STALE = NOW.toEpochMilli() - 60_000;

    /** A report of a subtask at parallelism 2 with watermark and max timestamp. */
    static GateReport.Builder report(
            dev.bluegreen.gate.rule.Color color, int subtask, long watermark, long maxTs) {
        return GateReport.builder(color, subtask, 2)
                .times(Long.MIN_VALUE, watermark, maxTs)
                .status(false, 0, false, FRESH);
    }

    /** Both colours, two subtasks each, with these watermarks (max timestamp = watermark + 50). */
    static List<GateReport> both(long blueWm, long greenWm) {
        return List.of(
                report(BLUE, 0, blueWm, blueWm + 50).build(),
                report(BLUE, 1, blueWm, blueWm + 50).build(),
                report(GREEN, 0, greenWm, greenWm + 50).build(),
                report(GREEN, 1, greenWm, greenWm + 50).build());
    }

    static List<GateReport> armed(long n, int armedCount, long conflictOn) {
        var reports = new java.util.ArrayList<GateReport>();
        int i = 0;
        for (var color : List.of(BLUE, GREEN)) {
            for (int s = 0; s < 2; s++, i++) {
                boolean arms = i < armedCount;
                reports.add(
                        report(color, s, 9_000, 9_100)
                                .transition(n, Stage.PROPOSED, arms)
                                .status(false, arms ? 0 : conflictOn, false, FRESH)
                                .build());
            }
        }
        return reports;
    }

    /** Every subtask at {@code maxTs}, one of them in conflict with transition {@code n}. */
    static List<GateReport> conflictAt(long n, long maxTs) {
        return List.of(
                report(BLUE, 0, maxTs, maxTs).status(false, n, false, FRESH).build(),
                report(BLUE, 1, maxTs, maxTs).build(),
                report(GREEN, 0, maxTs, maxTs).build(),
                report(GREEN, 1, maxTs - 50, maxTs + 50).build());
    }

    static List<GateReport> drained(long cutover, boolean secondBlueDrained, long secondCutover) {
        return List.of(
                report(BLUE, 0, 20_000, 20_000)
                        .times(cutover, 20_000, 20_000)
                        .transition(1, Stage.COMMITTED, true)
                        .status(true, 0, false, FRESH)
                        .build(),
                report(BLUE, 1, 20_000, 20_000)
                        .times(secondCutover, 20_000, 20_000)
                        .transition(1, Stage.COMMITTED, true)
                        .status(secondBlueDrained, 0, true, FRESH)
                        .build(),
                report(GREEN, 0, 20_000, 20_000).times(cutover, 20_000, 20_000).build(),
                report(GREEN, 1, 20_000, 20_000).times(cutover, 20_000, 20_000).build());
    }

    static HandoverInput input(Color desired, GateCommand current, List<GateReport> reports) {
        return input(desired, current, reports, 2, 2);
    }

    static HandoverInput input(
            Color desired, GateCommand current, List<GateReport> reports, int blueP, int greenP) {
        return new HandoverInput(
                desired,
                current,
                reports,
                blueP,
                greenP,
                Duration.ofSeconds(5),
                Duration.ofSeconds(1),
                Duration.ofSeconds(30),
                NOW);
    }

    static Stream<Arguments> rows() {
        GateCommand proposed1 = GateCommand.propose(1, 10_000);
        GateCommand committed1 = proposed1.commit();
        return Stream.of(
                arguments(
                        "noWishSendsNothingAndBlueOwns",
                        input(null, null, both(0, 0)),
                        null,
                        Color.BLUE,
                        false,
                        false),
                arguments(
                        "blueWantedAndNothingCommittedSendsNothing",
                        input(Color.BLUE, null, both(0, 0)),
                        null,
                        Color.BLUE,
                        false,
                        false),
                arguments(
                        "greenWantedButOneGreenSubtaskSilentWaits",
                        input(Color.GREEN, null, both(5_000, 5_000).subList(0, 3)),
                        null,
                        Color.BLUE,
                        false,
                        false),
                arguments(
                        "greenWantedButAGreenReportIsStaleWaits",
                        input(
                                Color.GREEN,
                                null,
                                List.of(
                                        both(5_000, 5_000).get(0),
                                        both(5_000, 5_000).get(1),
                                        both(5_000, 5_000).get(2),
                                        report(GREEN, 1, 5_000, 5_050)
                                                .status(false, 0, false, STALE)
                                                .build())),
                        null,
                        Color.BLUE,
                        false,
                        false),
                arguments(
                        "greenWantedButGreenBeyondTheCatchUpBoundWaits",
                        input(Color.GREEN, null, both(20_000, 14_999)),
                        null,
                        Color.BLUE,
                        false,
                        false),
                arguments(
                        "greenWithinTheBoundIsProposedAfterEveryTimestampPlusTheMargin",
                        input(Color.GREEN, null, both(20_000, 15_000)),
                        "transition=1;stage=PROPOSED;cutover=21050;earlier=",
                        Color.BLUE,
                        false,
                        false),
                arguments(
                        "anIdleGreenSubtaskDoesNotHoldTheCatchUpBack",
                        input(
                                Color.GREEN,
                                null,
                                List.of(
                                        both(20_000, 20_000).get(0),
                                        both(20_000, 20_000).get(1),
                                        both(20_000, 20_000).get(2),
                                        report(GREEN, 1, 100, 150)
                                                .status(false, 0, true, FRESH)
                                                .build())),
                        "transition=1;stage=PROPOSED;cutover=21050;earlier=",
                        Color.BLUE,
                        false,
                        false),
                arguments(
                        "reportsOfAnotherParallelismDoNotCount",
                        input(Color.GREEN, null, both(20_000, 20_000), 2, 3),
                        null,
                        Color.BLUE,
                        false,
                        false),
                arguments(
                        "unknownParallelismIsTakenFromTheReports",
                        input(Color.GREEN, null, both(20_000, 20_000), -1, -1),
                        "transition=1;stage=PROPOSED;cutover=21050;earlier=",
                        Color.BLUE,
                        false,
                        false),
                arguments(
                        "greenNotRunningIsNeverProposed",
                        input(Color.GREEN, null, both(20_000, 20_000), 2, 0),
                        null,
                        Color.BLUE,
                        false,
                        false),
                arguments(
                        "threeOfFourArmedWaits",
                        input(Color.GREEN, proposed1, armed(1, 3, 0)),
                        null,
                        Color.BLUE,
                        false,
                        false),
                arguments(
                        "everySubtaskOfBothColoursArmedCommits",
                        input(Color.GREEN, proposed1, armed(1, 4, 0)),
                        "transition=1;stage=COMMITTED;cutover=10000;earlier=",
                        Color.BLUE,
                        false,
                        false),
                arguments(
                        "aConflictIsRePickedLaterUnderTheNextNumber",
                        input(Color.GREEN, proposed1, armed(1, 3, 1)),
                        "transition=2;stage=PROPOSED;cutover=10100;earlier=",
                        Color.BLUE,
                        false,
                        false),
                arguments(
                        "aStreamFasterThanTheMarginIsRePickedAheadByTwiceItsProgress",
                        input(Color.GREEN, proposed1, conflictAt(1, 20_000)),
                        // newest 20050 + 2 x (20050 - (10000 - 1000))
                        "transition=2;stage=PROPOSED;cutover=42150;earlier=",
                        Color.BLUE,
                        false,
                        false),
                arguments(
                        "aConflictOnAnOlderNumberIsIgnored",
                        input(Color.GREEN, proposed1, armed(1, 3, 7)),
                        null,
                        Color.BLUE,
                        false,
                        false),
                arguments(
                        "desiredOwnerBackToBlueAbortsTheProposal",
                        input(Color.BLUE, proposed1, armed(1, 4, 0)),
                        "transition=1;stage=ABORTED;cutover=10000;earlier=",
                        Color.BLUE,
                        false,
                        false),
                arguments(
                        "committedToGreenAndWantedGreenSendsNothing",
                        input(Color.GREEN, committed1, both(20_000, 20_000)),
                        null,
                        Color.GREEN,
                        false,
                        false),
                arguments(
                        "hotRollbackProposesBlueAfterTheCommittedCutover",
                        input(Color.BLUE, committed1, both(20_000, 20_000)),
                        "transition=2;stage=PROPOSED;cutover=21050;earlier=10000",
                        Color.GREEN,
                        false,
                        false),
                arguments(
                        "aCutoverIsAlwaysAfterTheLastCommittedOne",
                        input(
                                Color.BLUE,
                                GateCommand.propose(1, 90_000).commit(),
                                both(20_000, 20_000)),
                        "transition=2;stage=PROPOSED;cutover=90001;earlier=90000",
                        Color.GREEN,
                        false,
                        false),
                arguments(
                        "afterAnAbortTheNextProposalHasTheNextNumber",
                        input(Color.GREEN, proposed1.abort(), both(20_000, 20_000)),
                        "transition=2;stage=PROPOSED;cutover=21050;earlier=",
                        Color.BLUE,
                        false,
                        false),
                arguments(
                        "greenNotRunningCannotBeHandedTheOutput",
                        input(Color.GREEN, null, both(20_000, 20_000).subList(0, 2), 2, 0),
                        null,
                        Color.BLUE,
                        false,
                        false),
                arguments(
                        "aGoneGreenDoesNotHoldTheOutputBackFromBlue",
                        input(Color.BLUE, committed1, both(20_000, 20_000).subList(0, 2), 2, 0),
                        "transition=2;stage=PROPOSED;cutover=21050;earlier=10000",
                        Color.GREEN,
                        false,
                        false),
                arguments(
                        "theCutoverFollowsTheLastReportsOfAGoneColourToo",
                        input(Color.BLUE, committed1, both(20_000, 40_000), 2, 0),
                        "transition=2;stage=PROPOSED;cutover=41050;earlier=10000",
                        Color.GREEN,
                        false,
                        false),
                arguments(
                        "blueAloneArmedCommitsWhenGreenIsGone",
                        input(Color.BLUE, committed1.proposeNext(30_000), armed(2, 2, 0), 2, 0),
                        "transition=2;stage=COMMITTED;cutover=30000;earlier=10000",
                        Color.GREEN,
                        false,
                        false),
                arguments(
                        "aGoneColourIsNeverDrained",
                        input(Color.GREEN, committed1, drained(10_000, true, 10_000), 0, 2),
                        null,
                        Color.GREEN,
                        false,
                        false),
                arguments(
                        "blueIsDrainedWhenEverySubtaskIsDrainedForTheCommittedCutover",
                        input(Color.GREEN, committed1, drained(10_000, true, 10_000)),
                        null,
                        Color.GREEN,
                        true,
                        false),
                arguments(
                        "oneBlueSubtaskNotDrainedKeepsBlueUndrained",
                        input(Color.GREEN, committed1, drained(10_000, false, 10_000)),
                        null,
                        Color.GREEN,
                        false,
                        false),
                arguments(
                        "drainedForAnOlderCutoverDoesNotCount",
                        input(Color.GREEN, committed1, drained(10_000, true, 5_000)),
                        null,
                        Color.GREEN,
                        false,
                        false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void decides(
            String name,
            HandoverInput given,
            String expectedCommand,
            Color expectedOwner,
            boolean blueDrained,
            boolean greenDrained) {
        // When
        HandoverStep step = Coordinator.next(given);

        // Then
        assertThat(step.command().map(GateCommand::toText).orElse(null)).isEqualTo(expectedCommand);
        assertThat(step.observation().outputOwner()).isEqualTo(expectedOwner);
        assertThat(step.observation().blueDrained()).isEqualTo(blueDrained);
        assertThat(step.observation().greenDrained()).isEqualTo(greenDrained);
    }
}
