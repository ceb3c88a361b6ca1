package dev.bluegreen.operator.internal.analysis;

import dev.bluegreen.core.AnalysisPhase;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.core.analysis.AnalysisStage;
import dev.bluegreen.core.analysis.AnalysisWindow;
import dev.bluegreen.core.analysis.CheckProgress;
import dev.bluegreen.core.analysis.CheckRules;
import dev.bluegreen.core.analysis.CheckSpec;
import dev.bluegreen.core.analysis.Measurement;
import dev.bluegreen.operator.resource.AnalysisCheck;
import dev.bluegreen.operator.resource.AnalysisCheckStatus;
import dev.bluegreen.operator.resource.AnalysisRunStatus;
import dev.bluegreen.operator.resource.AnalysisSpec;
import dev.bluegreen.operator.resource.AnalysisStatus;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * One stage's run of analysis checks as {@code status.analysis} keeps it, advanced by one
 * reconcile: the checks whose next measurement is due are measured, their progress recorded ({@link
 * CheckRules}), and the stage's phase, message and next measurement times written back. A run of
 * another key (a new transition or target) starts afresh with every check pending. Pure apart from
 * the measuring function it is given.
 */
public final class AnalysisRuns {
    private AnalysisRuns() {}

    /** The checks {@code spec} lists for {@code stage}; empty when none. */
    public static List<AnalysisCheck> checks(AnalysisSpec spec, AnalysisStage stage) {
        if (spec == null) {
            return List.of();
        }
        List<AnalysisCheck> checks =
                stage == AnalysisStage.PRE_PROMOTION
                        ? spec.getPrePromotion()
                        : spec.getPostPromotion();
        return checks == null ? List.of() : checks;
    }

    /** The run of {@code stage} in {@code status}, or {@code null}. */
    public static AnalysisRunStatus run(AnalysisStatus status, AnalysisStage stage) {
        if (status == null) {
            return null;
        }
        return stage == AnalysisStage.PRE_PROMOTION
                ? status.getPrePromotion()
                : status.getPostPromotion();
    }

    /** A copy of {@code status} (or a new one) with {@code run} as the run of {@code stage}. */
    public static AnalysisStatus with(
            AnalysisStatus status, AnalysisStage stage, AnalysisRunStatus run) {
        var copy = new AnalysisStatus();
        copy.setPrePromotion(run(status, AnalysisStage.PRE_PROMOTION));
        copy.setPostPromotion(run(status, AnalysisStage.POST_PROMOTION));
        if (stage == AnalysisStage.PRE_PROMOTION) {
            copy.setPrePromotion(run);
        } else {
            copy.setPostPromotion(run);
        }
        return copy;
    }

    /**
     * The progress of each check of {@code checks}, in their order: as {@code previous} records it
     * when that run has the window's key, else (and for a check it does not record, or records
     * unreadably) pending.
     */
    public static List<CheckProgress> progress(
            AnalysisRunStatus previous, AnalysisWindow window, List<AnalysisCheck> checks) {
        boolean same = previous != null && window.key().equals(previous.getKey());
        var progress = new ArrayList<CheckProgress>();
        for (AnalysisCheck check : checks) {
            CheckProgress kept = same ? kept(previous, check.getName()) : null;
            progress.add(kept == null ? CheckProgress.pending(check.getName()) : kept);
        }
        return progress;
    }

    /** Whether a check of {@code checks} is due at {@code now} in {@code previous}'s progress. */
    public static boolean anyDue(
            AnalysisRunStatus previous,
            AnalysisWindow window,
            List<AnalysisCheck> checks,
            Instant now) {
        List<CheckProgress> progress = progress(previous, window, checks);
        boolean ended = CheckRules.ended(progress);
        for (int i = 0; i < checks.size(); i++) {
            if (due(CheckSpecs.of(checks.get(i)), progress.get(i), window, ended, now)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The run after this reconcile: every due check measured once by {@code measure}.
     *
     * @param previous the run as the status records it, or {@code null}
     */
    public static AnalysisRunStatus advance(
            AnalysisRunStatus previous,
            AnalysisWindow window,
            List<AnalysisCheck> checks,
            Instant now,
            Function<AnalysisCheck, Measurement> measure) {
        List<CheckProgress> progress = new ArrayList<>(progress(previous, window, checks));
        boolean ended = CheckRules.ended(progress);
        for (int i = 0; i < checks.size(); i++) {
            CheckSpec spec = CheckSpecs.of(checks.get(i));
            if (due(spec, progress.get(i), window, ended, now)) {
                Measurement measured = measure.apply(checks.get(i));
                progress.set(i, CheckRules.record(spec, progress.get(i), measured));
            }
        }
        return status(window, checks, progress);
    }

    /** The run status of {@code progress}: phase, message, next measurement times. */
    static AnalysisRunStatus status(
            AnalysisWindow window, List<AnalysisCheck> checks, List<CheckProgress> progress) {
        AnalysisPhase phase = CheckRules.stagePhase(progress);
        boolean ended = CheckRules.ended(progress);
        var statuses = new ArrayList<AnalysisCheckStatus>();
        for (int i = 0; i < checks.size(); i++) {
            var check = checks.get(i);
            Optional<Instant> next =
                    CheckRules.nextAt(
                            CheckSpecs.of(check),
                            progress.get(i),
                            window.start(),
                            phase.finished());
            statuses.add(
                    ProgressMapper.status(
                            progress.get(i), CheckSpecs.provider(check), next.orElse(null)));
        }
        var run = new AnalysisRunStatus();
        run.setKey(window.key());
        run.setStartedAt(window.start().toString());
        run.setPhase(ProgressMapper.name(phase));
        run.setMessage(Summaries.of(phase, progress));
        run.setChecks(statuses);
        return run;
    }

    /**
     * The earliest next measurement of the run the window of {@code record} runs in {@code status},
     * if that run is the window's (same key).
     */
    public static Optional<Instant> nextMeasurement(
            AnalysisStatus status, TransitionRecord record) {
        Optional<AnalysisWindow> window = AnalysisWindow.of(record);
        AnalysisRunStatus run = window.map(w -> run(status, w.stage())).orElse(null);
        if (run == null || !window.get().key().equals(run.getKey()) || run.getChecks() == null) {
            return Optional.empty();
        }
        return run.getChecks().stream()
                .map(AnalysisCheckStatus::getNextMeasurementAt)
                .filter(at -> at != null)
                .map(Instant::parse)
                .min(Instant::compareTo);
    }

    private static boolean due(
            CheckSpec spec,
            CheckProgress progress,
            AnalysisWindow window,
            boolean ended,
            Instant now) {
        return CheckRules.nextAt(spec, progress, window.start(), ended)
                .filter(at -> !at.isAfter(now))
                .isPresent();
    }

    /** The progress {@code run} keeps for the check {@code name}, or {@code null}. */
    private static CheckProgress kept(AnalysisRunStatus run, String name) {
        if (run.getChecks() == null) {
            return null;
        }
        try {
            return run.getChecks().stream()
                    .filter(c -> name.equals(c.getName()))
                    .findFirst()
                    .map(ProgressMapper::progress)
                    .orElse(null);
        } catch (IllegalArgumentException | java.time.DateTimeException unreadable) {
            return null; // edited by hand: the run starts afresh
        }
    }
}
