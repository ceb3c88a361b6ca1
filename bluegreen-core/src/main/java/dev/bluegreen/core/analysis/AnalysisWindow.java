package dev.bluegreen.core.analysis;

import dev.bluegreen.core.BlueGreenState.Role;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.TransitionRecord;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The analysis stage that runs for a persisted record, if any: a pure function of the record, so
 * that the controller, the simulator and the engine agree on when checks run.
 *
 * <ul>
 *   <li>{@link AnalysisStage#PRE_PROMOTION} in {@code TRANSITIONING_TO_X} once X was first stable
 *       and running ({@code readySince}), unless nothing served before (a first deployment has
 *       nothing to compare with and switches at once).
 *   <li>{@link AnalysisStage#POST_PROMOTION} in {@code RETIRING_X} after a forward switch ({@code
 *       trafficSwitchedAt}), not while an ADVANCED-mode rollback retires the rolled-back child.
 * </ul>
 *
 * @param stage the stage that runs
 * @param start when its clock starts: initial delays and intervals count from here
 * @param key identifies the run: a new key (a new transition, or a new target) starts a fresh run
 * @param candidate the colour the checks judge: the incoming child before the switch, the new
 *     serving child after it
 */
public record AnalysisWindow(AnalysisStage stage, Instant start, String key, Color candidate) {
    public AnalysisWindow {
        Objects.requireNonNull(stage, "stage == null");
        Objects.requireNonNull(start, "start == null");
        Objects.requireNonNull(key, "key == null");
        Objects.requireNonNull(candidate, "candidate == null");
    }

    /** The colour the candidate is compared with (the one serving before the switch). */
    public Color incumbent() {
        return candidate.opposite();
    }

    /** The window open for {@code record}, or empty when no analysis runs in its state. */
    public static Optional<AnalysisWindow> of(TransitionRecord record) {
        Role role = record.state().role();
        if (role == Role.TRANSITIONING) {
            return preWindow(record);
        }
        if (role == Role.RETIRING) {
            return postWindow(record);
        }
        return Optional.empty();
    }

    private static Optional<AnalysisWindow> preWindow(TransitionRecord record) {
        Color incoming = record.state().namedColor();
        boolean served = record.trafficColor() != null && record.trafficColor() != incoming;
        if (!served || record.readySince() == null) {
            return Optional.empty();
        }
        String key = key(AnalysisStage.PRE_PROMOTION, record, incoming);
        return Optional.of(
                new AnalysisWindow(
                        AnalysisStage.PRE_PROMOTION, record.readySince(), key, incoming));
    }

    private static Optional<AnalysisWindow> postWindow(TransitionRecord record) {
        boolean rollingBack = Objects.equals(record.targetSpecRef(), record.stableSpecRef());
        if (rollingBack || record.trafficSwitchedAt() == null) {
            return Optional.empty();
        }
        Color serving = record.state().namedColor().opposite();
        String key = key(AnalysisStage.POST_PROMOTION, record, serving);
        return Optional.of(
                new AnalysisWindow(
                        AnalysisStage.POST_PROMOTION, record.trafficSwitchedAt(), key, serving));
    }

    private static String key(AnalysisStage stage, TransitionRecord record, Color candidate) {
        return String.join(
                "/",
                stage.field(),
                Long.toString(record.transitionNumber()),
                String.valueOf(record.targetSpecRef()),
                candidate.lowerCase());
    }
}
