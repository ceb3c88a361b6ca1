package dev.bluegreen.core.analysis;

import dev.bluegreen.core.Color;

import java.util.Map;
import java.util.Objects;

/**
 * What an analysis provider measures: the resource, the stage, the child judged and the one it is
 * compared with, and the check's own parameters.
 *
 * @param namespace the resource's namespace
 * @param parent the resource's name
 * @param stage the stage the check runs in
 * @param candidate the colour judged (the incoming child before the switch, the new serving child
 *     after it)
 * @param candidateChild the FlinkDeployment name of the judged child
 * @param incumbentChild the FlinkDeployment name of the other child
 * @param parameters the check's provider parameters ({@code
 *     spec.analysis...provider.extension.parameters})
 */
public record MetricRequest(
        String namespace,
        String parent,
        AnalysisStage stage,
        Color candidate,
        String candidateChild,
        String incumbentChild,
        Map<String, String> parameters) {
    public MetricRequest {
        Objects.requireNonNull(namespace, "namespace == null");
        Objects.requireNonNull(parent, "parent == null");
        Objects.requireNonNull(stage, "stage == null");
        Objects.requireNonNull(candidate, "candidate == null");
        Objects.requireNonNull(candidateChild, "candidateChild == null");
        Objects.requireNonNull(incumbentChild, "incumbentChild == null");
        parameters = parameters == null ? Map.of() : Map.copyOf(parameters);
    }

    /** The child of {@code color}: the candidate's or the incumbent's name. */
    public String child(Color color) {
        return color == candidate ? candidateChild : incumbentChild;
    }
}
