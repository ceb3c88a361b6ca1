package dev.bluegreen.diff;

import java.util.Objects;

/**
 * One changed field of a spec and how it was classified.
 *
 * @param path the JSON path relative to the FlinkBlueGreenDeployment {@code spec}, e.g. {@code
 *     template.spec.job.parallelism} or {@code
 *     template.spec.flinkConfiguration["state.backend.type"]}
 * @param kind what this change alone costs (the rule's kind, resolved by value for job state and
 *     redeploy nonces)
 * @param rule the rule that classified it
 */
public record FieldChange(String path, ChangeKind kind, DiffRule rule) {

    /** Validates the components. */
    public FieldChange {
        Objects.requireNonNull(path, "path == null");
        Objects.requireNonNull(kind, "kind == null");
        Objects.requireNonNull(rule, "rule == null");
    }

    /** Returns e.g. {@code template.spec.image: TRANSITION (rule template.spec: ...)}. */
    @Override
    public String toString() {
        return path + ": " + kind + " (rule " + rule.selector() + ": " + rule.note() + ")";
    }
}
