package dev.bluegreen.operator.internal.pipeline.decide;

import dev.bluegreen.core.AnalysisObservation;
import dev.bluegreen.core.AnalysisPhase;
import dev.bluegreen.core.AnalysisVerdict;
import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.core.analysis.AnalysisStage;
import dev.bluegreen.core.analysis.AnalysisWindow;
import dev.bluegreen.operator.internal.analysis.AnalysisRuns;
import dev.bluegreen.operator.internal.analysis.ProgressMapper;
import dev.bluegreen.operator.resource.AnalysisRunStatus;
import dev.bluegreen.operator.resource.AnalysisSpec;
import dev.bluegreen.operator.resource.AnalysisStatus;

import java.util.Optional;

/**
 * What the engine reads of the analysis checks: per stage, {@link AnalysisVerdict#NONE} when the
 * spec has no check for it; the phase and message of its run in {@code status.analysis} while the
 * record's {@link AnalysisWindow} is that stage's (a run of another key: {@code PENDING}); {@code
 * PENDING} too for the pre-promotion checks of a transition whose incoming child is not stable and
 * running yet (so the switch cannot happen before they ran); else {@code NONE}. Pure.
 */
public final class AnalysisVerdicts {
    static final String NOT_READY = "waiting for the incoming child to be stable and running";

    private AnalysisVerdicts() {}

    /**
     * The verdicts for {@code record}.
     *
     * @param spec {@code spec.analysis}, or {@code null}
     * @param runs {@code status.analysis} after this reconcile's measurements, or {@code null}
     */
    public static AnalysisObservation of(
            TransitionRecord record, AnalysisSpec spec, AnalysisStatus runs) {
        if (spec == null) {
            return AnalysisObservation.none();
        }
        return new AnalysisObservation(
                verdict(AnalysisStage.PRE_PROMOTION, record, spec, runs),
                verdict(AnalysisStage.POST_PROMOTION, record, spec, runs));
    }

    private static AnalysisVerdict verdict(
            AnalysisStage stage, TransitionRecord record, AnalysisSpec spec, AnalysisStatus runs) {
        if (AnalysisRuns.checks(spec, stage).isEmpty()) {
            return AnalysisVerdict.NONE;
        }
        Optional<AnalysisWindow> window = AnalysisWindow.of(record).filter(w -> w.stage() == stage);
        if (window.isPresent()) {
            AnalysisRunStatus run = AnalysisRuns.run(runs, stage);
            return run == null || !window.get().key().equals(run.getKey())
                    ? AnalysisVerdict.of(AnalysisPhase.PENDING, "")
                    : AnalysisVerdict.of(ProgressMapper.phase(run.getPhase()), run.getMessage());
        }
        return stage == AnalysisStage.PRE_PROMOTION && replacesAServingChild(record)
                ? AnalysisVerdict.of(AnalysisPhase.PENDING, NOT_READY)
                : AnalysisVerdict.NONE;
    }

    /** A transition whose incoming child replaces one that served (not a first deployment). */
    private static boolean replacesAServingChild(TransitionRecord record) {
        BlueGreenState state = record.state();
        return state.role() == BlueGreenState.Role.TRANSITIONING
                && record.trafficColor() != null
                && record.trafficColor() != state.namedColor();
    }
}
