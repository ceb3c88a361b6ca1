package dev.bluegreen.operator.controller;

import dev.bluegreen.core.ChangeKind;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.DesiredSpec;
import dev.bluegreen.core.Observation;
import dev.bluegreen.core.SnapshotObservation;
import dev.bluegreen.core.TransitionEngine;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.diff.SpecDiffer;
import dev.bluegreen.diff.TemplateView;
import dev.bluegreen.ingress.ChildNames;
import dev.bluegreen.ingress.ResourceNames;
import dev.bluegreen.operator.internal.config.BlueGreenSettings;
import dev.bluegreen.operator.internal.handover.GateView;
import dev.bluegreen.operator.internal.observe.ChildError;
import dev.bluegreen.operator.internal.observe.GateHealth;
import dev.bluegreen.operator.internal.observe.ObservationReader;
import dev.bluegreen.operator.internal.spec.ChildNaming;
import dev.bluegreen.operator.internal.spec.SpecJson;
import dev.bluegreen.operator.internal.status.RecordCodec;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * observe -> diff -> decide for one parent: reads the record from the status, classifies the
 * desired spec against the last stable spec, observes both children and the hand-over snapshot, and
 * asks the engine. No I/O of its own: children and snapshots come from the caller's lookup, the
 * readiness facts from the caller's {@link ReadinessProbe}.
 */
final class Decider {
    private Decider() {}

    /**
     * Decides for {@code parent}.
     *
     * @param options the parent's options, parsed once for this reconcile
     * @param children cached child by object name, or {@code null}
     * @param snapshots cached snapshot by object name, or {@code null}
     * @param gate what was read from the gate channel (ADVANCED mode), or {@code null} (BASIC)
     * @param readiness adds the REST facts the readiness checks need while a transition waits for
     *     readiness
     * @throws dev.bluegreen.diff.InvalidSpecException when the spec cannot be compared
     */
    static Decision decide(
            FlinkBlueGreenDeployment parent,
            BlueGreenSettings options,
            Function<String, GenericKubernetesResource> children,
            Function<String, GenericKubernetesResource> snapshots,
            GateView gate,
            ReadinessProbe readiness,
            Instant now) {
        var spec = parent.getSpec();
        BlueGreenSettings settings = options.withGatedHandover(gate != null);
        JsonNode desired = SpecJson.tree(spec);
        var status = parent.getStatus();
        JsonNode stable =
                parsed(status == null ? null : status.getLastStableSpec(), "status.lastStableSpec");
        JsonNode target =
                parsed(status == null ? null : status.getTargetSpec(), "status.targetSpec");
        TransitionRecord record = RecordCodec.read(parent.getStatus());
        String name = parent.getMetadata().getName();
        ChildNames names = ChildNaming.names(parent);
        List<ChildError> errors = childErrors(names, children);
        var observed =
                new Observation(
                        desiredSpec(settings, desired, stable),
                        ObservationReader.child(children.apply(names.child(Color.BLUE))),
                        ObservationReader.child(children.apply(names.child(Color.GREEN))),
                        snapshot(record, name, snapshots),
                        ObservationReader.commands(parent.getMetadata()),
                        now);
        var observation = readiness.observe(record, observed, settings.readinessChecks());
        if (gate == null) {
            var plan = new TransitionEngine(settings.policy()).decide(record, observation);
            return new Decision(
                    settings,
                    desired,
                    stable,
                    target,
                    record,
                    observation,
                    plan,
                    null,
                    errors,
                    null);
        }
        var step = GateStep.of(gate, record, children, names, settings.handover(), now);
        var gated = observation.withGate(step.observation());
        var plan = new TransitionEngine(settings.policy()).decide(record, gated);
        return new Decision(
                settings,
                desired,
                stable,
                target,
                record,
                gated,
                plan,
                step.command(plan.record().outputOwner()).orElse(null),
                errors,
                GateHealth.of(names, gate.jobs(), settings.handover().reportStaleness(), now)
                        .orElse(null));
    }

    /** What the children report in {@code status.error}, blue first. */
    private static List<ChildError> childErrors(
            ChildNames names, Function<String, GenericKubernetesResource> children) {
        var errors = new ArrayList<ChildError>();
        for (Color color : Color.values()) {
            ChildError error = ChildError.read(children.apply(names.child(color)), color);
            if (error != null) {
                errors.add(error);
            }
        }
        return errors;
    }

    private static JsonNode parsed(String json, String field) {
        return json == null ? null : SpecJson.parse(json, field);
    }

    static DesiredSpec desiredSpec(BlueGreenSettings settings, JsonNode desired, JsonNode stable) {
        ChangeKind change =
                stable == null
                        ? ChangeKind.TRANSITION
                        : Changes.toCore(
                                new SpecDiffer(settings.diffRules()).diff(stable, desired).kind());
        TemplateView template = TemplateView.of(desired);
        return new DesiredSpec(
                SpecJson.ref(desired), change, template.suspended(), template.stateless());
    }

    private static SnapshotObservation snapshot(
            TransitionRecord record,
            String parent,
            Function<String, GenericKubernetesResource> snapshots) {
        if (record.savepoint() == null) {
            return null;
        }
        String token = record.savepoint().snapshotName();
        return ObservationReader.snapshot(
                snapshots.apply(ResourceNames.savepointSnapshot(parent, token)), token);
    }
}
