/**
 * Classifies a change of a FlinkBlueGreenDeployment spec (ignore, update the parent only, patch the
 * child in place, or a full blue/green transition) and names the fields that caused it.
 *
 * <p>Entry point: {@link dev.bluegreen.diff.SpecDiffer#diff}, which returns a {@link
 * dev.bluegreen.diff.SpecChange} (a {@link dev.bluegreen.diff.ChangeKind} plus every changed path
 * with its {@link dev.bluegreen.diff.DiffRule}). Policies are {@link dev.bluegreen.diff.DiffRules}
 * tables; the default table is documented in docs/diff-rules.md.
 *
 * <p>Dependencies: the JDK and Jackson only. Works on JSON trees, never on typed CRD classes. Never
 * reads a clock, never logs.
 */
package dev.bluegreen.diff;
