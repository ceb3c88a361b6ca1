/**
 * Reading what the children report: {@link
 * dev.bluegreen.operator.internal.observe.ObservationReader} turns a cached child FlinkDeployment,
 * a FlinkStateSnapshot and the parent's command annotations into the engine's observations; {@code
 * ChildError}, {@code ErrorText} and {@code ErrorHints} read and explain a child's error; {@link
 * dev.bluegreen.operator.internal.observe.JobManagerReports} reads the gate's reports from a
 * child's JobManager REST API (ADVANCED mode); {@link
 * dev.bluegreen.operator.internal.observe.ReadinessMetrics} reads a job's source backlog and
 * completed checkpoints from the same API for the readiness checks.
 *
 * <p>Pure functions of the objects passed in, except {@code JobManagerReports}, {@code
 * ReadinessMetrics} and {@code JobManagerGet}, which make HTTP GETs to the JobManager (never to the
 * Kubernetes API: no client DSL here). Depends on {@code bluegreen-core}, the gate's rule and on
 * {@code spec}.
 */
package dev.bluegreen.operator.internal.observe;
