package dev.bluegreen.gate.rule;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalLong;

import static org.assertj.core.api.Assertions.assertThat;

/** The controller's keep-window rules, one behaviour each. */
class HandbackTest {
    private static final KeepWindow OPEN = KeepWindow.keptBy(Color.BLUE).withForget(100);
    private static final KeepWindow PENDING_12 = OPEN.withBounds(ReleaseBounds.NONE.with(12, 500));

    /** A report of green subtask {@code i} of 2 with the given checkpoint progress. */
    private static GateReport green(
            int i, long barrier, long committed, long known, long committedWatermark) {
        return green(i, barrier, committed, known, committedWatermark, false);
    }

    private static GateReport green(
            int i, long barrier, long committed, long known, long wm, boolean idle) {
        return GateReport.builder(Color.GREEN, i, 2)
                .status(false, 0, idle, 0)
                .checkpoints(new CheckpointProgress(barrier, committed, 0, 0, known, 10, wm))
                .build();
    }

    @Test
    void confirmsAnEntryEverySubtaskKnewBeforeItsBarrier() {
        List<GateReport> reports = List.of(green(0, 11, 10, 12, 0), green(1, 10, 10, 12, 0));

        assertThat(Handback.confirm(PENDING_12, reports, 2).confirmed()).isEqualTo(12);
    }

    @Test
    void waitsWhileASubtaskDoesNotKnowTheEntryYetAndItsBarrierIsAhead() {
        List<GateReport> reports = List.of(green(0, 11, 10, 12, 0), green(1, 11, 10, 0, 0));

        assertThat(Handback.confirm(PENDING_12, reports, 2)).isEqualTo(PENDING_12);
    }

    @Test
    void withdrawsAnEntryWhoseBarrierPassedBeforeEverySubtaskKnewIt() {
        List<GateReport> reports = List.of(green(0, 12, 10, 12, 0), green(1, 11, 10, 0, 0));

        KeepWindow settled = Handback.confirm(PENDING_12, reports, 2);

        assertThat(settled.bounds().isEmpty()).isTrue();
        assertThat(settled.withdrawn()).as("remembered for the cut's range").isEqualTo(500);
    }

    @Test
    void extendsFromTheSlowestCommittedWatermarkOfTheSubtasksThatAreNotIdle() {
        List<GateReport> reports =
                List.of(green(0, 20, 19, 0, 900), green(1, 20, 19, 0, 300, true));

        KeepWindow extended = Handback.extend(OPEN, reports, 2, 3);

        assertThat(extended.bounds().toText())
                .as("idle subtask left out; lateness 10")
                .isEqualTo("23:890");
    }

    @Test
    void theScheduleRunsAtMostLeadCheckpointsAheadOfTheBarriers() {
        KeepWindow confirmed12 = PENDING_12.withConfirmed(12);
        List<GateReport> sameBarrier = List.of(green(0, 9, 8, 12, 900), green(1, 9, 8, 12, 900));
        List<GateReport> nextBarrier = List.of(green(0, 10, 9, 12, 950), green(1, 10, 9, 12, 950));

        assertThat(Handback.extend(confirmed12, sameBarrier, 2, 3))
                .as("no new barrier since the entry at 9 + 3: nothing to add")
                .isEqualTo(confirmed12);
        assertThat(Handback.extend(confirmed12, nextBarrier, 2, 3).bounds().toText())
                .as("one entry per barrier, lead 3 after it")
                .isEqualTo("12:500,13:940");
    }

    @Test
    void addsNoEntryWhileOneWaitsForItsConfirmation() {
        List<GateReport> reports = List.of(green(0, 11, 10, 12, 900), green(1, 11, 10, 12, 900));

        assertThat(Handback.extend(PENDING_12, reports, 2, 3)).isEqualTo(PENDING_12);
    }

    @Test
    void theCommittedFrontierIsTheConfirmedBoundAtTheSlowestCompletion() {
        KeepWindow confirmed =
                OPEN.withBounds(ReleaseBounds.NONE.with(5, 300).with(9, 700)).withConfirmed(9);
        List<GateReport> reports = List.of(green(0, 10, 9, 9, 0), green(1, 10, 8, 9, 0));

        assertThat(Handback.committedFrontier(confirmed, reports, 2)).isEqualTo(300);
    }

    @Test
    void aColdCutFromTheJobManagersCompletionIsExactWhenEveryEntryWasConfirmed() {
        KeepWindow confirmed =
                OPEN.withBounds(ReleaseBounds.NONE.with(5, 300).with(9, 700)).withConfirmed(9);

        Handback.Frontier cut =
                Handback.coldFrontier(confirmed, List.of(green(0, 9, 8, 9, 0)), OptionalLong.of(9));

        assertThat(cut.frontier()).isEqualTo(700);
        assertThat(cut.exact()).isTrue();
    }

    @Test
    void aColdCutWithoutTheJobManagerNamesTheRangeThatMayRepeat() {
        KeepWindow confirmed =
                OPEN.withBounds(ReleaseBounds.NONE.with(5, 300).with(9, 700)).withConfirmed(9);

        Handback.Frontier cut =
                Handback.coldFrontier(
                        confirmed, List.of(green(0, 9, 8, 9, 0)), OptionalLong.empty());

        assertThat(cut.frontier()).as("from the newest completion reported, 8").isEqualTo(300);
        assertThat(cut.upper()).isEqualTo(700);
        assertThat(cut.exact()).isFalse();
        assertThat(cut.uncertainty()).contains("JobManager");
    }

    @Test
    void aColdCutBelowAWithdrawnBoundIsNotExact() {
        KeepWindow withdrawn = PENDING_12.withoutNewest();

        Handback.Frontier cut =
                Handback.coldFrontier(
                        withdrawn, List.of(green(0, 13, 13, 12, 0)), OptionalLong.of(13));

        assertThat(cut.frontier()).isEqualTo(Long.MIN_VALUE);
        assertThat(cut.upper()).isEqualTo(500);
        assertThat(cut.uncertainty()).contains("not confirmed");
    }
}
