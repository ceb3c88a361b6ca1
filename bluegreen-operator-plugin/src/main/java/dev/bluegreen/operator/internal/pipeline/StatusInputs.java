package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.Plan;
import dev.bluegreen.operator.internal.pipeline.decide.Decision;
import dev.bluegreen.operator.internal.spec.ChildNaming;
import dev.bluegreen.operator.internal.spec.SpecJson;
import dev.bluegreen.operator.internal.spec.SpecRefs;
import dev.bluegreen.operator.internal.status.StatusInput;
import dev.bluegreen.operator.internal.status.StatusMapper;
import dev.bluegreen.operator.internal.status.StatusUpdate;
import dev.bluegreen.operator.internal.status.UnreadableStatus;
import dev.bluegreen.operator.internal.validate.SpecProblem;
import dev.bluegreen.operator.resource.AnalysisStatus;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Maps what a reconcile's stages hand on to the status the report stage writes: the base (parent
 * identity, time, previous status) and, for a decision, the plan, the observations and the spec
 * JSON the status keeps; for a {@link Finding} what it says. Used by {@link Report} alone (an
 * ArchUnit rule keeps it so), so the status of one reconcile is built once. Stateless.
 */
final class StatusInputs {
    private StatusInputs() {}

    /**
     * The status update for a decision that was carried out: the plan, both observations, child
     * errors, spec JSON and the analysis runs of {@code observed} ({@code null}: kept as they are).
     */
    static StatusUpdate carriedOut(Observed observed, Decision decision, Instant now) {
        var value = observed.value();
        return statusFor(value.parent(), decision, decision.specs(), value.analysis(), now);
    }

    /** The status update {@code finding} of the observed parent stands for. */
    static StatusUpdate of(Observed observed, Finding finding, Instant now) {
        var parent = observed.value().parent();
        if (finding instanceof Finding.Invalid invalid) {
            return held(parent, invalid.problems(), now);
        }
        if (finding instanceof Finding.ExtensionFailed failed) {
            return extensionFailed(parent, failed.why(), now);
        }
        if (finding instanceof Finding.NotCarriedOut held) {
            var analysis = observed.value().analysis();
            return blockedFor(parent, held.decision(), held.why(), analysis, now);
        }
        var step = (Finding.AdoptionStep) finding;
        return adoption(parent, step.plan(), step.color(), step.adopted(), step.stableJson(), now);
    }

    /**
     * The status update for a decision: the plan, both observations, child errors, spec JSON and
     * the analysis runs {@code analysis} ({@code null}: kept as they are).
     */
    private static StatusUpdate statusFor(
            FlinkBlueGreenDeployment parent,
            Decision decision,
            SpecRefs specs,
            AnalysisStatus analysis,
            Instant now) {
        var plan = decision.plan();
        return StatusMapper.map(
                decided(parent, decision, plan, now)
                        .analysis(analysis)
                        .stableSpecJson(stableJson(plan.record().stableSpecRef(), decision, specs))
                        .targetSpecJson(known(plan.record().targetSpecRef(), specs))
                        .build());
    }

    /**
     * The status update for a decision that was not carried out: the persisted record is kept (the
     * plan's actions are dropped), the spec JSON stays as it is, and {@code blocked} says why. The
     * analysis runs {@code analysis} are written ({@code null}: kept as they are).
     */
    private static StatusUpdate blockedFor(
            FlinkBlueGreenDeployment parent,
            Decision decision,
            StatusInput.Blocked blocked,
            AnalysisStatus analysis,
            Instant now) {
        var plan = decision.plan();
        var held =
                new Plan(
                        decision.record(),
                        List.of(),
                        plan.requeueAfter(),
                        plan.reason(),
                        plan.message());
        return StatusMapper.map(
                decided(parent, decision, held, now).blocked(blocked).analysis(analysis).build());
    }

