/**
 * Adoption of a running FlinkDeployment as a parent's blue child, as pure decisions: what is
 * observed of the deployment ({@code AdoptionCandidate}), whether it may be adopted now ({@code
 * AdoptionRules}) and the stable spec it becomes ({@code AdoptedSpecs}). The one metadata write is
 * in {@code internal.apply}.
 */
package dev.bluegreen.operator.internal.adopt;
