package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.core.analysis.AnalysisWindow;
import dev.bluegreen.core.analysis.MetricRequest;
import dev.bluegreen.ingress.ChildNames;
import dev.bluegreen.operator.internal.analysis.AnalysisRuns;
import dev.bluegreen.operator.internal.analysis.CheckRunner;
import dev.bluegreen.operator.internal.observe.ObservationReader;
import dev.bluegreen.operator.internal.pipeline.decide.StateReads;
import dev.bluegreen.operator.internal.pipeline.decide.StateReads.Read;
import dev.bluegreen.operator.internal.pipeline.decide.StateReads.When;
import dev.bluegreen.operator.internal.spec.ChildNaming;
import dev.bluegreen.operator.internal.status.RecordCodec;
import dev.bluegreen.operator.resource.AnalysisCheck;
import dev.bluegreen.operator.resource.AnalysisRunStatus;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The analyze stage: for a valid parent with {@code spec.analysis} whose persisted record runs an
 * analysis stage ({@link AnalysisWindow#of}), the checks of that stage whose next measurement is
 * due are measured through the reconcile's {@link CheckRunner} ({@code StateReads.Read.ANALYSIS}, a
 * request-costing read), and the stage's run, as {@code status.analysis} will show it, goes into
 * the observation the decide stage decides on. The other stage's run is kept as it is. A parent
 * without analysis, at rest, invalid, or adopting passes as it is, and so does one whose stage has
 * no check due (its run is still carried over, for the verdict).
 */
public final class Analyze {
    private Analyze() {}

    /** The outcome {@code resolved} with this reconcile's analysis in its observation. */
    public static Outcome analyze(Outcome resolved, Round round) {
        if (!(resolved instanceof Outcome.Undecided undecided)) {
            return resolved;
        }
        var seen = undecided.observed().value();
        FlinkBlueGreenDeployment parent = seen.parent();
        if (parent.getSpec().getAnalysis() == null) {
            return resolved;
        }
        TransitionRecord record = RecordCodec.read(parent.getStatus());
        Optional<AnalysisWindow> window = AnalysisWindow.of(record);
        if (window.isEmpty()
                || StateReads.of(record.state()).reads().get(Read.ANALYSIS) == When.NEVER) {
            return resolved;
        }
        var stage = window.get().stage();
        List<AnalysisCheck> checks = AnalysisRuns.checks(parent.getSpec().getAnalysis(), stage);
        if (checks.isEmpty()) {
            return resolved;
        }
        var status = parent.getStatus().getAnalysis();
        AnalysisRunStatus run = run(parent, record, window.get(), checks, round);
        var observed = seen.withAnalysis(AnalysisRuns.with(status, stage, run));
        return new Outcome.Undecided(undecided.observed().with(observed), undecided.settings());
    }

    /** The stage's run after this reconcile: skipped by a new promote, or measured when due. */
    private static AnalysisRunStatus run(
            FlinkBlueGreenDeployment parent,
            TransitionRecord record,
            AnalysisWindow window,
            List<AnalysisCheck> checks,
            Round round) {
        if (!newPromote(parent, record)) {
            return advanced(parent, window, checks, round);
        }
        var previous = AnalysisRuns.run(parent.getStatus().getAnalysis(), window.stage());
        String why = "promoted by the user (promote " + promote(parent) + ")";
        return AnalysisRuns.skipped(previous, window, checks, why);
    }

    /**
     * Whether the parent carries a promote the engine has not handled yet: it skips the checks that
     * still run (before the switch the engine switches at once; after it the retirement goes on).
     */
    private static boolean newPromote(FlinkBlueGreenDeployment parent, TransitionRecord record) {
        String promote = promote(parent);
        return promote != null && !promote.equals(record.handledPromote());
    }

    private static String promote(FlinkBlueGreenDeployment parent) {
        return ObservationReader.commands(parent.getMetadata()).promote();
    }

    /** The stage's run after measuring its due checks (none due: no runner is asked). */
    private static AnalysisRunStatus advanced(
            FlinkBlueGreenDeployment parent,
            AnalysisWindow window,
            List<AnalysisCheck> checks,
            Round round) {
        var previous = AnalysisRuns.run(parent.getStatus().getAnalysis(), window.stage());
        var now = round.now();
        if (!AnalysisRuns.anyDue(previous, window, checks, now)) {
            return AnalysisRuns.advance(
                    previous,
                    window,
                    checks,
                    now,
                    check -> {
                        throw new IllegalStateException("no check is due");
                    });
        }
        CheckRunner runner = round.readers().checks(parent, round.sources()::child);
        return AnalysisRuns.advance(
                previous,
                window,
                checks,
                now,
                check -> runner.measure(check, request(parent, window, check), now));
    }

    /** What the provider of {@code check} measures. */
    static MetricRequest request(
            FlinkBlueGreenDeployment parent, AnalysisWindow window, AnalysisCheck check) {
        ChildNames names = ChildNaming.names(parent);
        var extension = check.getProvider() == null ? null : check.getProvider().getExtension();
        Map<String, String> parameters = extension == null ? null : extension.getParameters();
        return new MetricRequest(
                parent.getMetadata().getNamespace(),
                parent.getMetadata().getName(),
                window.stage(),
                window.candidate(),
                names.child(window.candidate()),
                names.child(window.incumbent()),
                parameters);
    }
}
