package dev.bluegreen.core.simulation;

import dev.bluegreen.core.AnalysisObservation;
import dev.bluegreen.core.AnalysisPhase;
import dev.bluegreen.core.AnalysisVerdict;
import dev.bluegreen.core.BlueGreenState.Role;
import dev.bluegreen.core.Commands;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.core.analysis.AnalysisStage;
import dev.bluegreen.core.analysis.AnalysisWindow;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The simulated analysis checks: what the controller would report for a persisted record, from the
 * scripts of both stages. Inside a stage's window ({@link AnalysisWindow#of}) the verdict is the
 * script's for the time since the window's start; a concluded verdict stays for the rest of that
 * run (its key), even if the script is replaced. Before the pre-promotion window opens in a
 * transition from a serving child (the incoming child not yet first ready) the pre-promotion checks
 * are configured but unmeasured: {@link AnalysisPhase#PENDING}. Otherwise, and for a stage without
 * a script, {@link AnalysisVerdict#NONE}. As the controller does, a promote the engine has not
 * handled yet ends the open window's checks that have not failed: they are skipped and the verdict
 * is {@link AnalysisPhase#SUCCESSFUL} for the rest of the run (an inconclusive stage is released
 * that way too). Not thread-safe.
 */
final class FakeAnalysis {
    private static final AnalysisVerdict AWAITING_WINDOW =
            AnalysisVerdict.of(AnalysisPhase.PENDING, "scripted checks wait for the child");

    private final Map<AnalysisStage, AnalysisScript> scripts = new HashMap<>();
    private final Map<String, AnalysisVerdict> concluded = new HashMap<>();

    /** Scripts of both stages; {@code null} for a stage without checks. */
    FakeAnalysis(AnalysisScript prePromotion, AnalysisScript postPromotion) {
        script(AnalysisStage.PRE_PROMOTION, prePromotion);
        script(AnalysisStage.POST_PROMOTION, postPromotion);
    }

    /** Whether any stage has a script (then the analysis invariants are checked). */
    boolean scripted() {
        return !scripts.isEmpty();
    }

    /** Replaces the script of {@code stage} for runs not concluded yet; {@code null} removes it. */
    void script(AnalysisStage stage, AnalysisScript script) {
        if (script == null) {
            scripts.remove(stage);
        } else {
            scripts.put(stage, script);
        }
    }

    /** Makes both scripts behave ({@link AnalysisScript#behaving()}). */
    void behave() {
        scripts.replaceAll((stage, script) -> script.behaving());
    }

    /**
     * Concludes the open window's verdict once its script says so, or skips its checks on a new
     * promote; notes either in an event, once per run.
     */
    void progress(TransitionRecord record, Commands commands, Instant now, List<String> events) {
        Optional<AnalysisWindow> window = AnalysisWindow.of(record);
        if (window.isEmpty() || !scripts.containsKey(window.get().stage())) {
            return;
        }
        String key = window.get().key();
        AnalysisVerdict verdict = concluded.getOrDefault(key, scripted(window.get(), now));
        if (newPromote(record, commands) && !verdict.phase().failed()) {
            verdict = skipped(verdict, commands.promote());
        }
        if (verdict.phase().finished() && !verdict.equals(concluded.get(key))) {
            concluded.put(key, verdict);
            events.add("analysis: " + window.get().stage().field() + " " + verdict.describe());
        }
    }

    private static boolean newPromote(TransitionRecord record, Commands commands) {
        return commands.promote() != null && !commands.promote().equals(record.handledPromote());
    }

    private static AnalysisVerdict skipped(AnalysisVerdict verdict, String promote) {
        return verdict.phase() == AnalysisPhase.SUCCESSFUL
                ? verdict
                : AnalysisVerdict.of(
                        AnalysisPhase.SUCCESSFUL, "scripted checks skipped by " + promote);
    }

    /** What the controller would report for {@code record} at {@code now}. */
    AnalysisObservation observe(TransitionRecord record, Instant now) {
        Optional<AnalysisWindow> window = AnalysisWindow.of(record);
        return new AnalysisObservation(
                verdict(AnalysisStage.PRE_PROMOTION, record, window, now),
                verdict(AnalysisStage.POST_PROMOTION, record, window, now));
    }

    /** When the verdict of the open window changes next (strictly after {@code now}), or null. */
    Instant nextEventAt(TransitionRecord record, Instant now) {
        Optional<AnalysisWindow> window = AnalysisWindow.of(record);
        AnalysisScript script = window.map(w -> scripts.get(w.stage())).orElse(null);
        if (script == null || script.after() == null || concluded.containsKey(window.get().key())) {
            return null;
        }
        Instant at = window.get().start().plus(script.after());
        return at.isAfter(now) ? at : null;
    }

    private AnalysisVerdict verdict(
            AnalysisStage stage,
            TransitionRecord record,
            Optional<AnalysisWindow> window,
            Instant now) {
        if (!scripts.containsKey(stage)) {
            return AnalysisVerdict.NONE;
        }
        if (window.isPresent() && window.get().stage() == stage) {
            AnalysisVerdict done = concluded.get(window.get().key());
            return done != null ? done : scripted(window.get(), now);
        }
        return stage == AnalysisStage.PRE_PROMOTION && awaitingPreWindow(record)
                ? AWAITING_WINDOW
                : AnalysisVerdict.NONE;
    }

    private AnalysisVerdict scripted(AnalysisWindow window, Instant now) {
        AnalysisScript script = scripts.get(window.stage());
        if (script == null) {
            return AnalysisVerdict.NONE;
        }
        return script.verdictAt(Duration.between(window.start(), now));
    }

    /** A transition from a serving child whose incoming child was not yet first ready. */
    private static boolean awaitingPreWindow(TransitionRecord record) {
        return record.state().role() == Role.TRANSITIONING
                && record.trafficColor() != null
                && record.trafficColor() != record.state().namedColor()
                && record.readySince() == null;
    }
}
