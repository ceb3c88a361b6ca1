package dev.bluegreen.diff;

import dev.bluegreen.diff.internal.JsonPaths;
import dev.bluegreen.diff.internal.SpecNormalizer;
import dev.bluegreen.diff.internal.TreeDiff;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * The differ that decides whether a FlinkBlueGreenDeployment spec change costs a full blue/green
 * transition, is patched into the running child, only touches the parent, or is nothing.
 *
 * <p>Input is the JSON tree of the {@code spec} (with {@code configuration}, {@code ingress},
 * {@code template.metadata}, {@code template.spec}); no typed FlinkDeployment classes, so fields
 * added by newer operator versions are compared too (and classified by the rules, TRANSITION by
 * default). Before comparing, both sides are normalized: null, absent and empty values are equal;
 * flinkConfiguration and configuration are flattened, numbers equal their string form, and
 * durations and memory sizes with units compare by value as Flink parses them; map key order does
 * not matter; top-level pod template fields outside apiVersion, kind, metadata and spec are ignored
 * (upstream FLINK-38517).
 *
 * <p>Inputs are never modified. Instances are immutable and thread-safe.
 */
public final class SpecDiffer {

    private static final SpecDiffer DEFAULT = new SpecDiffer(DiffRules.defaults());

    private final DiffRules rules;

    /**
     * Creates a differ with a rules table.
     *
     * @param rules the rules, e.g. {@code DiffRules.defaults().withRescaleAsTransition()}
     */
    public SpecDiffer(DiffRules rules) {
        this.rules = Objects.requireNonNull(rules, "rules == null");
    }

    /**
     * Returns the differ with {@link DiffRules#defaults()}.
     *
     * @return the shared default differ
     */
    public static SpecDiffer withDefaults() {
        return DEFAULT;
    }

    /** Returns the rules this differ classifies with. */
    public DiffRules rules() {
        return rules;
    }

    /**
     * Classifies the change from the last applied spec to the desired spec.
     *
     * @param lastApplied the spec the children currently run, as a JSON tree; not modified
     * @param desired the spec the user wants, as a JSON tree; not modified
     * @return the kind and the changed fields, sorted by path
     * @throws InvalidSpecException if either spec is not an object, lacks a {@code template.spec}
     *     object, or a known field has the wrong type; the exception names the path and the side
     */
    public SpecChange diff(JsonNode lastApplied, JsonNode desired) {
        JsonNode before = SpecNormalizer.normalize(lastApplied, "last applied");
        JsonNode after = SpecNormalizer.normalize(desired, "desired");
        List<FieldChange> changes = changes(before, after);
        ChangeKind kind = ChangeKind.IGNORE;
        for (FieldChange change : changes) {
            kind = kind.max(change.kind());
        }
        return new SpecChange(kind, changes);
    }

    /** The changed fields between two normalized specs, sorted by path. */
    private List<FieldChange> changes(JsonNode before, JsonNode after) {
        List<FieldChange> changes = new ArrayList<>();
        TreeDiff.walk(
                before,
                after,
                (path, old, now) -> {
                    DiffRule rule = rules.ruleFor(path);
                    changes.add(
                            new FieldChange(
                                    JsonPaths.render(path), resolve(rule.kind(), now), rule));
                });
        changes.sort(Comparator.comparing(FieldChange::path));
        return changes;
    }

    private static ChangeKind resolve(ChangeKind ruleKind, JsonNode newValue) {
        return switch (ruleKind) {
            case SUSPEND, RESUME ->
                    newValue != null && "suspended".equals(newValue.asText())
                            ? ChangeKind.SUSPEND
                            : ChangeKind.RESUME;
            case SAVEPOINT_REDEPLOY ->
                    newValue == null ? ChangeKind.PATCH_CHILD : ChangeKind.SAVEPOINT_REDEPLOY;
            default -> ruleKind;
        };
    }
}
