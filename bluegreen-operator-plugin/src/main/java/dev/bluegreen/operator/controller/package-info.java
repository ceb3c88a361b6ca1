/**
 * The reconciler and its wiring: {@link dev.bluegreen.operator.controller.BlueGreenReconciler}
 * (observe, validate, decide, apply, status for one parent), {@link
 * dev.bluegreen.operator.controller.BlueGreenController} (registration with a JOSDK operator), the
 * informers ({@code EventSources}), the pure decision step ({@code Decider}, {@code Decision},
 * {@code StatusInputs}, {@code Requeues}) and the reconciler's one memory per parent ({@code
 * ParentMemory}, with its views {@code StatusWrites}, {@code RestingParents}, {@code
 * DeletedChildren}, {@code BacklogWindows}).
 *
 * <p>The top of the plugin: may depend on every other package except {@code listener} and {@code
 * standalone} (which depend on it). It reads through JOSDK's informer caches and writes only
 * through {@link dev.bluegreen.operator.internal.apply}; it does not use the Kubernetes client DSL
 * itself ({@code PluginArchitectureTest}). Time comes from an injected clock.
 */
package dev.bluegreen.operator.controller;
