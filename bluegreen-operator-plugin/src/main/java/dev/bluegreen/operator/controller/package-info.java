/**
 * The reconciler's public API and its wiring: {@link
 * dev.bluegreen.operator.controller.BlueGreenReconciler} (the pipeline observe, validate, decide,
 * act, report for one parent, composed from the stages in {@link
 * dev.bluegreen.operator.internal.pipeline}), {@link
 * dev.bluegreen.operator.controller.BlueGreenController} (registration with a JOSDK operator), the
 * informers ({@code EventSources}, read by the stages through {@code InformerSources}), the traffic
 * objects' caches ({@code TrafficObjects}) and the reconciler's one memory per parent ({@code
 * ParentMemory}, with its views {@code StatusWrites}, {@code RestingParents}, {@code
 * DeletedChildren}, {@code BacklogWindows}; the stages see it through {@code PipelineMemory}).
 *
 * <p>The top of the plugin: may depend on every other package except {@code listener} and {@code
 * standalone} (which depend on it). It reads through JOSDK's informer caches and writes only
 * through {@link dev.bluegreen.operator.internal.apply}; it does not use the Kubernetes client DSL
 * itself ({@code PluginArchitectureTest}). Time comes from an injected clock.
 */
package dev.bluegreen.operator.controller;
