package dev.bluegreen.core.simulation;

import dev.bluegreen.core.Action;
import dev.bluegreen.core.AnalysisPhase;
import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.BlueGreenState.Role;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.Observation;

/**
 * The checks behind {@link Invariant#PRE_ANALYSIS_BEFORE_SWITCH}, {@link
 * Invariant#ROLLBACK_WHILE_PREVIOUS_KEPT} and {@link Invariant#PREVIOUS_KEPT_DURING_POST_ANALYSIS},
 * made just before an action is executed when the simulator has analysis scripts; each returns a
 * breach or {@code null}. Stateless.
 */
final class AnalysisInvariants {
    private AnalysisInvariants() {}

    /**
     * What the user commanded in the current transition (this step included): a promote skips
     * unfinished checks, an abort switches back by the user's wish.
     *
     * @param promoted a promote was consumed in this transition
     * @param aborted an abort was consumed in this transition
     */
    record Commanded(boolean promoted, boolean aborted) {}

    /**
     * Checks {@code action}, planned from a record in {@code from}, against the analysis verdicts
     * the plan was decided on and the world just before the action.
     */
    static Invariants.Breach beforeAction(
            Action action,
            BlueGreenState from,
            Observation observation,
            Commanded commanded,
            Color traffic) {
        return Invariants.first(
                () -> switchBeforePreAnalysis(action, from, observation, commanded, traffic),
                () -> rollbackWithoutPrevious(action, from, observation, commanded),
                () -> previousRetiredDuringPost(action, from, observation, commanded));
    }

    private static Invariants.Breach switchBeforePreAnalysis(
            Action action,
            BlueGreenState from,
            Observation observation,
            Commanded commanded,
            Color traffic) {
        AnalysisPhase pre = observation.analysis().prePromotion().phase();
        boolean passed = pre == AnalysisPhase.NONE || pre == AnalysisPhase.SUCCESSFUL;
        if (action instanceof Action.SwitchTraffic s
                && from.role() == Role.TRANSITIONING
                && s.color() == from.namedColor()
                && traffic != null
                && traffic != s.color()
                && observation.child(traffic).present()
                && !passed
                && !commanded.promoted()) {
            return new Invariants.Breach(
                    Invariant.PRE_ANALYSIS_BEFORE_SWITCH,
                    action
                            + " in "
                            + from
                            + " while the pre-promotion analysis is "
                            + observation.analysis().prePromotion().describe()
                            + " and no promote was consumed");
        }
        return null;
    }

    private static Invariants.Breach rollbackWithoutPrevious(
            Action action, BlueGreenState from, Observation observation, Commanded commanded) {
        AnalysisPhase post = observation.analysis().postPromotion().phase();
        if (action instanceof Action.SwitchTraffic s
                && from.role() == Role.RETIRING
                && s.color() == from.namedColor()
                && post.failed()
                && !commanded.aborted()
                && !observation.child(s.color()).stableAndRunning()) {
            return new Invariants.Breach(
                    Invariant.ROLLBACK_WHILE_PREVIOUS_KEPT,
                    action
                            + " in "
                            + from
                            + " rolls back after the post-promotion analysis "
                            + observation.analysis().postPromotion().describe()
                            + ", but the previous child was not kept stable and running: "
                            + observation.child(s.color()));
        }
        return null;
    }

    private static Invariants.Breach previousRetiredDuringPost(
            Action action, BlueGreenState from, Observation observation, Commanded commanded) {
        Color retired = retired(action);
        AnalysisPhase post = observation.analysis().postPromotion().phase();
        boolean holding = post.unfinished() || post == AnalysisPhase.INCONCLUSIVE;
        if (retired != null
                && from.role() == Role.RETIRING
                && retired == from.namedColor()
                && holding
                && !commanded.promoted()
                && !commanded.aborted()
                && !observation.desired().suspended()
                && !observation.child(retired).failing()) {
            return new Invariants.Breach(
                    Invariant.PREVIOUS_KEPT_DURING_POST_ANALYSIS,
                    action
                            + " in "
                            + from
                            + " retires the previous child while the post-promotion analysis is "
                            + observation.analysis().postPromotion().describe());
        }
        return null;
    }

    private static Color retired(Action action) {
        if (action instanceof Action.DeleteChild d) {
            return d.color();
        }
        return action instanceof Action.SuspendChild s ? s.color() : null;
    }
}
