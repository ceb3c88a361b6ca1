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
 * <p>The status of a reconcile is built once, by the report stage. The other stages hand on values:
 * a decision carried out ({@code Outcome.CarriedOut}), or a {@link
 * dev.bluegreen.operator.internal.pipeline.Finding} when a stage stops short of carrying one out
 * ({@code Outcome.StatusOnly}: an invalid spec or unreadable status, a failed extension, a plan not
 * carried out, an adoption step). {@code Report} alone maps them, through {@code StatusInputs}, to
 * a {@code status.StatusInput} and {@code status.StatusMapper} makes the status, its conditions and
 * its events ({@code PluginArchitectureTest} keeps it so). To add a status condition, reason or
 * event: when it follows from the decision or the observation, carry the fact in {@code Decision}
 * or {@code ParentObservation}, add a field to {@code StatusInput} filled in {@code
 * StatusInputs.decided}, and map it in {@code status} ({@code Conditions}, {@code StatusEvents});
 * when it is a new way for a stage to stop, add a {@code Finding} record, return it in an {@code
 * Outcome.StatusOnly} from the stage, and map it in {@code StatusInputs.of}. Either way the
 * reason's name is a constant in code, so the doc check finds it.
 *
 * <p>The controller package composes the stages and gives them its informers ({@link
 * dev.bluegreen.operator.internal.pipeline.Sources}) and its per-parent memory ({@link
 * dev.bluegreen.operator.internal.pipeline.Memory}); nothing here depends on the controller
 * package. With {@code -Dbluegreen.record.observations=<dir>} every decision is recorded as JSON
 * ({@code ObservationJson}) for replay without a cluster.
 */
package dev.bluegreen.operator.internal.pipeline;
