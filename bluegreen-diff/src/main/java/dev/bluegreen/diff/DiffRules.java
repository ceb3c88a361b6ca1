package dev.bluegreen.diff;

import dev.bluegreen.diff.internal.JsonPaths;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import static dev.bluegreen.diff.ChangeKind.TRANSITION;

/**
 * The table of rules that classifies each changed field of a FlinkBlueGreenDeployment spec.
 *
 * <p><b>Most specific wins.</b> For a changed path, every matching rule is considered and the most
 * specific one classifies it: more path segments first, then fewer {@code *} wildcards, then a
 * longer flinkConfiguration key prefix (a prefix rule sits one level below {@code
 * template.spec.flinkConfiguration}, so it beats a rule on the map itself but loses to a rule on
 * one exact key). On a tie the rule added last wins, so an added rule overrides a default one. The
 * default table starts with the catch-all {@code *} → TRANSITION, so every path, including unknown
 * fields, is classified.
 *
 * <p><b>Rescale policy.</b> The rescale rules ({@link #RESCALE_RULES}) patch in place by default,
 * because the Flink operator rescales a FlinkDeployment itself; {@link #withRescaleAsTransition()}
 * turns every rule with one of these selectors into TRANSITION.
 *
 * <p>Example, a custom policy where an image change is patched in place and any {@code state.*}
 * configuration change is a transition even if a broader rule says otherwise:
 *
 * <pre>{@code
 * DiffRules rules = DiffRules.defaults().toBuilder()
 *         .rule(DiffRule.path("template.spec.image", ChangeKind.PATCH_CHILD, "image hot swap"))
 *         .rule(DiffRule.flinkConfigPrefix("state.", ChangeKind.TRANSITION, "state backend"))
 *         .build();
 * SpecChange change = new SpecDiffer(rules).diff(lastApplied, desired);
 * }</pre>
 *
 * <p>Instances are immutable and thread-safe.
 */
public final class DiffRules {

    /**
     * The rules on rescale-only fields, which {@link #withRescaleAsTransition()} switches: {@code
     * template.spec.job.parallelism}, {@code template.spec.taskManager.replicas} and the
     * flinkConfiguration key prefix {@code pipeline.jobvertex-parallelism-overrides}, all
     * PATCH_CHILD.
     */
    public static final List<DiffRule> RESCALE_RULES = DefaultRules.RESCALE;

    /** The rule used when no rule of the table matches a path: {@code *} → TRANSITION. */
    public static final DiffRule CATCH_ALL = DefaultRules.CATCH_ALL;

    private static final DiffRules DEFAULTS = new Builder(DefaultRules.ALL, false).build();

    private final List<DiffRule> declared;
    private final boolean rescaleAsTransition;
    private final List<DiffRule> effective;

    private DiffRules(List<DiffRule> declared, boolean rescaleAsTransition) {
        this.declared = List.copyOf(declared);
        this.rescaleAsTransition = rescaleAsTransition;
        List<DiffRule> rules = new ArrayList<>(declared.size());
        for (DiffRule rule : declared) {
            rules.add(
                    rescaleAsTransition && isRescaleRule(rule) ? rule.withKind(TRANSITION) : rule);
        }
        this.effective = List.copyOf(rules);
    }

    /**
     * Returns the default table (documented in docs/diff-rules.md), with rescales patched in place.
     *
     * @return the shared default instance
     */
    public static DiffRules defaults() {
        return DEFAULTS;
    }

    /**
     * Returns a builder with no rules: paths no rule matches are then unclassified and {@link
     * SpecDiffer} reports them as TRANSITION under the catch-all {@link #CATCH_ALL}.
     *
     * @return a new, empty builder
     */
    public static Builder builder() {
        return new Builder(List.of(), false);
    }

    /**
     * Returns a builder holding this table's rules (as declared, before the rescale switch) and its
     * rescale switch, to override or extend it.
     *
     * @return a new builder
     */
    public Builder toBuilder() {
        return new Builder(declared, rescaleAsTransition);
    }

    /**
     * Returns this table with rescale-only changes (see {@link #RESCALE_RULES}) classified as
     * TRANSITION instead of PATCH_CHILD.
     *
     * @return a new table
     */
    public DiffRules withRescaleAsTransition() {
        return toBuilder().rescaleAsTransition(true).build();
    }

    /** Returns whether rescale-only changes are transitions. Defaults to false. */
    public boolean rescaleAsTransition() {
        return rescaleAsTransition;
    }

    /**
     * Returns the rules in effect (the rescale switch applied), in the order they were added.
     *
     * @return an immutable list
     */
    public List<DiffRule> rules() {
        return effective;
    }

    /**
     * Returns the rule that classifies a changed path.
     *
     * @param path a path as reported in {@link FieldChange#path()}, e.g. {@code
     *     template.spec.flinkConfiguration["kubernetes.operator.x"]}
     * @return the most specific matching rule, or {@link #CATCH_ALL} if none matches
     * @throws IllegalArgumentException if the path is malformed
     * @throws NullPointerException if the path is null
     */
    public DiffRule ruleFor(String path) {
        Objects.requireNonNull(path, "path == null");
        return ruleFor(JsonPaths.parse(path));
    }

    DiffRule ruleFor(List<String> path) {
        DiffRule best = null;
        for (DiffRule rule : effective) {
            if (rule.matches(path) && (best == null || rule.compareSpecificity(best) >= 0)) {
                best = rule;
            }
        }
        return best == null ? CATCH_ALL : best;
    }

    private static boolean isRescaleRule(DiffRule rule) {
        for (DiffRule rescale : RESCALE_RULES) {
            if (rescale.sameSelector(rule)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DiffRules other
                && declared.equals(other.declared)
                && rescaleAsTransition == other.rescaleAsTransition;
    }

    @Override
    public int hashCode() {
        return Objects.hash(declared, rescaleAsTransition);
    }

    @Override
    public String toString() {
        return "DiffRules" + effective;
    }

    /** Builder of a {@link DiffRules} table. Not thread-safe; build one table per builder. */
    public static final class Builder {

        private final List<DiffRule> rules;
        private boolean rescaleAsTransition;

        private Builder(List<DiffRule> rules, boolean rescaleAsTransition) {
            this.rules = new ArrayList<>(rules);
            this.rescaleAsTransition = rescaleAsTransition;
        }

        /**
         * Adds a rule after all others, so it wins ties of specificity; a rule with the same
         * selector (target and pattern) is replaced.
         *
         * @param rule the rule, not null
         * @return this builder
         */
        public Builder rule(DiffRule rule) {
            Objects.requireNonNull(rule, "rule == null");
            rules.removeIf(rule::sameSelector);
            rules.add(rule);
            return this;
        }

        /**
         * Removes the rule with the same selector as the given one, if any.
         *
         * @param selectorOf a rule whose target and pattern select the rule to remove
         * @return this builder
         */
        public Builder remove(DiffRule selectorOf) {
            Objects.requireNonNull(selectorOf, "selectorOf == null");
            rules.removeIf(selectorOf::sameSelector);
            return this;
        }

        /**
         * Sets whether rescale-only changes ({@link #RESCALE_RULES}) are transitions. Defaults to
         * false (patched in place).
         *
         * @param enabled true to make rescales transitions
         * @return this builder
         */
        public Builder rescaleAsTransition(boolean enabled) {
            this.rescaleAsTransition = enabled;
            return this;
        }

        /**
         * Builds the immutable table.
         *
         * @return the table
         */
        public DiffRules build() {
            return new DiffRules(rules, rescaleAsTransition);
        }
    }
}
