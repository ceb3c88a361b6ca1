/**
 * The FlinkBlueGreenDeployment controller: a JOSDK reconciler that runs observe, validate, diff,
 * decide (the pure engine of {@code bluegreen-core}), apply and status on every reconcile, either
 * inside the upstream Flink Kubernetes Operator (the drop-in {@code listener}) or as its own
 * process ({@code standalone}). It is the only module of the project that talks to Kubernetes.
 *
 * <p>Rules, checked by {@code PluginArchitectureTest}: only {@link
 * dev.bluegreen.operator.internal.apply} uses the Kubernetes client DSL (every write, and the reads
 * that precede a write, go through it); only {@link dev.bluegreen.operator.listener} touches Flink
 * classes; no package uses the gate's Flink adapter ({@code dev.bluegreen.gate.flink}); {@link
 * dev.bluegreen.operator.internal.handover} is pure (no Kubernetes, no I/O, no clock reads); the
 * packages have no dependency cycles. Each package's {@code package-info} says what lives there and
 * what it may depend on.
 */
package dev.bluegreen.operator;
