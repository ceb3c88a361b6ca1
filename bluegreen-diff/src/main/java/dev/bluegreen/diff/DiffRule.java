package dev.bluegreen.diff;

import dev.bluegreen.diff.internal.JsonPaths;

import java.util.List;
import java.util.Objects;

/**
 * One entry of a {@link DiffRules} table: which changed fields it matches and what kind of change
 * they cost.
 *
 * <p>A rule matches either by <b>path pattern</b> ({@link #path}), relative to the
 * FlinkBlueGreenDeployment {@code spec}: dot-separated keys, {@code ["key.with.dots"]} for other
 * keys, {@code [0]} for array indexes, and {@code *} for any one segment; the pattern matches the
 * path itself and everything below it. Or it matches by <b>flinkConfiguration key prefix</b>
 * ({@link #flinkConfigPrefix}): a key of {@code template.spec.flinkConfiguration} (after
 * flattening) that starts with the prefix, as upstream's {@code @SpecDiff.Config} does.
 *
 * <p>Two kinds depend on the new value, not only on the path: a rule of kind {@link
 * ChangeKind#SUSPEND} or {@link ChangeKind#RESUME} yields SUSPEND when the new value is {@code
 * suspended} and RESUME otherwise; a rule of kind {@link ChangeKind#SAVEPOINT_REDEPLOY} yields
 * PATCH_CHILD when the new value is absent (removing a nonce redeploys nothing).
 *
 * <p>Instances are immutable and thread-safe; equality is by target, pattern, kind and note.
 */
public final class DiffRule {

    /** What a rule's pattern is matched against. */
    public enum Target {
        /** A path pattern, matched segment by segment from the spec root. */
        PATH,
        /** A prefix of a (flattened) {@code template.spec.flinkConfiguration} key. */
        FLINK_CONFIG_PREFIX
    }

    /** The path of the Flink configuration map that prefix rules look into. */
    public static final String FLINK_CONFIGURATION = "template.spec.flinkConfiguration";

    private static final List<String> FLINK_CONFIGURATION_SEGMENTS =
            JsonPaths.parse(FLINK_CONFIGURATION);

    private final Target target;
    private final String pattern;
    private final ChangeKind kind;
    private final String note;
    private final List<String> segments;

    private DiffRule(Target target, String pattern, ChangeKind kind, String note) {
        this.target = Objects.requireNonNull(target, "target == null");
        this.pattern = Objects.requireNonNull(pattern, "pattern == null");
        this.kind = Objects.requireNonNull(kind, "kind == null");
        this.note = Objects.requireNonNull(note, "note == null");
        this.segments =
                target == Target.PATH ? JsonPaths.parse(pattern) : FLINK_CONFIGURATION_SEGMENTS;
    }

    /**
     * Creates a rule that matches a path pattern and everything below it.
     *
     * @param pattern e.g. {@code template.spec.job.parallelism}, {@code template.*.podTemplate}
     * @param kind the kind of a change it matches
     * @param note why, shown in docs/diff-rules.md and in change reasons
     * @return the rule
     * @throws IllegalArgumentException if the pattern is empty or malformed
     */
    public static DiffRule path(String pattern, ChangeKind kind, String note) {
        return new DiffRule(Target.PATH, pattern, kind, note);
    }

    /**
     * Creates a rule that matches {@code template.spec.flinkConfiguration} keys starting with a
     * prefix (plain {@code startsWith}, as upstream: {@code kubernetes.operator} also matches
     * {@code kubernetes.operatorX}).
     *
     * @param prefix e.g. {@code kubernetes.operator}
     * @param kind the kind of a change it matches
     * @param note why, shown in docs/diff-rules.md and in change reasons
     * @return the rule
     */
    public static DiffRule flinkConfigPrefix(String prefix, ChangeKind kind, String note) {
        return new DiffRule(Target.FLINK_CONFIG_PREFIX, prefix, kind, note);
    }

    /** Returns what the pattern is matched against. */
    public Target target() {
        return target;
    }

    /** Returns the path pattern or the configuration key prefix, as given. */
    public String pattern() {
        return pattern;
    }

    /** Returns the kind of a change this rule matches. */
    public ChangeKind kind() {
        return kind;
    }

    /** Returns the human-readable reason for the rule. */
    public String note() {
        return note;
    }

    /**
     * Returns this rule with another kind (same target, pattern and note).
     *
     * @param newKind the kind
     * @return a new rule, or this one if the kind is the same
     */
    public DiffRule withKind(ChangeKind newKind) {
        return newKind == kind ? this : new DiffRule(target, pattern, newKind, note);
    }

    /**
     * Whether this rule selects the same fields as another (same target and pattern), so that one
     * replaces the other in a table.
     *
     * @param other the other rule
     * @return true if the selectors are the same
     */
    public boolean sameSelector(DiffRule other) {
        Objects.requireNonNull(other, "other == null");
        return target == other.target && pattern.equals(other.pattern);
    }

    /** Whether the rule matches a changed path given as segments from the spec root. */
    boolean matches(List<String> path) {
        if (path.size() < segments.size()) {
            return false;
        }
        for (int i = 0; i < segments.size(); i++) {
            String expected = segments.get(i);
            if (!expected.equals(JsonPaths.WILDCARD) && !expected.equals(path.get(i))) {
                return false;
            }
        }
        return target == Target.PATH
                || (path.size() == segments.size() + 1
                        && path.get(segments.size()).startsWith(pattern));
    }

    /**
     * Compares how specific two matching rules are: more path segments first, then fewer wildcards,
     * then (for prefix rules, which count as one wildcard key below {@code flinkConfiguration}) the
     * longer prefix.
     *
     * @return a positive number if this rule is more specific than {@code other}
     */
    int compareSpecificity(DiffRule other) {
        int bySegments = Integer.compare(segmentCount(), other.segmentCount());
        if (bySegments != 0) {
            return bySegments;
        }
        int byLiterals = Integer.compare(literalCount(), other.literalCount());
        return byLiterals != 0 ? byLiterals : Integer.compare(prefixLength(), other.prefixLength());
    }

    private int segmentCount() {
        return target == Target.PATH ? segments.size() : segments.size() + 1;
    }

    private int literalCount() {
        int literals = 0;
        for (String segment : segments) {
            literals += segment.equals(JsonPaths.WILDCARD) ? 0 : 1;
        }
        return literals;
    }

    private int prefixLength() {
        return target == Target.PATH ? -1 : pattern.length();
    }

    /**
     * Returns how the rule reads in docs and reasons: the path pattern, or {@code
     * template.spec.flinkConfiguration[prefix*]} for a prefix rule.
     */
    public String selector() {
        return target == Target.PATH ? pattern : FLINK_CONFIGURATION + "[" + pattern + "*]";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DiffRule other
                && sameSelector(other)
                && kind == other.kind
                && note.equals(other.note);
    }

    @Override
    public int hashCode() {
        return Objects.hash(target, pattern, kind, note);
    }

    @Override
    public String toString() {
        return selector() + " -> " + kind + " (" + note + ")";
    }
}
