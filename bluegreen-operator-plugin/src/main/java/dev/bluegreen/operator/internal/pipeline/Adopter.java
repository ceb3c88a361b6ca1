package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.core.Adoption;
import dev.bluegreen.core.Color;
import dev.bluegreen.operator.internal.adopt.AdoptedSpecs;
import dev.bluegreen.operator.internal.adopt.AdoptionCandidate;
import dev.bluegreen.operator.internal.adopt.AdoptionRules;
import dev.bluegreen.operator.internal.adopt.AdoptionVerdict;
import dev.bluegreen.operator.internal.apply.PlanExecutor;
import dev.bluegreen.operator.internal.config.BlueGreenSettings;
import dev.bluegreen.operator.internal.observe.ObservationReader;
import dev.bluegreen.operator.internal.spec.ChildNaming;
import dev.bluegreen.operator.internal.spec.SpecJson;
import dev.bluegreen.operator.internal.status.RecordCodec;
import dev.bluegreen.operator.internal.validate.SpecProblem;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * One adoption step of a parent whose adoption is pending ({@code ChildNaming.adoptionPending}):
 * given the FlinkDeployment it names (read by the observe stage), decide ({@link AdoptionRules}),
 * and either report why not (refused, or waiting) or adopt it as blue (as green when it has the
 * parent's own green name, as a child of the upstream operator's parent of the same name has): one
 * metadata-only patch, the parent Ingress pointed at it, and the status of {@link
 * Adoption#adopted}. An adoption interrupted after its patch is finished by the next step, which
 * finds nothing left to patch. Stateless.
 */
final class Adopter {
    /** How often a deployment that is not stable and running yet is looked at again. */
    static final Duration RECHECK = Duration.ofSeconds(5);

    private Adopter() {}

    /**
     * What one step wrote and asks for.
     *
     * @param finding what the report stage writes the status from
     * @param adopted the deployment as patched (to feed the informer cache), or {@code null}
     * @param requeue when to look again, or {@code null} for the next event
     */
    record Step(Finding finding, GenericKubernetesResource adopted, Duration requeue) {}

    /**
     * Takes one step for {@code parent}.
     *
     * @param live the deployment the parent names, as read by the observe stage, or {@code null}
     * @throws dev.bluegreen.operator.internal.apply.WriteConflictException when the deployment
     *     changed between the read and the patch
     */
    static Step step(
            FlinkBlueGreenDeployment parent,
            GenericKubernetesResource live,
            BlueGreenSettings settings,
            PlanExecutor executor,
            Instant now) {
        var candidate = AdoptionCandidate.of(parent.getSpec().getAdoptDeployment(), live);
        AdoptionVerdict verdict = verdict(parent, candidate, settings, now);
        if (verdict instanceof AdoptionVerdict.Refused refused) {
            var problem = new SpecProblem(AdoptionRules.FIELD, refused.message());
            var invalid = new Finding.Invalid(List.of(problem));
            return new Step(invalid, null, settings.rescheduleInterval());
        }
        if (verdict instanceof AdoptionVerdict.Waiting waiting) {
            return waiting(parent, candidate, waiting);
        }
        return adopt(parent, executor, live, now);
    }

    /** The status of an adoption that waits for the deployment, looked at again after RECHECK. */
    private static Step waiting(
            FlinkBlueGreenDeployment parent,
            AdoptionCandidate candidate,
            AdoptionVerdict.Waiting waiting) {
        var plan = Adoption.waiting(RecordCodec.read(parent.getStatus()), waiting.why(), RECHECK);
        Color color = adoptedColor(parent);
        var step = new Finding.AdoptionStep(plan, color, candidate.observation(), null);
        return new Step(step, null, RECHECK);
    }

    private static AdoptionVerdict verdict(
            FlinkBlueGreenDeployment parent,
            AdoptionCandidate candidate,
            BlueGreenSettings settings,
            Instant now) {
        var meta = parent.getMetadata();
        return AdoptionRules.decide(
                new AdoptionRules.Adopter(meta.getName(), meta.getUid()),
                candidate,
                meta.getNamespace(),
                created(parent),
                settings.policy().readinessDeadline().timeout(),
                now);
    }

    private static Step adopt(
            FlinkBlueGreenDeployment parent,
            PlanExecutor executor,
            GenericKubernetesResource live,
            Instant now) {
        var stable = AdoptedSpecs.stable(SpecJson.tree(parent.getSpec()), live);
        String ref = SpecJson.ref(stable);
        GenericKubernetesResource patched = executor.adopt(parent, live, ref);
        Color color = adoptedColor(parent);
        executor.switchIngress(parent, color);
        var plan = Adoption.adopted(color, ref, false, live.getMetadata().getName(), now);
        var observed = ObservationReader.child(patched == null ? live : patched);
        var step = new Finding.AdoptionStep(plan, color, observed, SpecJson.canonical(stable));
        return new Step(step, patched, null);
    }

    /** Blue, or green when the deployment has the parent's own green name ({@code ChildNames}). */
    private static Color adoptedColor(FlinkBlueGreenDeployment parent) {
        return ChildNaming.names(parent).adoptedColor();
    }

    /** When the parent was created: adoption waits for the deployment from then on. */
    private static Instant created(FlinkBlueGreenDeployment parent) {
        String created = parent.getMetadata().getCreationTimestamp();
        return created == null ? null : Instant.parse(created);
    }
}
