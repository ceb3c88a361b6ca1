package dev.bluegreen.demo.summary;

import dev.bluegreen.demo.timeline.ChildDeleted;
import dev.bluegreen.demo.timeline.ChildJob;
import dev.bluegreen.demo.timeline.Color;
import dev.bluegreen.demo.timeline.ControllerState;
import dev.bluegreen.demo.timeline.DemoStep;
import dev.bluegreen.demo.timeline.TimelineEvent;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The numbers of a demo run, computed from its timeline and the output audit.
 *
 * @param total the run's length
 * @param phases the controller's states in order, with time spent in each
 * @param upgrade from leaving {@code ACTIVE_BLUE} to reaching {@code ACTIVE_GREEN}, if both
 *     happened
 * @param sideBySide total time both children's jobs were {@code RUNNING} at once
 * @param counts the output audit
 * @param analysis what the analysis checks did; empty for a run without checks
 * @param handBack when green failed after the cut and blue served again (the demo's step saying
 *     so); empty for a run without a hand-back
 */
public record Summary(
        Duration total,
        List<PhaseTime> phases,
        Optional<Duration> upgrade,
        Duration sideBySide,
        AuditCounts counts,
        Optional<AnalysisOutcome> analysis,
        Optional<String> handBack) {

    /** Copies the list. */
    public Summary {
        phases = List.copyOf(phases);
    }

    /**
     * The summary of {@code events} recorded until {@code end}.
     *
     * @param events in recording order
     * @param end the end of the run (at or after the last event)
     * @param counts the output audit
     */
    public static Summary of(List<TimelineEvent> events, Duration end, AuditCounts counts) {
        List<ControllerState> states = stateChanges(events);
        return new Summary(
                end,
                phases(states, end),
                upgrade(states),
                sideBySide(events, end),
                counts,
                AnalysisOutcome.of(events),
                handBack(events));
    }

    /** The text of the step that saw blue serving again after a hand-back, if there was one. */
    private static Optional<String> handBack(List<TimelineEvent> events) {
        return events.stream()
                .filter(e -> e instanceof DemoStep d && d.startsWith(DemoStep.BLUE_SERVES_AGAIN))
                .map(e -> ((DemoStep) e).text())
                .findFirst();
    }

    /** The state the run ended in, e.g. {@code SUSPENDED_BLUE}; empty without states. */
    public Optional<String> finalState() {
        return phases.isEmpty()
                ? Optional.empty()
                : Optional.of(phases.get(phases.size() - 1).state());
    }

    /** Controller events, keeping only those that change the state (not only the reason). */
    private static List<ControllerState> stateChanges(List<TimelineEvent> events) {
        List<ControllerState> changes = new ArrayList<>();
        for (TimelineEvent event : events) {
            if (event instanceof ControllerState s
                    && (changes.isEmpty()
                            || !changes.get(changes.size() - 1).state().equals(s.state()))) {
                changes.add(s);
            }
        }
        return changes;
    }

    private static List<PhaseTime> phases(List<ControllerState> states, Duration end) {
        List<PhaseTime> phases = new ArrayList<>();
        for (int i = 0; i < states.size(); i++) {
            boolean last = i == states.size() - 1;
            Duration until = last ? end : states.get(i + 1).at();
            phases.add(new PhaseTime(states.get(i).state(), until.minus(states.get(i).at()), last));
        }
        return phases;
    }

    private static Optional<Duration> upgrade(List<ControllerState> states) {
        for (int i = 0; i + 1 < states.size(); i++) {
            if (states.get(i).state().equals("ACTIVE_BLUE")) {
                Duration left = states.get(i + 1).at();
                return states.subList(i + 1, states.size()).stream()
                        .filter(s -> s.state().equals("ACTIVE_GREEN"))
                        .findFirst()
                        .map(s -> s.at().minus(left));
            }
        }
        return Optional.empty();
    }

    /** The overlap of both colours' RUNNING intervals. */
    static Duration sideBySide(List<TimelineEvent> events, Duration end) {
        Map<Color, List<Duration[]>> running = runningIntervals(events, end);
        Duration overlap = Duration.ZERO;
        for (Duration[] blue : running.getOrDefault(Color.BLUE, List.of())) {
            for (Duration[] green : running.getOrDefault(Color.GREEN, List.of())) {
                Duration from = max(blue[0], green[0]);
                Duration to = min(blue[1], green[1]);
                if (to.compareTo(from) > 0) {
                    overlap = overlap.plus(to.minus(from));
                }
            }
        }
        return overlap;
    }

    /**
     * Each colour's RUNNING intervals, {@code [from, to]}; one still running ends at {@code end}.
     */
    private static Map<Color, List<Duration[]>> runningIntervals(
            List<TimelineEvent> events, Duration end) {
        Map<Color, List<Duration[]>> running = new EnumMap<>(Color.class);
        Map<Color, Duration> since = new EnumMap<>(Color.class);
        for (TimelineEvent event : events) {
            if (event instanceof ChildJob c) {
                track(running, since, c.color(), c.at(), c.running());
            } else if (event instanceof ChildDeleted d) {
                track(running, since, d.color(), d.at(), false);
            }
        }
        for (Color color : List.copyOf(since.keySet())) {
            track(running, since, color, end, false);
        }
        return running;
    }

    private static void track(
            Map<Color, List<Duration[]>> running,
            Map<Color, Duration> since,
            Color color,
            Duration at,
            boolean isRunning) {
        if (isRunning) {
            since.putIfAbsent(color, at);
            return;
        }
        Duration from = since.remove(color);
        if (from != null) {
            running.computeIfAbsent(color, c -> new ArrayList<>()).add(new Duration[] {from, at});
        }
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
