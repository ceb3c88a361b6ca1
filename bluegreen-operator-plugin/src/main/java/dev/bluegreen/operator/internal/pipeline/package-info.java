/**
 * The reconcile as a pipeline of stages, each a class with one public method that takes the
 * previous stage's {@link dev.bluegreen.operator.internal.pipeline.Outcome} and hands on every
 * outcome it does not act on: {@link dev.bluegreen.operator.internal.pipeline.Observe} (one
 * observation value, read before anything is decided, with the reads its state needs: {@code
 * decide.StateReads}), {@link dev.bluegreen.operator.internal.pipeline.Validate}, {@link
 * dev.bluegreen.operator.internal.pipeline.Resolve} (the extension a parent names, through {@code
 * internal.extension}), {@link dev.bluegreen.operator.internal.pipeline.DecideStage} (the pure
 * {@code decide.Decide}, and the quota read when the plan starts a new child), {@link
 * dev.bluegreen.operator.internal.pipeline.Act} (the plan executor, the adoption step) and {@link
 * dev.bluegreen.operator.internal.pipeline.Report} (status, events, memory, requeue). The readers
 * that cost a request ({@code LiveReaders}: {@code GateReading}, {@code ReadinessProbe}, the quota,
 * the adoption candidate) live here, beside the writers they use from {@code apply}.
 *
 * <p>The controller package composes the stages and gives them its informers ({@link
 * dev.bluegreen.operator.internal.pipeline.Sources}) and its per-parent memory ({@link
 * dev.bluegreen.operator.internal.pipeline.Memory}); nothing here depends on the controller
 * package. With {@code -Dbluegreen.record.observations=<dir>} every decision is recorded as JSON
 * ({@code ObservationJson}) for replay without a cluster.
 */
package dev.bluegreen.operator.internal.pipeline;
