package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.core.Color;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.ingress.ChildNames;
import dev.bluegreen.ingress.ResourceNames;
import dev.bluegreen.operator.internal.config.BlueGreenSettings;
import dev.bluegreen.operator.internal.observe.ObservationReader;
import dev.bluegreen.operator.internal.pipeline.decide.ParentObservation;
import dev.bluegreen.operator.internal.pipeline.decide.Readiness;
import dev.bluegreen.operator.internal.pipeline.decide.Readings;
import dev.bluegreen.operator.internal.pipeline.decide.StateReads;
import dev.bluegreen.operator.internal.pipeline.decide.StateReads.Read;
import dev.bluegreen.operator.internal.spec.ChildNaming;
import dev.bluegreen.operator.internal.status.RecordCodec;
import dev.bluegreen.operator.resource.TransitionMode;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The reads of one parent's row of {@link StateReads} in one reconcile: each is made only when the
 * row names it under this reconcile's conditions, else it gives nothing. One per reconcile.
 */
final class RowReads {
    private final ParentObservation seen;
    private final BlueGreenSettings settings;
    private final TransitionRecord record;
    private final Set<Read> reads;
    private final Map<String, GenericKubernetesResource> children;
    private final Round round;

    /** The reads for the parent and children of {@code seen}, a parent the controller acts on. */
    RowReads(ParentObservation seen, BlueGreenSettings settings, Round round) {
        this.seen = seen;
        this.settings = settings;
        this.record = RecordCodec.read(seen.parent().getStatus());
        this.reads = reads(seen, settings, record);
        this.children = childrenByName(seen);
        this.round = round;
    }

    /** The reads the parent's row makes (the quota aside: that is the decide stage's). */
    static Set<Read> reads(
            ParentObservation seen, BlueGreenSettings settings, TransitionRecord record) {
        var parent = seen.parent();
        StateReads.Row row =
                ChildNaming.adoptionPending(parent)
                        ? StateReads.adoptionPending()
                        : StateReads.of(record.state());
        boolean advanced = parent.getSpec().getTransitionMode() == TransitionMode.ADVANCED;
        boolean waiting = mayWait(row, seen, settings, record);
        boolean snapshot = record.savepoint() != null;
        return row.under(new StateReads.Conditions(advanced, waiting, snapshot, false, false));
    }

    /** Whether the row reads readiness facts and the transition waits for them. */
    private static boolean mayWait(
            StateReads.Row row,
            ParentObservation seen,
            BlueGreenSettings settings,
            TransitionRecord record) {
        return row.reads().get(Read.READINESS) != StateReads.When.NEVER
                && Readiness.waitingFor(
                                record,
                                settings.readinessChecks(),
                                c -> ObservationReader.child(seen.child(c)))
                        .isPresent();
    }

    /** The hand-over snapshot the record names, from the cache. */
    GenericKubernetesResource snapshot() {
        if (!reads.contains(Read.SNAPSHOT)) {
            return null;
        }
        String parent = seen.parent().getMetadata().getName();
        String token = record.savepoint().snapshotName();
        return round.sources().snapshot(ResourceNames.savepointSnapshot(parent, token));
    }

    /** The FlinkDeployment a pending adoption names (one GET). */
    GenericKubernetesResource adoptionCandidate() {
        return reads.contains(Read.ADOPTION_CANDIDATE)
                ? round.readers().adoptionCandidate(seen.parent())
                : null;
    }

    /** The open gate channel and what it said (ADVANCED mode); nothing otherwise. */
    Readers.Gate gate() {
        return reads.contains(Read.GATE_CHANNEL)
                ? round.readers().gate(seen.parent(), settings, children::get)
                : new Readers.Gate(null, null);
    }

    /** The children's REST readings while the transition waits for readiness. */
    Readings readiness() {
        if (!reads.contains(Read.READINESS)) {
            return null;
        }
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
        var byName = new HashMap<String, GenericKubernetesResource>();
        for (Color color : Color.values()) {
            if (seen.child(color) != null) {
                byName.put(names.child(color), seen.child(color));
            }
        }
        return byName;
    }
}
