/**
 * Analysis checks in the controller (issue 28): the providers ({@code prometheus}, {@code web},
 * {@code flink} and extension providers), the CEL conditions that judge their results, and the
 * mapping between the pure run rules of {@code dev.bluegreen.core.analysis} and {@code
 * status.analysis}.
 */
package dev.bluegreen.operator.internal.analysis;
