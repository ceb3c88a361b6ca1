package dev.bluegreen.gate.internal;

import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.gate.rule.Stage;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.Collectors;

import static dev.bluegreen.gate.rule.Color.BLUE;
import static dev.bluegreen.gate.rule.Color.GREEN;
import static org.assertj.core.api.Assertions.assertThat;

/** Scenarios of one gate subtask: holds, conflicts, watermarks, drain, idleness, restore. */
class SubtaskGateTest {
    private static final GateSettings LATENESS_10_IDLE_1000 = GateSettings.of(10, 1000);
    private static final GateCommand PROPOSE_100 = GateCommand.propose(1, 100);

    private static SubtaskGate<String> gate(Color color) {
        return new SubtaskGate<>(color, 3, 4, LATENESS_10_IDLE_1000, 0);
    }

    private static List<String> items(List<Held<String>> released) {
        return released.stream().map(Held::item).collect(Collectors.toList());
    }

    @Test
    void greenPassesHeldRecordsWhenTheCutoverIsCommitted() {
        SubtaskGate<String> green = gate(GREEN);
        green.apply(PROPOSE_100);
        green.offer(150, "a");
        green.offer(170, "b");

        List<Held<String>> released = green.apply(PROPOSE_100.commit());

        assertThat(items(released)).containsExactly("a", "b");
        assertThat(green.report(0).passed()).isEqualTo(2);
        assertThat(green.report(0).held()).isZero();
    }

    @Test
    void blueDropsHeldRecordsWhenTheCutoverIsCommitted() {
        SubtaskGate<String> blue = gate(BLUE);
        blue.apply(PROPOSE_100);
        blue.offer(150, "a");

        List<Held<String>> released = blue.apply(PROPOSE_100.commit());

        assertThat(released).isEmpty();
        assertThat(blue.report(0).dropped()).isEqualTo(1);
    }

    @Test
    void blueReleasesHeldRecordsUnderTheOldRuleWhenTheProposalIsAborted() {
        SubtaskGate<String> blue = gate(BLUE);
        blue.apply(PROPOSE_100);
        blue.offer(150, "a");

        assertThat(items(blue.apply(PROPOSE_100.abort()))).containsExactly("a");
        assertThat(blue.report(0).holdsCutover()).isFalse();
    }

    @Test
    void aLaterProposalReleasesOnlyTheHeldRecordsBeforeItsCutover() {
        SubtaskGate<String> blue = gate(BLUE);
        blue.apply(PROPOSE_100);
        blue.offer(150, "before-200");
        blue.offer(250, "after-200");

        List<Held<String>> released = blue.apply(GateCommand.propose(2, 200));

        assertThat(items(released)).containsExactly("before-200");
        assertThat(blue.heldRecords()).extracting(Held::item).containsExactly("after-200");
    }

    @Test
    void blueThatAlreadyPassedARecordAtTReportsAConflictAndKeepsPassing() {
        SubtaskGate<String> blue = gate(BLUE);
        blue.offer(100, "at-T");

        blue.apply(PROPOSE_100);

        GateReport report = blue.report(0);
        assertThat(report.conflict()).isEqualTo(1);
        assertThat(report.holdsCutover()).isFalse();
        assertThat(blue.offer(150, "after")).isEqualTo(Verdict.PASS);
    }

    @Test
    void greenThatAlreadyDroppedARecordAfterTReportsAConflictAndKeepsDropping() {
        SubtaskGate<String> green = gate(GREEN);
        green.offer(120, "after-T");

        green.apply(PROPOSE_100);

        assertThat(green.report(0).conflict()).isEqualTo(1);
        assertThat(green.offer(150, "later")).isEqualTo(Verdict.DROP);
    }

    @Test
    void recordsBeforeTCauseNoConflict() {
        SubtaskGate<String> green = gate(GREEN);
        green.offer(99, "before");

        green.apply(PROPOSE_100);

        assertThat(green.report(0).conflict()).isZero();
        assertThat(green.report(0).holdsCutover()).isTrue();
    }

    @Test
    void aLaterCutoverUnderANewNumberArmsAfterAConflict() {
        SubtaskGate<String> blue = gate(BLUE);
        blue.offer(150, "x");
        blue.apply(PROPOSE_100);

        blue.apply(GateCommand.propose(2, 200));

        GateReport report = blue.report(0);
        assertThat(report.transition()).isEqualTo(2);
        assertThat(report.holdsCutover()).isTrue();
        assertThat(report.conflict()).isEqualTo(1);
    }

    @Test
    void aCommitThatWasNeverArmedReportsAConflictIfRecordsWereDecidedPastIt() {
        SubtaskGate<String> green = gate(GREEN);
        green.offer(150, "dropped");

        green.apply(PROPOSE_100.commit());

        assertThat(green.report(0).conflict()).isEqualTo(1);
    }

    @Test
    void holdsTheWatermarkBelowTheEarliestHeldRecord() {
        SubtaskGate<String> green = gate(GREEN);
        green.apply(PROPOSE_100);
        green.offer(150, "held");
        green.advanceWatermark(300);

        assertThat(green.outputWatermark()).isEqualTo(149);
        green.apply(PROPOSE_100.commit());
        assertThat(green.outputWatermark()).isEqualTo(300);
    }

