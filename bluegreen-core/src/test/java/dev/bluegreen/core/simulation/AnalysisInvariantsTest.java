package dev.bluegreen.core.simulation;

import dev.bluegreen.core.Action;
import dev.bluegreen.core.AnalysisObservation;
import dev.bluegreen.core.AnalysisPhase;
import dev.bluegreen.core.AnalysisVerdict;
import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.ChangeKind;
import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.Children;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.Commands;
import dev.bluegreen.core.DesiredSpec;
import dev.bluegreen.core.Observation;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Instant;
import java.util.stream.Stream;

import static dev.bluegreen.core.AnalysisPhase.ERROR;
import static dev.bluegreen.core.AnalysisPhase.FAILED;
import static dev.bluegreen.core.AnalysisPhase.INCONCLUSIVE;
import static dev.bluegreen.core.AnalysisPhase.NONE;
import static dev.bluegreen.core.AnalysisPhase.PENDING;
import static dev.bluegreen.core.AnalysisPhase.RUNNING;
import static dev.bluegreen.core.AnalysisPhase.SUCCESSFUL;
import static dev.bluegreen.core.BlueGreenState.RETIRING_BLUE;
import static dev.bluegreen.core.BlueGreenState.TRANSITIONING_TO_GREEN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * Each analysis invariant catches a plan that breaks it, and lets the plans that keep it pass: a
 * table of (state, action, verdicts, commands, children) fed to the checks (bad deciders run in the
 * simulator: {@link AnalysisInvariantsInSimulatorTest}).
 */
class AnalysisInvariantsTest {
    private static final Instant NOW = Instant.parse("2026-01-01T00:10:00Z");
    private static final AnalysisInvariants.Commanded NOTHING =
            new AnalysisInvariants.Commanded(false, false);
    private static final AnalysisInvariants.Commanded PROMOTED =
            new AnalysisInvariants.Commanded(true, false);
    private static final AnalysisInvariants.Commanded ABORTED =
            new AnalysisInvariants.Commanded(false, true);
    private static final Action SWITCH_TO_GREEN = new Action.SwitchTraffic(Color.GREEN);
    private static final Action SWITCH_TO_BLUE = new Action.SwitchTraffic(Color.BLUE);
    private static final Action DELETE_BLUE = new Action.DeleteChild(Color.BLUE);
    private static final Action SUSPEND_BLUE = new Action.SuspendChild(Color.BLUE);

