package dev.bluegreen.operator.internal.dashboard;

import dev.bluegreen.operator.resource.AnalysisStatus;
import dev.bluegreen.operator.resource.HandbackStatus;

import java.time.Instant;
import java.util.List;

/**
 * What the pages show of one parent, taken from the informer cache and {@link ParentHistory}. Any
 * string may be {@code null} (shown as a dash) and may hold anything a user put into the resource.
 *
 * @param step what the controller does or waits for: the Progressing reason, and the running
 *     analysis run's phase
 * @param transitionStart when the last transition started (left a stable state), or {@code null}
 *     when none was observed
 * @param outcome how the last transition ended ({@code in flight} while it runs), or {@code null}
 * @param degraded the Degraded reason while Degraded is True, else {@code null}
 * @param progressing the Progressing reason while Progressing is True, else {@code null}
 * @param lastChange the newest observed state change, else the newest condition change, or {@code
 *     null}
 */
public record ParentView(
        String namespace,
        String name,
        String state,
        String activeColor,
        String mode,
        String step,
        Instant transitionStart,
        String outcome,
        String degraded,
        String progressing,
        Instant lastChange,
        List<ConditionView> conditions,
        List<StateChange> changes,
        List<EventNote> events,
        AnalysisStatus analysis,
        HandbackStatus handback,
        List<ChildView> children) {

    /** Copies the lists. */
    public ParentView {
        conditions = List.copyOf(conditions);
        changes = List.copyOf(changes);
        events = List.copyOf(events);
        children = List.copyOf(children);
    }

    /** One status condition. */
    public record ConditionView(
            String type, String status, String reason, String message, String since) {}

    /**
     * One child FlinkDeployment from the informer cache.
     *
     * @param flinkUi the Flink web UI address the child's {@code spec.ingress} gives, or {@code
     *     null}
     */
    public record ChildView(
            String color, String name, String lifecycle, String jobState, String flinkUi) {}
}
