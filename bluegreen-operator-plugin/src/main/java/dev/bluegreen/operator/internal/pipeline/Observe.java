package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.core.Color;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.ingress.ChildNames;
import dev.bluegreen.ingress.ResourceNames;
import dev.bluegreen.operator.internal.config.BlueGreenOptions;
import dev.bluegreen.operator.internal.config.BlueGreenSettings;
import dev.bluegreen.operator.internal.config.ParsedOptions;
import dev.bluegreen.operator.internal.observe.ObservationReader;
import dev.bluegreen.operator.internal.pipeline.decide.ParentObservation;
import dev.bluegreen.operator.internal.pipeline.decide.Readiness;
import dev.bluegreen.operator.internal.pipeline.decide.Readings;
import dev.bluegreen.operator.internal.pipeline.decide.StateReads;
import dev.bluegreen.operator.internal.pipeline.decide.StateReads.Read;
import dev.bluegreen.operator.internal.spec.ChildNaming;
import dev.bluegreen.operator.internal.status.RecordCodec;
import dev.bluegreen.operator.internal.status.UnreadableStatus;
import dev.bluegreen.operator.internal.validate.RouteChecks;
import dev.bluegreen.operator.internal.validate.SpecProblem;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.resource.TransitionMode;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
        var sources = round.sources();
        var traffic = sources.traffic();
        if (round.memory().restsUnchanged(parent, sources::child, traffic, round.validator())) {
            return Observed.resting(
                    new ParentObservation(parent, null, null, null, null, null, null, null));
        }
        var inputs = round.memory().inputs(parent, sources::child, traffic, round.validator());
        ParsedOptions options = BlueGreenOptions.read(configuration(parent));
        List<SpecProblem> problems = problems(parent, options, round);
        ParentObservation cachedOnly = children(parent, sources);
        if (!problems.isEmpty() || !UnreadableStatus.problems(parent.getStatus()).isEmpty()) {
            return new Observed(cachedOnly, false, options, problems, null, inputs, traffic);
        }
        var base = new Observed(null, false, options, List.of(), null, inputs, traffic);
        return costly(cachedOnly, base, round);
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
            return new ParentObservation(parent, null, null, null, null, null, null, null);
        }
        return new ParentObservation(
                parent,
                sources.child(names.child(Color.BLUE)),
                sources.child(names.child(Color.GREEN)),
                null,
                null,
                null,
                null,
                null);
    }

    /** The reads of the parent's row of {@link StateReads}, for a parent the controller acts on. */
    private static Observed costly(ParentObservation seen, Observed base, Round round) {
        var parent = seen.parent();
        BlueGreenSettings settings = base.options().settings();
        TransitionRecord record = RecordCodec.read(parent.getStatus());
        Set<Read> reads = reads(seen, settings, record);
        Map<String, GenericKubernetesResource> children = childrenByName(seen);
        var gate =
                reads.contains(Read.GATE_CHANNEL)
                        ? round.readers().gate(parent, settings, children::get)
                        : new Readers.Gate(null, null);
        var observed =
                new ParentObservation(
                        parent,
                        seen.blue(),
                        seen.green(),
                        reads.contains(Read.SNAPSHOT) ? snapshot(parent, record, round) : null,
                        reads.contains(Read.ADOPTION_CANDIDATE)
                                ? round.readers().adoptionCandidate(parent)
                                : null,
                        gate.view(),
                        reads.contains(Read.READINESS)
                                ? readiness(seen, children, record, settings, round)
                                : null,
                        null);
        return base.read(observed, gate.control());
    }

    /** The reads the parent's row makes in this reconcile (the quota aside: see DecideStage). */
    static Set<Read> reads(
            ParentObservation seen, BlueGreenSettings settings, TransitionRecord record) {
        var parent = seen.parent();
        StateReads.Row row =
                ChildNaming.adoptionPending(parent)
                        ? StateReads.adoptionPending()
                        : StateReads.of(record.state());
        boolean mayWait =
                row.reads().get(Read.READINESS) != StateReads.When.NEVER
                        && Readiness.waitingFor(
                                        record,
                                        settings.readinessChecks(),
                                        c -> ObservationReader.child(seen.child(c)))
                                .isPresent();
        return row.under(
                new StateReads.Conditions(
                        parent.getSpec().getTransitionMode() == TransitionMode.ADVANCED,
                        mayWait,
                        record.savepoint() != null,
                        false));
    }

    private static GenericKubernetesResource snapshot(
            FlinkBlueGreenDeployment parent, TransitionRecord record, Round round) {
        String name =
                ResourceNames.savepointSnapshot(
                        parent.getMetadata().getName(), record.savepoint().snapshotName());
        return round.sources().snapshot(name);
    }

    private static Readings readiness(
            ParentObservation seen,
            Map<String, GenericKubernetesResource> children,
            TransitionRecord record,
            BlueGreenSettings settings,
            Round round) {
        return round.readers()
                .readiness(
                        seen.parent(),
                        children::get,
                        record,
                        ObservationReader.child(seen.blue()),
                        ObservationReader.child(seen.green()),
                        settings,
                        round.memory().backlogWindow(seen.parent()),
                        round.now());
    }

    /** The observed children by object name (what the REST readers look the jobs up in). */
    private static Map<String, GenericKubernetesResource> childrenByName(ParentObservation seen) {
        ChildNames names = ChildNaming.names(seen.parent());
        var byName = new java.util.HashMap<String, GenericKubernetesResource>();
        for (Color color : Color.values()) {
            if (seen.child(color) != null) {
                byName.put(names.child(color), seen.child(color));
            }
        }
        return byName;
    }

    private static Map<String, String> configuration(FlinkBlueGreenDeployment parent) {
        return parent.getSpec() == null ? null : parent.getSpec().getConfiguration();
    }
}
