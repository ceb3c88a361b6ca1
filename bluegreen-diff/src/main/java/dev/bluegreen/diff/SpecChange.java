package dev.bluegreen.diff;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The result of diffing two specs: the kind of the whole change (the highest kind among the changed
 * fields, IGNORE if none) and every changed field with the rule that classified it, sorted by path.
 *
 * <p>When the kind is SUSPEND or RESUME, the other changed fields are still listed: the controller
 * applies the whole desired spec in place (there is no running job to hand over while suspended).
 *
 * @param kind the kind of the whole change
 * @param changes every changed field, sorted by path; empty if the specs mean the same
 */
public record SpecChange(ChangeKind kind, List<FieldChange> changes) {

    /** Validates the components and makes the list immutable. */
    public SpecChange {
        Objects.requireNonNull(kind, "kind == null");
        changes = List.copyOf(Objects.requireNonNull(changes, "changes == null"));
    }

    /**
     * Returns the changed paths, sorted.
     *
     * @return an immutable list
     */
    public List<String> changedPaths() {
        List<String> paths = new ArrayList<>(changes.size());
        for (FieldChange change : changes) {
            paths.add(change.path());
        }
        return List.copyOf(paths);
    }

    /**
     * Returns the changes that decided the kind (those whose own kind equals {@link #kind()}), for
     * status conditions and events: "which field forced a transition".
     *
     * @return an immutable list, empty for IGNORE
     */
    public List<FieldChange> decisive() {
        List<FieldChange> decisive = new ArrayList<>();
        for (FieldChange change : changes) {
            if (change.kind() == kind) {
                decisive.add(change);
            }
        }
        return List.copyOf(decisive);
    }

    /**
     * Returns a one-line reason, e.g. {@code TRANSITION: template.spec.image (template.spec), and 2
     * more changed fields}, or {@code IGNORE: no change}.
     *
     * @return the reason, never empty
     */
    public String reason() {
        List<FieldChange> decisive = decisive();
        if (decisive.isEmpty()) {
            return kind + ": no change";
        }
        FieldChange first = decisive.get(0);
        String reason = kind + ": " + first.path() + " (" + first.rule().selector() + ")";
        int more = changes.size() - 1;
        return more == 0
                ? reason
                : reason + ", and " + more + " more changed field" + (more == 1 ? "" : "s");
    }
}