    @Test
    void blueIsDrainedOnceItsWatermarkPassesTheCutoverPlusLateness() {
        SubtaskGate<String> blue = gate(BLUE);
        blue.apply(PROPOSE_100.commit());

        blue.advanceWatermark(109);
        assertThat(blue.isDrained(0)).isFalse();
        blue.advanceWatermark(110);
        assertThat(blue.isDrained(0)).isTrue();
        assertThat(blue.report(0).drained()).isTrue();
    }

    @Test
    void neitherColourIsDrainedWhileItOwnsTheTailOrIsArmed() {
        SubtaskGate<String> blue = gate(BLUE);
        SubtaskGate<String> green = gate(GREEN);
        blue.advanceWatermark(1_000);
        green.advanceWatermark(1_000);
        assertThat(blue.isDrained(0)).isFalse();
        assertThat(green.isDrained(0)).as("green before any cutover").isFalse();

        blue.apply(PROPOSE_100);
        assertThat(blue.isDrained(0)).as("armed").isFalse();
        green.apply(PROPOSE_100.commit());
        assertThat(green.isDrained(0)).as("green owns the tail").isFalse();
    }

    @Test
    void greenIsDrainedAfterAHotRollback() {
        SubtaskGate<String> green = gate(GREEN);
        green.apply(PROPOSE_100.commit().proposeNext(200).commit());

        green.advanceWatermark(210);

        assertThat(green.isDrained(0)).isTrue();
    }

    @Test
    void becomesIdleAfterTheTimeoutWithoutRecordsOrWatermarks() {
        SubtaskGate<String> gate = gate(BLUE);
        gate.tick(500);
        assertThat(gate.isIdle(999)).isFalse();
        assertThat(gate.isIdle(1000)).isTrue();

        gate.offer(1, "r");
        assertThat(gate.isIdle(1000)).as("activity since the last tick").isFalse();
        gate.tick(1500);
        assertThat(gate.isIdle(2499)).isFalse();
        assertThat(gate.isIdle(2500)).isTrue();
    }

    @Test
    void aWatermarkAdvanceCountsAsActivityButARepeatDoesNot() {
        SubtaskGate<String> gate = gate(GREEN);
        gate.advanceWatermark(5);
        gate.tick(800);
        gate.advanceWatermark(5);
        gate.tick(1700);

        assertThat(gate.isIdle(1799)).isFalse();
        assertThat(gate.isIdle(1800)).isTrue();
    }

    @Test
    void anIdleBlueSubtaskCountsAsDrainedOnlyOnceItHoldsTheCommittedCutover() {
        SubtaskGate<String> blue = gate(BLUE);
        blue.tick(0);
        assertThat(blue.isDrained(5_000)).as("idle, no cutover").isFalse();
        blue.apply(PROPOSE_100);
        assertThat(blue.isDrained(5_000)).as("idle, armed only").isFalse();

        blue.apply(PROPOSE_100.commit());

        assertThat(blue.isDrained(999)).as("not idle yet").isFalse();
        assertThat(blue.isDrained(5_000)).as("idle, committed").isTrue();
    }

    @Test
    void restoreKeepsTheCutoversAndTheHeldRecords() {
        SubtaskGate<String> before = gate(GREEN);
        before.apply(PROPOSE_100);
        before.offer(150, "held");
        GateMemory memory = GateMemory.parse(before.memory().toText());

        SubtaskGate<String> after = gate(GREEN);
        assertThat(after.restore(memory, before.heldRecords())).isEmpty();

        assertThat(after.offer(160, "held too")).isEqualTo(Verdict.HOLD);
        assertThat(items(after.apply(PROPOSE_100.commit()))).containsExactly("held", "held too");
        assertThat(after.offer(90, "before")).isEqualTo(Verdict.DROP);
    }

    @Test
    void restoreWithoutAnArmedProposalReleasesHeldRecordsAtOnce() {
        SubtaskGate<String> blue = gate(BLUE);
        List<Held<String>> held = List.of(new Held<>(150, "orphan"));

        assertThat(items(blue.restore(GateMemory.EMPTY, held))).containsExactly("orphan");
    }

    @Test
    void releaseAllDecidesHeldRecordsWithoutTheProposal() {
        SubtaskGate<String> green = gate(GREEN);
        green.apply(PROPOSE_100);
        green.offer(150, "held");

        assertThat(green.releaseAll()).isEmpty();
        assertThat(green.report(0).dropped()).isEqualTo(1);
    }

    @Test
    void reportCarriesEveryField() {
        SubtaskGate<String> blue = gate(BLUE);
        blue.offer(50, "a");
        blue.advanceWatermark(40);
        blue.apply(PROPOSE_100.commit());

        GateReport report = blue.report(77);

        assertThat(report.color()).isEqualTo(BLUE);
        assertThat(report.subtask()).isEqualTo(3);
        assertThat(report.parallelism()).isEqualTo(4);
        assertThat(report.transition()).isEqualTo(1);
        assertThat(report.stage()).contains(Stage.COMMITTED);
        assertThat(report.holdsCutover()).isTrue();
        assertThat(report.cutover()).isEqualTo(100);
        assertThat(report.watermark()).isEqualTo(40);
        assertThat(report.maxTimestamp()).isEqualTo(50);
        assertThat(report.passed()).isEqualTo(1);
        assertThat(report.at()).isEqualTo(77);
        assertThat(GateReport.parse(report.toText())).isEqualTo(report);
    }
}