    /**
     * Rows: behaviour, the record's state, the action, the pre- and post-promotion phases, what the
     * user commanded, the blue child as observed, and the breached invariant (null: kept).
     */
    static Stream<Arguments> plans() {
        ChildObservation blueRuns = Children.running("v1");
        ChildObservation blueGone = Children.absent();
        ChildObservation blueFails = Children.failing("v1", null);
        return Stream.of(
                row(
                        "switch after the pre checks passed",
                        TRANSITIONING_TO_GREEN,
                        SWITCH_TO_GREEN,
                        SUCCESSFUL,
                        NONE,
                        NOTHING,
                        blueRuns,
                        null),
                row(
                        "switch without pre checks",
                        TRANSITIONING_TO_GREEN,
                        SWITCH_TO_GREEN,
                        NONE,
                        NONE,
                        NOTHING,
                        blueRuns,
                        null),
                row(
                        "switch while the pre checks are pending",
                        TRANSITIONING_TO_GREEN,
                        SWITCH_TO_GREEN,
                        PENDING,
                        NONE,
                        NOTHING,
                        blueRuns,
                        Invariant.PRE_ANALYSIS_BEFORE_SWITCH),
                row(
                        "switch while the pre checks run",
                        TRANSITIONING_TO_GREEN,
                        SWITCH_TO_GREEN,
                        RUNNING,
                        NONE,
                        NOTHING,
                        blueRuns,
                        Invariant.PRE_ANALYSIS_BEFORE_SWITCH),
                row(
                        "switch after the pre checks failed",
                        TRANSITIONING_TO_GREEN,
                        SWITCH_TO_GREEN,
                        FAILED,
                        NONE,
                        NOTHING,
                        blueRuns,
                        Invariant.PRE_ANALYSIS_BEFORE_SWITCH),
                row(
                        "switch after the pre checks erred",
                        TRANSITIONING_TO_GREEN,
                        SWITCH_TO_GREEN,
                        ERROR,
                        NONE,
                        NOTHING,
                        blueRuns,
                        Invariant.PRE_ANALYSIS_BEFORE_SWITCH),
                row(
                        "switch while the pre checks are inconclusive",
                        TRANSITIONING_TO_GREEN,
                        SWITCH_TO_GREEN,
                        INCONCLUSIVE,
                        NONE,
                        NOTHING,
                        blueRuns,
                        Invariant.PRE_ANALYSIS_BEFORE_SWITCH),
                row(
                        "a promote switches before the pre checks finished",
                        TRANSITIONING_TO_GREEN,
                        SWITCH_TO_GREEN,
                        RUNNING,
                        NONE,
                        PROMOTED,
                        blueRuns,
                        null),
                row(
                        "a promote switches despite inconclusive pre checks",
                        TRANSITIONING_TO_GREEN,
                        SWITCH_TO_GREEN,
                        INCONCLUSIVE,
                        NONE,
                        PROMOTED,
                        blueRuns,
                        null),
                row(
                        "traffic staying on blue while the pre checks run",
                        TRANSITIONING_TO_GREEN,
                        SWITCH_TO_BLUE,
                        RUNNING,
                        NONE,
                        NOTHING,
                        blueRuns,
                        null),
                row(
                        "switch to green once blue is gone while the pre checks run",
                        TRANSITIONING_TO_GREEN,
                        SWITCH_TO_GREEN,
                        RUNNING,
                        NONE,
                        NOTHING,
                        blueGone,
                        null),
                row(
                        "deleting blue while the post checks are pending",
                        RETIRING_BLUE,
                        DELETE_BLUE,
                        NONE,
                        PENDING,
                        NOTHING,
                        blueRuns,
                        Invariant.PREVIOUS_KEPT_DURING_POST_ANALYSIS),
                row(
                        "deleting blue while the post checks run",
                        RETIRING_BLUE,
                        DELETE_BLUE,
                        NONE,
                        RUNNING,
                        NOTHING,
                        blueRuns,
                        Invariant.PREVIOUS_KEPT_DURING_POST_ANALYSIS),
                row(
                        "suspending blue while the post checks run",
                        RETIRING_BLUE,
                        SUSPEND_BLUE,
                        NONE,
                        RUNNING,
                        NOTHING,
                        blueRuns,
                        Invariant.PREVIOUS_KEPT_DURING_POST_ANALYSIS),
                row(
                        "deleting blue while the post checks are inconclusive",
                        RETIRING_BLUE,
                        DELETE_BLUE,
                        NONE,
                        INCONCLUSIVE,
                        NOTHING,
                        blueRuns,
                        Invariant.PREVIOUS_KEPT_DURING_POST_ANALYSIS),
                row(
                        "deleting blue after the post checks passed",
                        RETIRING_BLUE,
                        DELETE_BLUE,
                        NONE,
                        SUCCESSFUL,
                        NOTHING,
                        blueRuns,
                        null),
                row(
                        "deleting blue without post checks",
                        RETIRING_BLUE,
                        DELETE_BLUE,
                        NONE,
                        NONE,
                        NOTHING,
                        blueRuns,
                        null),
                row(
                        "a promote retires blue while the post checks run",
                        RETIRING_BLUE,
                        DELETE_BLUE,
                        NONE,
                        RUNNING,
                        PROMOTED,
                        blueRuns,
                        null),
                row(
                        "deleting a failing blue while the post checks run",
                        RETIRING_BLUE,
                        DELETE_BLUE,
                        NONE,
                        RUNNING,
                        NOTHING,
                        blueFails,
                        null),
                row(
                        "switching back to a running blue after the post checks failed",
                        RETIRING_BLUE,
                        SWITCH_TO_BLUE,
                        NONE,
                        FAILED,
                        NOTHING,
                        blueRuns,
                        null),
                row(
                        "switching back to a running blue after the post checks erred",
                        RETIRING_BLUE,
                        SWITCH_TO_BLUE,
                        NONE,
                        ERROR,
                        NOTHING,
                        blueRuns,
                        null),
                row(
                        "switching back to a blue already gone after the post checks failed",
                        RETIRING_BLUE,
                        SWITCH_TO_BLUE,
                        NONE,
                        FAILED,
                        NOTHING,
                        blueGone,
                        Invariant.ROLLBACK_WHILE_PREVIOUS_KEPT),
                row(
                        "switching back to a failing blue after the post checks failed",
                        RETIRING_BLUE,
                        SWITCH_TO_BLUE,
                        NONE,
                        FAILED,
                        NOTHING,
                        blueFails,
                        Invariant.ROLLBACK_WHILE_PREVIOUS_KEPT),
                row(
                        "the user's abort switches back whatever the post checks say",
                        RETIRING_BLUE,
                        SWITCH_TO_BLUE,
                        NONE,
                        FAILED,
                        ABORTED,
                        blueGone,
                        null));
    }

    private static Arguments row(
            String behaviour,
            BlueGreenState from,
            Action action,
            AnalysisPhase pre,
            AnalysisPhase post,
            AnalysisInvariants.Commanded commanded,
            ChildObservation blue,
            Invariant breached) {
        return arguments(behaviour, from, action, pre, post, commanded, blue, breached);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("plans")
    void checksEachActionAgainstTheVerdicts(
            String behaviour,
            BlueGreenState from,
            Action action,
            AnalysisPhase pre,
            AnalysisPhase post,
            AnalysisInvariants.Commanded commanded,
            ChildObservation blue,
            Invariant breached) {
        var observation =
                new Observation(
                                new DesiredSpec("v2", ChangeKind.IGNORE, false, false),
                                blue,
                                Children.running("v2"),
                                null,
                                Commands.none(),
                                NOW)
                        .withAnalysis(
                                new AnalysisObservation(
                                        AnalysisVerdict.of(pre, ""), AnalysisVerdict.of(post, "")));
        Color traffic = from == TRANSITIONING_TO_GREEN ? Color.BLUE : Color.GREEN;

        var breach = AnalysisInvariants.beforeAction(action, from, observation, commanded, traffic);

        assertThat(breach == null ? null : breach.invariant()).isEqualTo(breached);
    }
}
