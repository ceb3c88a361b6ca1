package dev.bluegreen.operator.controller;

import dev.bluegreen.core.Color;
import dev.bluegreen.ingress.ChildNames;
import dev.bluegreen.operator.internal.pipeline.decide.Decision;
import dev.bluegreen.operator.internal.spec.ChildNaming;
import dev.bluegreen.operator.internal.validate.SpecValidator;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The parents whose last reconcile found them at rest, with the exact inputs it decided on, so that
 * a reconcile on the same inputs returns at once instead of validating, diffing and deciding again.
 *
 * <p>At rest means: BASIC mode, nothing in flight, no action, no status write, no event, no requeue
 * (the engine waits for an event: its plan does not depend on the time). The inputs are the
 * resourceVersions of the parent (spec, annotations, status) and of both children as the informers
 * hold them, and the validator in use (its CRD schema); the engine reads nothing else. Any change
 * of one of them, or any other outcome, decides in full. Such reconciles come from JOSDK's periodic
 * resync, the drop-in listener's triggers and informer events that change nothing we read (the
 * parent Ingress); they cost a map lookup and three string comparisons.
 *
 * <p>Holds about 200 bytes per resting parent, forgotten when the parent is deleted or moves.
 * Restart-safe: nothing here is needed to decide, a fresh controller decides in full once. Thread-
 * safe (JOSDK never reconciles one parent concurrently).
 */
final class RestingParents {
    /** What a decision was made from (with the child names, not to compute them again). */
    record Inputs(
            String parent,
            String blueName,
            String blue,
            String greenName,
            String green,
            SpecValidator validator) {}

    private final Map<String, Inputs> resting = new ConcurrentHashMap<>();

    /**
     * The inputs of a reconcile of {@code parent}, taken before it decides; {@code null} when its
     * name gives no child names (an invalid name: reported by validation, never at rest).
     *
     * @param children the cached child by object name, or {@code null}
     */
    static Inputs inputs(
            FlinkBlueGreenDeployment parent,
            Function<String, GenericKubernetesResource> children,
            SpecValidator validator) {
        try {
            ChildNames names = ChildNaming.names(parent);
            String blue = names.child(Color.BLUE);
            String green = names.child(Color.GREEN);
            return new Inputs(
                    parent.getMetadata().getResourceVersion(),
                    blue,
                    version(children.apply(blue)),
                    green,
                    version(children.apply(green)),
                    Objects.requireNonNull(validator, "validator == null"));
        } catch (IllegalArgumentException invalidName) {
            return null;
        }
    }

    /**
     * Whether a decided and carried-out reconcile left the parent at rest: BASIC mode, nothing in
     * flight, no action, no savepoint, no status write, no requeue.
     */
    static boolean rests(Decision decision, boolean gated, boolean wroteStatus) {
        var plan = decision.plan();
        return !gated
                && !wroteStatus
                && decision.gateCommand() == null
                && plan.actions().isEmpty()
                && !plan.next().inFlight()
                && plan.record().savepoint() == null
                && plan.requeueAfter().isEmpty();
    }

    /**
     * Whether {@code parent} rested at its last reconcile and nothing it was decided on changed:
     * the same parent version, validator and child versions.
     *
     * @param children the cached child by object name, or {@code null}
     */
    boolean unchanged(
            FlinkBlueGreenDeployment parent,
            Function<String, GenericKubernetesResource> children,
            SpecValidator validator) {
        Inputs before = resting.get(parent.getMetadata().getUid());
        return before != null
                && before.parent().equals(parent.getMetadata().getResourceVersion())
                && before.validator() == validator
                && Objects.equals(before.blue(), version(children.apply(before.blueName())))
                && Objects.equals(before.green(), version(children.apply(before.greenName())));
    }

    /** Records the outcome of a decided reconcile of {@code parent} on {@code inputs}. */
    void decided(FlinkBlueGreenDeployment parent, Inputs inputs, boolean rests) {
        if (rests && inputs != null) {
            resting.put(parent.getMetadata().getUid(), inputs);
        } else {
            forget(parent);
        }
    }

    /** Forgets {@code parent}: it moved, or it is deleted. */
    void forget(FlinkBlueGreenDeployment parent) {
        resting.remove(parent.getMetadata().getUid());
    }

    private static String version(GenericKubernetesResource child) {
        return child == null ? null : child.getMetadata().getResourceVersion();
    }
}
