package dev.bluegreen.operator.internal.dashboard;

import dev.bluegreen.core.Color;
import dev.bluegreen.operator.internal.spec.ChildNaming;
import dev.bluegreen.operator.resource.AnalysisRunStatus;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Builds the {@link ParentView} of a cached parent: its status, its {@link ParentHistory}, and its
 * children from the children informer's cache. Reads nothing else; never a Secret.
 */
final class ParentViews {
    private ParentViews() {}

    /**
     * The view of {@code parent}.
     *
     * @param children the cached child FlinkDeployment by namespace and name, or {@code null}
     */
    static ParentView of(
            FlinkBlueGreenDeployment parent,
            ParentHistory history,
            BiFunction<String, String, GenericKubernetesResource> children) {
        String namespace = parent.getMetadata().getNamespace();
        String name = parent.getMetadata().getName();
        var status = statusOf(parent);
        List<StateChange> changes = history.changes(namespace, name);
        List<ParentView.ConditionView> conditions = conditions(status.getConditions());
        return new ParentView(
                namespace,
                name,
                status.getState(),
                status.getActiveColor(),
                status.getTransitionModeText(),
                step(status),
                Transitions.start(changes),
                Transitions.outcome(changes),
                trueReason(conditions, "Degraded"),
                trueReason(conditions, "Progressing"),
                lastChange(changes, conditions),
                conditions,
                changes,
                history.events(namespace, name),
                status.getAnalysis(),
                status.getHandback(),
                children(parent, children));
    }

    private static FlinkBlueGreenDeploymentStatus statusOf(FlinkBlueGreenDeployment parent) {
        return parent.getStatus() == null
                ? new FlinkBlueGreenDeploymentStatus()
                : parent.getStatus();
    }

    private static String step(FlinkBlueGreenDeploymentStatus status) {
        String reason = null;
        for (Condition c : status.getConditions()) {
            if ("Progressing".equals(c.getType())) {
                reason = c.getReason();
            }
        }
        AnalysisRunStatus run = running(status);
        if (run == null) {
            return reason;
        }
        return (reason == null ? "" : reason + ", ") + "analysis " + run.getPhase();
    }

    /** The analysis run still measuring, or {@code null}. */
    private static AnalysisRunStatus running(FlinkBlueGreenDeploymentStatus status) {
        var analysis = status.getAnalysis();
        if (analysis == null) {
            return null;
        }
        for (AnalysisRunStatus run :
                new AnalysisRunStatus[] {analysis.getPostPromotion(), analysis.getPrePromotion()}) {
            if (run != null && "Running".equals(run.getPhase())) {
                return run;
            }
        }
        return null;
    }

    private static List<ParentView.ConditionView> conditions(List<Condition> conditions) {
        List<ParentView.ConditionView> views = new ArrayList<>();
        for (Condition c : conditions == null ? List.<Condition>of() : conditions) {
            views.add(
                    new ParentView.ConditionView(
                            c.getType(),
                            c.getStatus(),
                            c.getReason(),
                            c.getMessage(),
                            c.getLastTransitionTime()));
        }
        return views;
    }

    private static String trueReason(List<ParentView.ConditionView> conditions, String type) {
        for (var c : conditions) {
            if (type.equals(c.type()) && "True".equals(c.status())) {
                return c.reason() == null ? "True" : c.reason();
            }
        }
        return null;
    }

    /** The newest observed change, else the newest condition transition, or {@code null}. */
    private static Instant lastChange(
            List<StateChange> changes, List<ParentView.ConditionView> conditions) {
        if (!changes.isEmpty()) {
            return changes.get(changes.size() - 1).at();
        }
        Instant newest = null;
        for (var c : conditions) {
            Instant since = instant(c.since());
            if (since != null && (newest == null || since.isAfter(newest))) {
                newest = since;
            }
        }
        return newest;
    }

    /** {@code text} as an instant, or {@code null} when it is none. */
    static Instant instant(String text) {
        if (text == null) {
            return null;
        }
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static List<ParentView.ChildView> children(
            FlinkBlueGreenDeployment parent,
            BiFunction<String, String, GenericKubernetesResource> cache) {
        List<ParentView.ChildView> views = new ArrayList<>();
        if (cache == null) {
            return views;
        }
        String namespace = parent.getMetadata().getNamespace();
        for (Color color : Color.values()) {
            String childName;
            try {
                childName = ChildNaming.names(parent).child(color);
            } catch (IllegalArgumentException e) {
                return views; // the spec is invalid; the controller says so in InvalidSpec
            }
            GenericKubernetesResource child = cache.apply(namespace, childName);
            if (child != null) {
                views.add(child(color, namespace, childName, child));
            }
        }
        return views;
    }

    private static ParentView.ChildView child(
            Color color, String namespace, String name, GenericKubernetesResource child) {
        Map<String, Object> props = child.getAdditionalProperties();
        Object status = props.get("status");
        String lifecycle = null;
        String job = null;
        if (status instanceof Map<?, ?> s) {
            lifecycle = s.get("lifecycleState") instanceof String l ? l : null;
            job =
                    s.get("jobStatus") instanceof Map<?, ?> j && j.get("state") instanceof String st
                            ? st
                            : null;
        }
        return new ParentView.ChildView(
                color.name().toLowerCase(java.util.Locale.ROOT),
                name,
                lifecycle,
                job,
                FlinkUiLinks.of(props.get("spec"), namespace, name));
    }
}
