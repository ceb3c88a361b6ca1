package dev.bluegreen.operator.internal.pipeline.decide;

import dev.bluegreen.core.ChangeKind;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.DesiredSpec;
import dev.bluegreen.core.Observation;
import dev.bluegreen.core.Plan;
import dev.bluegreen.core.SnapshotObservation;
import dev.bluegreen.core.TransitionEngine;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.diff.SpecDiffer;
import dev.bluegreen.diff.TemplateView;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.ingress.ChildNames;
import dev.bluegreen.operator.internal.config.BlueGreenSettings;
import dev.bluegreen.operator.internal.handover.HandbackNote;
import dev.bluegreen.operator.internal.handover.HandoverStep;
import dev.bluegreen.operator.internal.observe.ChildError;
import dev.bluegreen.operator.internal.observe.GateHealth;
import dev.bluegreen.operator.internal.observe.ObservationReader;
import dev.bluegreen.operator.internal.spec.ChildNaming;
import dev.bluegreen.operator.internal.spec.SpecJson;
import dev.bluegreen.operator.internal.status.RecordCodec;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The decide stage: diff -> decide for one parent, a pure function of the observation, the settings
 * and the time. Reads the record from the status, classifies the desired spec against the last
 * stable spec, turns the observed children, snapshot, REST readings and gate reports into the
 * engine's observation (with the analysis checks' verdicts, {@link AnalysisVerdicts}), asks the
 * engine, and holds the plan when the observed quota does not fit the child it starts. No I/O, no
 * clock (ArchUnit: {@code PluginArchitectureTest}).
 */
public final class Decide {
    private Decide() {}

    /**
     * Decides for the parent of {@code seen}.
     *
     * @param options the parent's options, parsed once for this reconcile
     * @param now the time of this reconcile
     * @throws dev.bluegreen.diff.InvalidSpecException when the spec cannot be compared (the field
     *     is named)
     */
    public static Decision decide(ParentObservation seen, BlueGreenSettings options, Instant now) {
        BlueGreenSettings settings = options.withGatedHandover(seen.gate() != null);
        Specs specs = Specs.of(seen);
        TransitionRecord record = RecordCodec.read(seen.parent().getStatus());
        var analysis =
                AnalysisVerdicts.of(record, seen.parent().getSpec().getAnalysis(), seen.analysis());
        Observation observation =
                Readiness.withReadings(
                                observe(seen, settings, specs, record, now), seen.readiness())
                        .withAnalysis(analysis);
        var basis = new Basis(seen, settings, specs, record);
        Decision decision =
                seen.gate() == null ? basic(basis, observation) : gated(basis, observation, now);
        return decision.heldBy(CapacityRule.blocked(decision, seen.quota()));
    }

    /** The desired, stable and in-flight target spec trees of a parent. */
    private record Specs(JsonNode desired, JsonNode stable, JsonNode target) {
        static Specs of(ParentObservation seen) {
            var status = seen.parent().getStatus();
            return new Specs(
                    SpecJson.tree(seen.parent().getSpec()),
                    parsed(
                            status == null ? null : status.getLastStableSpec(),
                            "status.lastStableSpec"),
                    parsed(status == null ? null : status.getTargetSpec(), "status.targetSpec"));
        }
    }

    /** What every decision of one reconcile starts from. */
    private record Basis(
            ParentObservation seen,
            BlueGreenSettings settings,
            Specs specs,
            TransitionRecord record) {
        TransitionEngine engine() {
            return new TransitionEngine(settings.policy());
        }
    }

    /** The decision of {@code basis} with what the engine and the gate step gave. */
    private static Decision decision(
            Basis basis,
            Observation observation,
            Plan plan,
            GateCommand command,
            GateHealth health,
            HandbackNote handback) {
        var specs = basis.specs();
        return new Decision(
                basis.settings(),
                specs.desired(),
                specs.stable(),
                specs.target(),
                basis.record(),
                observation,
                plan,
                command,
                childErrors(basis.seen()),
                health,
                handback,
                null);
    }

    private static Observation observe(
            ParentObservation seen,
            BlueGreenSettings settings,
            Specs specs,
            TransitionRecord record,
            Instant now) {
        return new Observation(
                desiredSpec(settings, specs.desired(), specs.stable()),
                ObservationReader.child(seen.blue()),
                ObservationReader.child(seen.green()),
                snapshot(record, seen),
                ObservationReader.commands(seen.parent().getMetadata()),
                now);
    }

    private static Decision basic(Basis basis, Observation observation) {
        Plan plan = basis.engine().decide(basis.record(), observation);
        return decision(basis, observation, plan, null, null, null);
    }

    /** ADVANCED mode: the gate's reports go into the observation, the gate command comes out. */
    private static Decision gated(Basis basis, Observation observation, Instant now) {
        var seen = basis.seen();
        var handover = basis.settings().handover();
        var step = GateStep.of(seen.gate(), basis.record(), seen, handover, now);
        var gated = observation.withGate(step.observation());
        Plan plan = basis.engine().decide(basis.record(), gated);
        var after = step.after(plan.record().outputOwner());
        var command = after.flatMap(HandoverStep::command).orElse(null);
        var handback = after.flatMap(HandoverStep::handback).orElse(null);
        ChildNames names = ChildNaming.names(seen.parent());
        var jobs = seen.gate().jobs();
        var health = GateHealth.of(names, jobs, handover.reportStaleness(), now).orElse(null);
        return decision(basis, gated, plan, command, health, handback);
    }

    /** What the children report in {@code status.error}, blue first. */
    private static List<ChildError> childErrors(ParentObservation seen) {
        var errors = new ArrayList<ChildError>();
        for (Color color : Color.values()) {
            ChildError error = ChildError.read(seen.child(color), color);
            if (error != null) {
                errors.add(error);
            }
        }
        return errors;
    }

    private static JsonNode parsed(String json, String field) {
        return json == null ? null : SpecJson.parse(json, field);
    }

    private static DesiredSpec desiredSpec(
            BlueGreenSettings settings, JsonNode desired, JsonNode stable) {
        ChangeKind change =
                stable == null
                        ? ChangeKind.TRANSITION
                        : Changes.toCore(
                                new SpecDiffer(settings.diffRules()).diff(stable, desired).kind());
        TemplateView template = TemplateView.of(desired);
        return new DesiredSpec(
                SpecJson.ref(desired), change, template.suspended(), template.stateless());
    }

    /** The hand-over snapshot the record names, as observed; {@code null} when none is named. */
    private static SnapshotObservation snapshot(TransitionRecord record, ParentObservation seen) {
        if (record.savepoint() == null) {
            return null;
        }
        return ObservationReader.snapshot(seen.snapshot(), record.savepoint().snapshotName());
    }
}
