package dev.bluegreen.operator.internal.handover;

import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.HealthFacts;
import dev.bluegreen.core.JobState;
import dev.bluegreen.core.Lifecycle;
import dev.bluegreen.gate.rule.CheckpointProgress;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.gate.rule.KeepWindow;
import dev.bluegreen.gate.rule.ReleaseBounds;
import dev.bluegreen.gate.rule.Stage;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;

import static dev.bluegreen.operator.internal.handover.CoordinatorTest.FRESH;
import static dev.bluegreen.operator.internal.handover.CoordinatorTest.NOW;
import static dev.bluegreen.operator.internal.handover.CoordinatorTest.both;
import static dev.bluegreen.operator.internal.handover.CoordinatorTest.report;
import static org.assertj.core.api.Assertions.assertThat;

/** The coordinator's keep-window steps: open, maintain, close, and the cold hand-back. */
class KeepWindowsTest {
    private static final ChildObservation RUNNING = child(Lifecycle.STABLE, JobState.RUNNING);
    private static final ChildObservation FAILED = child(Lifecycle.FAILED, JobState.FAILED);
    private static final KeepWindow KEPT_BY_BLUE =
            KeepWindow.keptBy(dev.bluegreen.gate.rule.Color.BLUE).withForget(10_000);
    private static final GateCommand COMMITTED =
            GateCommand.propose(1, 10_000).withWindow(KEPT_BY_BLUE).commit();

    private static ChildObservation child(Lifecycle lifecycle, JobState job) {
        return new ChildObservation(
                true, false, "s1", 1, 1, false, lifecycle, job, "job", null, HealthFacts.unknown());
    }

    private static HandoverInput input(
            Color desired,
            GateCommand current,
            List<GateReport> reports,
            ChildObservation green,
            OptionalLong greenCompleted) {
        KeepInput keep =
                new KeepInput(true, 2, RUNNING, green, OptionalLong.empty(), greenCompleted);
        return new HandoverInput(
                desired,
                current,
                reports,
                2,
                2,
                Duration.ofSeconds(5),
                Duration.ofSeconds(1),
                Duration.ofSeconds(30),
                NOW,
                keep);
    }

    /** Green subtask {@code i} at watermark 20,000 with this checkpoint progress. */
    private static GateReport green(
            int i, long barrier, long committed, long known, boolean drained) {
        return report(dev.bluegreen.gate.rule.Color.GREEN, i, 20_000, 20_050)
                .transition(1, Stage.COMMITTED, true)
                .status(drained, 0, false, FRESH)
                .checkpoints(new CheckpointProgress(barrier, committed, 0, 0, known, 0, 19_000))
                .build();
    }

    /** Both colours at watermark 9,000 having processed checkpoint barriers. */
    private static List<GateReport> checkpointing() {
        return both(9_000, 9_000).stream()
                .map(
                        r ->
                                report(r.color(), r.subtask(), 9_000, 9_050)
                                        .checkpoints(
                                                new CheckpointProgress(3, 2, 0, 0, 0, 0, 8_000))
                                        .build())
                .toList();
    }

    @Test
    void aFirstProposalOpensAWindowKeptByTheColourThatLosesTheTail() {
        HandoverStep step =
                Coordinator.next(
                        input(Color.GREEN, null, checkpointing(), RUNNING, OptionalLong.empty()));

        KeepWindow window = step.command().orElseThrow().window();
        assertThat(window.keeper()).contains(dev.bluegreen.gate.rule.Color.BLUE);
        assertThat(window.forget()).isEqualTo(step.command().get().cutover());
    }

    @Test
    void noWindowOpensForAColourThatShowsNoCheckpointBarrier() {
        HandoverStep step =
                Coordinator.next(
                        input(
                                Color.GREEN,
                                null,
                                both(9_000, 9_000),
                                RUNNING,
                                OptionalLong.empty()));

        assertThat(step.command().orElseThrow().window().isOpen()).isFalse();
    }

    @Test
    void withTheOptionOffAProposalOpensNoWindow() {
        HandoverStep step =
                Coordinator.next(CoordinatorTest.input(Color.GREEN, null, both(9_000, 9_000)));

        assertThat(step.command().orElseThrow().window().isOpen()).isFalse();
    }

