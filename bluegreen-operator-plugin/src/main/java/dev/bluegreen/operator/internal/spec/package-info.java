/**
 * Facts built from a parent spec: the desired child FlinkDeployments ({@link
 * dev.bluegreen.operator.internal.spec.ChildSpecs}, with {@code ChildMerge}, {@code
 * ColorTemplating}, {@code ColorConfig}, {@code GateConfig}), the canonical spec JSON and its ref
 * ({@code SpecJson}, {@code SpecRefs}), child labels and ownership, requested capacity, the Ingress
 * API choice, and the desired parent HTTPRoute per state ({@code ParentRoutes}, {@code RouteSpecs},
 * {@code RestBackends}).
 *
 * <p>Pure functions, no I/O. Depends on {@code resource} and {@code config} and on the core, diff
 * and ingress modules.
 */
package dev.bluegreen.operator.internal.spec;
