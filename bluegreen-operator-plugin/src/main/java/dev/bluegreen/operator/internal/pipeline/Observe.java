package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.core.Color;
import dev.bluegreen.ingress.ChildNames;
import dev.bluegreen.operator.internal.config.BlueGreenOptions;
import dev.bluegreen.operator.internal.config.ParsedOptions;
import dev.bluegreen.operator.internal.pipeline.decide.ParentObservation;
import dev.bluegreen.operator.internal.pipeline.decide.StateReads;
import dev.bluegreen.operator.internal.spec.ChildNaming;
import dev.bluegreen.operator.internal.status.UnreadableStatus;
import dev.bluegreen.operator.internal.validate.RouteChecks;
import dev.bluegreen.operator.internal.validate.SpecProblem;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The observe stage: reads everything one reconcile decides on, before anything is decided. First
 * what costs nothing (the parent, its children from the informer caches, the spec's problems
 * against the installed CRD's schema); a parent that rested on the same inputs stops there. Then,
 * for a parent the controller will act on, the reads of its row of {@link StateReads}: the
 * hand-over snapshot, the adoption candidate, the gate channel and the readiness readings. The
 * quota headroom is read by the decide stage, when the plan starts a new child.
 */
public final class Observe {
    private Observe() {}

    /**
     * Observes the parent {@code cached} stands for.
     *
     * @param cached the parent as JOSDK's informer holds it
     */
    public static Observed observe(FlinkBlueGreenDeployment cached, Round round) {
        FlinkBlueGreenDeployment parent = round.memory().current(cached);
        if (parent == null) {
            return Observed.resting(null); // deleted meanwhile: the cleaner runs next
        }
        round.memory().observed(parent);
        Sources sources = round.sources();
        var traffic = sources.traffic();
        if (round.memory().restsUnchanged(parent, sources::child, traffic, round.validator())) {
            return Observed.resting(ParentObservation.of(parent));
        }
        var inputs = round.memory().inputs(parent, sources::child, traffic, round.validator());
        ParsedOptions options = BlueGreenOptions.read(configuration(parent));
        var checked = traffic.checkedBy(round.memory().ingressCheck(parent));
        var base = new Observed(null, false, options, List.of(), null, inputs, checked, false);
        return validOrNot(parent, base, round);
    }

    /** The cached parts for a parent the controller will not act on, else all of its row. */
    private static Observed validOrNot(
            FlinkBlueGreenDeployment parent, Observed base, Round round) {
        List<SpecProblem> problems = problems(parent, base.options(), round);
        ParentObservation cachedOnly = children(parent, round.sources());
        if (problems.isEmpty() && UnreadableStatus.problems(parent.getStatus()).isEmpty()) {
            return costly(cachedOnly, base, round);
        }
        return new Observed(
                cachedOnly,
                false,
                base.options(),
                problems,
                null,
                base.inputs(),
                base.traffic(),
                false);
    }

    /** The spec's problems: the validator's, and an HTTPRoute the cluster cannot have. */
    private static List<SpecProblem> problems(
            FlinkBlueGreenDeployment parent, ParsedOptions options, Round round) {
        List<SpecProblem> problems =
                round.validator().validate(parent, parent.getStatus(), options);
        SpecProblem missing =
                RouteChecks.gatewayApiMissing(
                        parent.getSpec(), round.sources().httpRoutesInstalled());
        if (missing == null) {
            return problems;
        }
        var all = new ArrayList<>(problems);
        all.add(missing);
        return all;
    }

    /** The parent with its cached children (none when its name gives no child names). */
    private static ParentObservation children(FlinkBlueGreenDeployment parent, Sources sources) {
        ChildNames names;
        try {
            names = ChildNaming.names(parent);
        } catch (IllegalArgumentException invalidName) {
            return ParentObservation.of(parent);
        }
        return new ParentObservation(
                parent,
                sources.child(names.child(Color.BLUE)),
                sources.child(names.child(Color.GREEN)),
                null,
                null,
                null,
                null,
                null,
                null);
    }

    /** The reads of the parent's row of {@link StateReads}, for a parent the controller acts on. */
    private static Observed costly(ParentObservation seen, Observed base, Round round) {
        var row = new RowReads(seen, base.options().settings(), round);
        var gate = row.gate();
        var observed =
                new ParentObservation(
                        seen.parent(),
                        seen.blue(),
                        seen.green(),
                        row.snapshot(),
                        row.adoptionCandidate(),
                        gate.view(),
                        row.readiness(),
                        null,
                        null);
        return base.read(observed, gate.control());
    }

    private static Map<String, String> configuration(FlinkBlueGreenDeployment parent) {
        return parent.getSpec() == null ? null : parent.getSpec().getConfiguration();
    }
}