    @Test
    void withdrawingTheFirstProposalClosesItsWindow() {
        GateCommand proposed = GateCommand.propose(1, 10_000).withWindow(KEPT_BY_BLUE);

        HandoverStep step =
                Coordinator.next(
                        input(
                                Color.BLUE,
                                proposed,
                                both(9_000, 9_000),
                                RUNNING,
                                OptionalLong.empty()));

        assertThat(step.command().orElseThrow().stage()).isEqualTo(Stage.ABORTED);
        assertThat(step.command().get().window().isOpen()).isFalse();
    }

    @Test
    void afterTheCommitTheWindowGetsAReleaseBoundFromGreensCommittedWatermark() {
        List<GateReport> reports = List.of(green(0, 5, 5, 0, false), green(1, 5, 5, 0, false));

        HandoverStep step =
                Coordinator.next(
                        input(Color.GREEN, COMMITTED, reports, RUNNING, OptionalLong.empty()));

        GateCommand next = step.command().orElseThrow();
        assertThat(next.revision()).isGreaterThan(COMMITTED.revision());
        assertThat(next.window().bounds().toText()).isEqualTo("7:19000");
    }

    @Test
    void aFailedGreenGetsAColdHandBackAtTheConfirmedBoundOfItsLastCompletedCheckpoint() {
        GateCommand confirmed =
                COMMITTED.withWindow(
                        KEPT_BY_BLUE
                                .withBounds(ReleaseBounds.NONE.with(7, 15_000))
                                .withConfirmed(7));
        List<GateReport> reports = List.of(green(0, 8, 7, 7, false), green(1, 8, 7, 7, false));

        HandoverStep step =
                Coordinator.next(input(Color.BLUE, confirmed, reports, FAILED, OptionalLong.of(8)));

        GateCommand cold = step.command().orElseThrow();
        assertThat(cold.isCold()).isTrue();
        assertThat(cold.cutover()).isEqualTo(15_000);
        assertThat(Colors.core(cold.target())).isEqualTo(Color.BLUE);
        assertThat(step.observation().detail())
                .contains("green died after the cut")
                .contains("exact");
    }

    @Test
    void aGreenThatStoppedAfterItsDrainOnlyClosesTheWindow() {
        List<GateReport> reports = List.of(green(0, 8, 7, 7, true), green(1, 8, 7, 7, true));
        ChildObservation stopped = child(Lifecycle.SUSPENDED, JobState.FINISHED);

        HandoverStep step =
                Coordinator.next(
                        input(Color.BLUE, COMMITTED, reports, stopped, OptionalLong.of(8)));

        assertThat(step.command().orElseThrow().isCold()).isFalse();
        assertThat(step.command().get().window().isOpen()).isFalse();
    }

    @Test
    void theWindowProtectsGreenWhileBlueRunsAndBlueIsNotDrainedBeforeGreenCommittedPastTheCut() {
        List<GateReport> reports = List.of(green(0, 5, 5, 0, false), green(1, 5, 5, 0, false));

        HandoverStep step =
                Coordinator.next(
                        input(Color.GREEN, COMMITTED, reports, RUNNING, OptionalLong.empty()));

        assertThat(step.observation().owes(Color.GREEN)).isTrue();
        assertThat(step.observation().drained(Color.BLUE)).isFalse();
    }

    @Test
    void aKeeperThatNoLongerRunsClosesTheWindow() {
        KeepInput blueStopped =
                new KeepInput(
                        true,
                        2,
                        child(Lifecycle.SUSPENDED, JobState.FINISHED),
                        RUNNING,
                        OptionalLong.empty(),
                        OptionalLong.empty());
        HandoverInput base =
                input(Color.GREEN, COMMITTED, List.of(), RUNNING, OptionalLong.empty());
        HandoverInput input =
                new HandoverInput(
                        base.desiredOwner(),
                        base.current(),
                        base.reports(),
                        2,
                        2,
                        base.catchUpBound(),
                        base.margin(),
                        base.staleness(),
                        NOW,
                        blueStopped);

        HandoverStep step = Coordinator.next(input);

        assertThat(step.command().orElseThrow().window().isOpen()).isFalse();
        assertThat(step.observation().owes(Color.GREEN)).isFalse();
    }
}
