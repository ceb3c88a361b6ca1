package dev.bluegreen.operator.internal.status;

import dev.bluegreen.core.AnalysisPhase;
import dev.bluegreen.core.analysis.AnalysisStage;
import dev.bluegreen.operator.resource.AnalysisRunStatus;
import dev.bluegreen.operator.resource.AnalysisStatus;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The analysis runs that ended with a status write, and their events: {@code AnalysisPassed}
 * (Normal), {@code AnalysisFailed} (Warning, also for an error) and {@code AnalysisInconclusive}
 * (Warning), once per run, when a stage's run first shows that phase. The message names the stage,
 * the check(s) and their last values. Pure.
 */
public final class AnalysisEvents {
    public static final String PASSED = "AnalysisPassed";
    public static final String FAILED = "AnalysisFailed";
    public static final String INCONCLUSIVE = "AnalysisInconclusive";

    /**
     * A run that ended: its stage and final phase.
     *
     * @param message what the run concluded (its checks and last values)
     */
    public record Ended(AnalysisStage stage, AnalysisPhase phase, String message) {}

    private AnalysisEvents() {}

    /** The runs of {@code after} that ended since {@code before}, pre-promotion first. */
    public static List<Ended> ended(AnalysisStatus before, AnalysisStatus after) {
        var ended = new ArrayList<Ended>();
        for (AnalysisStage stage : AnalysisStage.values()) {
            AnalysisRunStatus now = run(after, stage);
            AnalysisPhase phase = phase(now);
            if (phase != null && phase.finished() && changed(run(before, stage), now)) {
                ended.add(
                        new Ended(stage, phase, Objects.requireNonNullElse(now.getMessage(), "")));
            }
        }
        return ended;
    }

    /** The events of the runs that ended since {@code before}. */
    static List<EventSpec> of(AnalysisStatus before, AnalysisStatus after) {
        return ended(before, after).stream().map(AnalysisEvents::event).toList();
    }

    private static EventSpec event(Ended ended) {
        String message = ended.stage().field() + " analysis: " + ended.message();
        return switch (ended.phase()) {
            case SUCCESSFUL -> EventSpec.normal(PASSED, message);
            case INCONCLUSIVE -> EventSpec.warning(INCONCLUSIVE, message);
            default -> EventSpec.warning(FAILED, message);
        };
    }

    /** Whether {@code now} is another run than {@code before}, or the same in another phase. */
    private static boolean changed(AnalysisRunStatus before, AnalysisRunStatus now) {
        return before == null
                || !Objects.equals(before.getKey(), now.getKey())
                || !Objects.equals(before.getPhase(), now.getPhase());
    }

    /** The run of {@code stage} in {@code status}, or {@code null}. */
    private static AnalysisRunStatus run(AnalysisStatus status, AnalysisStage stage) {
        if (status == null) {
            return null;
        }
        return stage == AnalysisStage.PRE_PROMOTION
                ? status.getPrePromotion()
                : status.getPostPromotion();
    }

    /** The run's phase, or {@code null} when there is none or it cannot be read. */
    private static AnalysisPhase phase(AnalysisRunStatus run) {
        if (run == null || run.getPhase() == null) {
            return null;
        }
        try {
            return AnalysisPhase.valueOf(run.getPhase().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException unreadable) {
            return null;
        }
    }
}
