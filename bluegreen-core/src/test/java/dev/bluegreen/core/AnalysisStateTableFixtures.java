package dev.bluegreen.core;

import java.time.Duration;
import java.util.Map;
import java.util.function.Function;

import static dev.bluegreen.core.BlueGreenState.Role.RETIRING;
import static dev.bluegreen.core.BlueGreenState.Role.TRANSITIONING;
import static dev.bluegreen.core.Children.failing;
import static dev.bluegreen.core.Children.running;
import static dev.bluegreen.core.StateTableFixtures.put;
import static dev.bluegreen.core.StateTableFixtures.soaked;

/** The fixtures of the state-table rows decided by the analysis checks (issue 28). */
final class AnalysisStateTableFixtures {
    private AnalysisStateTableFixtures() {}

    static AnalysisObservation pre(AnalysisPhase phase) {
        return AnalysisObservation.pre(AnalysisVerdict.of(phase, "check error-rate: [0.4]"));
    }

    static AnalysisObservation post(AnalysisPhase phase) {
        return AnalysisObservation.post(AnalysisVerdict.of(phase, "check error-rate: [0.4]"));
    }

    static void add(Map<String, Function<Color, Given>> m) {
        put(
                m,
                TRANSITIONING,
                "pre-promotion analysis failed, Y present: abort",
                x ->
                        Scenarios.transitioning(x)
                                .child(x, running("s2"))
                                .analysis(pre(AnalysisPhase.FAILED)));
        put(
                m,
                TRANSITIONING,
                "pre-promotion analysis failed, Y present and failing: abort",
                x ->
                        Scenarios.transitioning(x)
                                .child(x, running("s2"))
                                .child(x.opposite(), failing("s1", null))
                                .analysis(pre(AnalysisPhase.ERROR)));
        put(
                m,
                TRANSITIONING,
                "ready, pre-promotion analysis unfinished: wait for it",
                x -> soaked(Scenarios.transitioning(x)).analysis(pre(AnalysisPhase.RUNNING)));
        put(
                m,
                TRANSITIONING,
                "ready, pre-promotion analysis inconclusive: hold for the user",
                x -> soaked(Scenarios.transitioning(x)).analysis(pre(AnalysisPhase.INCONCLUSIVE)));
        retiringRows(m);
    }

    private static void retiringRows(Map<String, Function<Color, Given>> m) {
        put(
                m,
                RETIRING,
                "post-promotion analysis failed, X running: switch back",
                x -> Scenarios.retiring(x).analysis(post(AnalysisPhase.FAILED)));
        put(
                m,
                RETIRING,
                "gated: post-promotion analysis failed, X running: hot rollback",
                x -> Scenarios.retiring(x).gated().analysis(post(AnalysisPhase.FAILED)));
        put(
                m,
                RETIRING,
                "post-promotion analysis failed, X not running: Y keeps it",
                x ->
                        Scenarios.retiring(x)
                                .child(x, failing("s1", null))
                                .analysis(post(AnalysisPhase.ERROR)));
        put(
                m,
                RETIRING,
                "post-promotion analysis inconclusive: hold, X kept",
                x ->
                        Scenarios.retiring(x)
                                .after(Duration.ofMinutes(2))
                                .analysis(post(AnalysisPhase.INCONCLUSIVE)));
        put(
                m,
                RETIRING,
                "held, new abort, Y runs, X not running: Y keeps it, X kept",
                x ->
                        Scenarios.retiring(x)
                                .child(x, Children.starting("s1"))
                                .after(Duration.ofMinutes(2))
                                .analysis(post(AnalysisPhase.INCONCLUSIVE))
                                .abort("a1"));
        put(
                m,
                RETIRING,
                "post-promotion analysis unfinished: X kept",
                x ->
                        Scenarios.retiring(x)
                                .after(Duration.ofMinutes(2))
                                .analysis(post(AnalysisPhase.RUNNING)));
    }
}
