package dev.bluegreen.demo.summary;

import dev.bluegreen.demo.timeline.AnalysisMeasured;
import dev.bluegreen.demo.timeline.Color;
import dev.bluegreen.demo.timeline.ControllerState;
import dev.bluegreen.demo.timeline.DemoStep;
import dev.bluegreen.demo.timeline.KubeEvent;
import dev.bluegreen.demo.timeline.TimelineEvent;
import dev.bluegreen.demo.timeline.TrafficSwitch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * What the analysis checks of a run did, from its timeline: each check's measurements, and when
 * green turned bad ({@link DemoStep#GREEN_TURNS_BAD}), its errors showed in Prometheus ({@link
 * DemoStep#ERRORS_IN_PROMETHEUS}), a post-promotion measurement first failed, the controller rolled
 * back (its state's reason or its Event {@value KubeEvent#ROLLBACK}) and traffic was back on blue
 * (ADVANCED: the Ingress moves at the rollback, the output at the gates' cutover after it); each
 * since the demo started.
 *
 * @param checks per check, in the order of their first measurement
 * @param turnedBad when the demo turned green bad
 * @param errorsSeen when the demo first saw green's error rate above 0 in Prometheus
 * @param firstFailed the first failed (or error) post-promotion measurement after green turned bad
 * @param rollback the controller's automatic rollback after green turned bad
 * @param trafficBack the traffic switch back to blue after green turned bad
 */
public record AnalysisOutcome(
        List<CheckResult> checks,
        Optional<Duration> turnedBad,
        Optional<Duration> errorsSeen,
        Optional<Duration> firstFailed,
        Optional<Duration> rollback,
        Optional<Duration> trafficBack) {
    /** Copies the list. */
    public AnalysisOutcome {
        checks = List.copyOf(checks);
    }

    /** The outcome of {@code events}; empty when no check measured anything. */
    public static Optional<AnalysisOutcome> of(List<TimelineEvent> events) {
        List<CheckResult> checks = checks(events);
        if (checks.isEmpty()) {
            return Optional.empty();
        }
        var turnedBad = first(events, Duration.ZERO, e -> step(e, DemoStep.GREEN_TURNS_BAD));
        Duration from = turnedBad.orElse(Duration.ZERO);
        return Optional.of(
                new AnalysisOutcome(
                        checks,
                        turnedBad,
                        first(events, from, e -> step(e, DemoStep.ERRORS_IN_PROMETHEUS)),
                        first(events, from, e -> e instanceof AnalysisMeasured m && badAfter(m)),
                        first(events, from, AnalysisOutcome::rollback),
                        first(events, from, AnalysisOutcome::toBlue)));
    }

    /** Whether the controller rolled back by itself. */
    public boolean rolledBack() {
        return rollback.isPresent();
    }

    /** {@code at} as time since green turned bad, if both are known. */
    public Optional<Duration> sinceTurnedBad(Optional<Duration> at) {
        return turnedBad.flatMap(bad -> at.map(t -> t.minus(bad)));
    }

    private static List<CheckResult> checks(List<TimelineEvent> events) {
        Map<String, List<AnalysisMeasured>> byCheck = new LinkedHashMap<>();
        for (TimelineEvent event : events) {
            if (event instanceof AnalysisMeasured m) {
                byCheck.computeIfAbsent(m.stage() + "/" + m.check(), k -> new ArrayList<>()).add(m);
            }
        }
        return byCheck.values().stream().map(AnalysisOutcome::result).toList();
    }

    private static CheckResult result(List<AnalysisMeasured> measured) {
        Map<String, Integer> byPhase = new HashMap<>();
        measured.forEach(m -> byPhase.merge(m.phase(), 1, Integer::sum));
        AnalysisMeasured last = measured.get(measured.size() - 1);
        return new CheckResult(last.stage(), last.check(), byPhase, last.phase(), last.value());
    }

    /** The time of the first event at or after {@code from} that matches. */
    private static Optional<Duration> first(
            List<TimelineEvent> events, Duration from, Predicate<TimelineEvent> matches) {
        return events.stream()
                .filter(e -> e.at().compareTo(from) >= 0 && matches.test(e))
                .map(TimelineEvent::at)
                .findFirst();
    }

    private static boolean step(TimelineEvent event, String prefix) {
        return event instanceof DemoStep d && d.startsWith(prefix);
    }

    private static boolean badAfter(AnalysisMeasured m) {
        return m.postPromotion() && m.bad();
    }

    /** The controller's rollback: its state's reason or its Event, whichever the demo saw first. */
    private static boolean rollback(TimelineEvent event) {
        return event instanceof KubeEvent k && k.rollback()
                || event instanceof ControllerState s && s.reason().equals(KubeEvent.ROLLBACK);
    }

    private static boolean toBlue(TimelineEvent event) {
        return event instanceof TrafficSwitch t && t.color().orElse(null) == Color.BLUE;
    }
}
