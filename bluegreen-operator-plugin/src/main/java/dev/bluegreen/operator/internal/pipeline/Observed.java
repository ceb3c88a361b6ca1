package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.gate.channel.GateControl;
import dev.bluegreen.operator.internal.apply.LiveTraffic;
import dev.bluegreen.operator.internal.config.ParsedOptions;
import dev.bluegreen.operator.internal.pipeline.decide.ParentObservation;
import dev.bluegreen.operator.internal.validate.SpecProblem;

import java.util.List;

/**
 * What the observe stage hands on: the observation value, and what the later stages need besides
 * it. Immutable.
 *
 * @param value the observation; {@code null} when the parent is gone (deleted meanwhile)
 * @param atRest the parent rested at its last reconcile and nothing it was decided on changed
 *     (nothing more was read)
 * @param options the parent's options, parsed once for this reconcile
 * @param problems what is wrong with the spec (the validator with the installed CRD's schema, and
 *     an HTTPRoute the cluster cannot have); no request-costing read is made when there is one
 * @param gate ADVANCED mode: the open gate channel the command goes to, else {@code null}
 * @param inputs what the decision is made from, for the resting shortcut
 * @param traffic the parent's Ingress and HTTPRoute from the informer caches
 * @param actedOn the spec is valid and the status readable: the controller acts on the parent (its
 *     row's request-costing reads were made)
 */
public record Observed(
        ParentObservation value,
        boolean atRest,
        ParsedOptions options,
        List<SpecProblem> problems,
        GateControl gate,
        Memory.Inputs inputs,
        LiveTraffic traffic,
        boolean actedOn) {

    /** A parent that is gone, or rests on unchanged inputs: nothing to decide. */
    static Observed resting(ParentObservation value) {
        return new Observed(value, true, null, List.of(), null, null, LiveTraffic.NONE, false);
    }

    /** This with what the request-costing reads gave: {@code seen} and the open gate channel. */
    Observed read(ParentObservation seen, GateControl channel) {
        return new Observed(seen, atRest, options, problems, channel, inputs, traffic, true);
    }

    /** This with {@code seen} as the observation. */
    Observed with(ParentObservation seen) {
        return new Observed(seen, atRest, options, problems, gate, inputs, traffic, actedOn);
    }
}
