/**
 * The writer: {@link dev.bluegreen.operator.internal.apply.PlanExecutor} carries out the engine's
 * actions (children, snapshots, the parent Ingress and HTTPRoute), writes the parent status and
 * emits events; also the few direct API reads the other packages need (the live parent, installed
 * CRDs, quotas, the Lease), and the gate's ConfigMap channel.
 *
 * <p>The only package that may use the Kubernetes client DSL ({@code
 * io.fabric8.kubernetes.client.dsl}, {@code .http}); {@code PluginArchitectureTest} checks it.
 * Writes are creates, PUTs with the live resourceVersion or deletes, skipped when the live object
 * already matches. May depend on {@code spec}, {@code status}, {@code observe}, {@code config} and
 * {@code resource}, never on {@code controller} (which calls it).
 */
package dev.bluegreen.operator.internal.apply;
