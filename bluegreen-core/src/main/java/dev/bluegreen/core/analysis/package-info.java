/**
 * Analysis checks before and after the switch (issue 28): the pure rules of an analysis run ({@link
 * dev.bluegreen.core.analysis.CheckRules}), when a stage runs ({@link
 * dev.bluegreen.core.analysis.AnalysisWindow}), and the provider interface extensions implement
 * ({@link dev.bluegreen.core.analysis.MetricProvider}). The controller runs the providers and
 * evaluates the conditions; the engine reads only the resulting {@code AnalysisObservation}.
 *
 * <p>Dependencies: the JDK and {@code dev.bluegreen.core} only; no clock reads, no I/O.
 */
package dev.bluegreen.core.analysis;