    /** The input every decision's status starts from: the base, {@code plan} and observations. */
    private static StatusInput.Builder decided(
            FlinkBlueGreenDeployment parent, Decision decision, Plan plan, Instant now) {
        return baseInput(parent, now)
                .plan(plan)
                .blue(decision.observation().blue())
                .green(decision.observation().green())
                .childErrors(decision.childErrors())
                .gateHealth(decision.gateHealth())
                .handback(decision.handback());
    }

    /**
     * The JSON of the stable spec when it is new, else {@code null} (kept as it is). A spec ref
     * does not cover {@code spec.analysis}, so the same ref with other checks is new as well.
     */
    private static String stableJson(String stableRef, Decision decision, SpecRefs specs) {
        String json = known(stableRef, specs);
        if (decision.stable() != null
                && json != null
                && SpecJson.canonical(decision.stable()).equals(json)) {
            return null;
        }
        return json;
    }

    /** The canonical JSON of {@code ref}, or {@code null} when it is none or not known. */
    private static String known(String ref, SpecRefs specs) {
        return ref == null || !specs.specs().containsKey(ref)
                ? null
                : SpecJson.canonical(specs.resolve(ref));
    }

    /**
     * The status of a parent the controller does not act on, or {@code null} when it acts: a status
     * it cannot read is kept and reported ({@link UnreadableStatus}, together with {@code
     * problems}); else invalid-spec {@code problems} are reported on the current record.
     */
    private static StatusUpdate held(
            FlinkBlueGreenDeployment parent, List<SpecProblem> problems, Instant now) {
        List<SpecProblem> unreadable = UnreadableStatus.problems(parent.getStatus());
        if (!unreadable.isEmpty()) {
            var all = new ArrayList<>(unreadable);
            all.addAll(problems);
            return UnreadableStatus.hold(parent.getStatus(), all, generation(parent), now);
        }
        if (problems.isEmpty()) {
            return null;
        }
        return StatusMapper.map(baseInput(parent, now).problems(problems).build());
    }

    /**
     * The status of a parent held because its extension's customiser failed: the record is kept,
     * Progressing=False and Degraded=True with {@value StatusInput#EXTENSION_FAILED} and {@code
     * why}, and a Warning event.
     */
    private static StatusUpdate extensionFailed(
            FlinkBlueGreenDeployment parent, String why, Instant now) {
        var blocked = new StatusInput.Blocked(StatusInput.EXTENSION_FAILED, why);
        return StatusMapper.map(baseInput(parent, now).blocked(blocked).build());
    }

    /** The status input every write starts from: name, generation, time, previous status, mode. */
    private static StatusInput.Builder baseInput(FlinkBlueGreenDeployment parent, Instant now) {
        return StatusInput.builder(parent.getMetadata().getName(), generation(parent), now)
                .previous(parent.getStatus())
                .adopted(adopted(parent))
                .transitionMode(
                        parent.getSpec() == null ? null : parent.getSpec().getTransitionMode());
    }

    /**
     * The status of an adoption step ({@code dev.bluegreen.core.Adoption}): waiting, or adopted
     * with the stable spec {@code stableJson} (else {@code null}).
     *
     * @param color the colour the deployment is adopted as
     * @param adopted what is observed of the deployment to adopt
     */
    private static StatusUpdate adoption(
            FlinkBlueGreenDeployment parent,
            Plan plan,
            Color color,
            ChildObservation adopted,
            String stableJson,
            Instant now) {
        var input = baseInput(parent, now).plan(plan).stableSpecJson(stableJson);
        if (color == Color.GREEN) {
            input.green(adopted);
        } else {
            input.blue(adopted);
        }
        return StatusMapper.map(input.build());
    }

    /** The adopted child's name, or null; an invalid name is reported by the validator. */
    private static String adopted(FlinkBlueGreenDeployment parent) {
        try {
            return ChildNaming.names(parent).adopted();
        } catch (IllegalArgumentException invalid) {
            return parent.getStatus() == null ? null : parent.getStatus().getAdoptedChild();
        }
    }

    private static long generation(FlinkBlueGreenDeployment parent) {
        Long generation = parent.getMetadata().getGeneration();
        return generation == null ? 0 : generation;
    }
}
