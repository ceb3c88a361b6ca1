package dev.bluegreen.gate.rule;

import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.bluegreen.gate.rule.Color.BLUE;
import static dev.bluegreen.gate.rule.Color.GREEN;
import static org.assertj.core.api.Assertions.assertThat;

/** The controller's questions over reports: complete, armed, conflict, drained, latest time. */
class HandoverStatusTest {
    private static final GateCommand PROPOSAL = GateCommand.propose(3, 1_000);

    private static GateReport report(
            Color color,
            int subtask,
            int parallelism,
            Stage stage,
            boolean holds,
            boolean drained) {
        return GateReport.builder(color, subtask, parallelism)
                .transition(3, stage, holds)
                .times(Long.MIN_VALUE, 0, 100L * (subtask + 1))
                .status(drained, 0, false, 0)
                .build();
    }

    private static List<GateReport> armed(int blueParallelism) {
        List<GateReport> reports = new java.util.ArrayList<>();
        for (int i = 0; i < blueParallelism; i++) {
            reports.add(report(BLUE, i, blueParallelism, Stage.PROPOSED, true, false));
        }
        reports.add(report(GREEN, 0, 1, Stage.PROPOSED, true, false));
        return reports;
    }

    @Test
    void allArmedNeedsEverySubtaskOfBothColours() {
        assertThat(HandoverStatus.allArmed(armed(2), PROPOSAL)).isTrue();
        assertThat(HandoverStatus.allArmed(armed(2).subList(1, 3), PROPOSAL))
                .as("blue subtask 0 missing")
                .isFalse();
        assertThat(HandoverStatus.allArmed(armed(2).subList(0, 2), PROPOSAL))
                .as("green missing")
                .isFalse();
    }

    @Test
    void allArmedNeedsTheSameNumberAndTheHold() {
        List<GateReport> reports = new java.util.ArrayList<>(armed(1));
        reports.set(0, report(BLUE, 0, 1, Stage.PROPOSED, false, false));

        assertThat(HandoverStatus.allArmed(reports, PROPOSAL)).isFalse();
        assertThat(HandoverStatus.allArmed(armed(1), GateCommand.propose(4, 2_000))).isFalse();
    }

    @Test
    void findsAConflictForTheTransition() {
        GateReport conflicted = GateReport.builder(GREEN, 0, 1).status(false, 3, false, 0).build();

        assertThat(HandoverStatus.anyConflict(List.of(conflicted), 3)).isTrue();
        assertThat(HandoverStatus.anyConflict(List.of(conflicted), 4)).isFalse();
    }

    @Test
    void aColourIsDrainedWhenEverySubtaskIsDrainedUnderTheCommit() {
        GateReport done = report(BLUE, 0, 2, Stage.COMMITTED, true, true);
        GateReport notYet = report(BLUE, 1, 2, Stage.COMMITTED, true, false);
        GateReport doneToo = report(BLUE, 1, 2, Stage.COMMITTED, true, true);

        assertThat(HandoverStatus.drained(List.of(done, notYet), BLUE, 3)).isFalse();
        assertThat(HandoverStatus.drained(List.of(done), BLUE, 3))
                .as("subtask 1 missing")
                .isFalse();
        assertThat(HandoverStatus.drained(List.of(done, doneToo), BLUE, 3)).isTrue();
        assertThat(HandoverStatus.drained(List.of(done, doneToo), BLUE, 2)).isFalse();
    }

    @Test
    void latestTimestampIsTheLargestSeen() {
        assertThat(HandoverStatus.latestTimestamp(armed(2))).isEqualTo(200);
        assertThat(HandoverStatus.latestTimestamp(List.of())).isEqualTo(Long.MIN_VALUE);
    }
}
