package dev.bluegreen.operator.controller;

import dev.bluegreen.core.Color;
import dev.bluegreen.ingress.ChildNames;
import dev.bluegreen.operator.internal.apply.Applied;
import dev.bluegreen.operator.internal.apply.LiveTraffic;
import dev.bluegreen.operator.internal.pipeline.decide.Decision;
import dev.bluegreen.operator.internal.spec.ChildNaming;
import dev.bluegreen.operator.internal.validate.SpecValidator;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;

import java.util.Objects;
import java.util.function.Function;

/**
 * The parents whose last reconcile found them at rest, with the exact inputs it decided on, so that
 * a reconcile on the same inputs returns at once instead of validating, diffing and deciding again.
 *
 * <p>At rest means: BASIC mode, nothing in flight, no action, no status write, no event, no requeue
 * (the engine waits for an event: its plan does not depend on the time). The inputs are the
 * resourceVersions of the parent (spec, annotations, status), of both children and of the parent's
 * traffic objects (Ingress, HTTPRoute) as the informers hold them, and the validator in use (its
 * CRD schema); a decision reads nothing else. Any change of one of them (a hand edit of the Ingress
 * or route included), or any other outcome, decides in full. A traffic object the decided reconcile
 * wrote itself (undoing a hand edit) is recorded at the version the server returned, so its own
 * watch event finds the parent at rest. Such reconciles come from JOSDK's periodic resync, the
 * drop-in listener's triggers and informer events that change nothing we read (a snapshot); they
 * cost a map lookup and five string comparisons.
 *
 * <p>A view of {@link ParentMemory}: about 250 bytes per resting parent, forgotten when the parent
 * moves or with the parent. Restart-safe: nothing here is needed to decide, a fresh controller
 * decides in full once. Thread-safe (JOSDK never reconciles one parent concurrently).
 */
final class RestingParents {
    /** What a decision was made from (with the child names, not to compute them again). */
    record Inputs(
            String parent,
            String blueName,
            String blue,
            String greenName,
            String green,
            String ingress,
            String route,
            SpecValidator validator) {

        /** These inputs with the traffic objects at the versions {@code applied} wrote. */
        Inputs written(Applied applied) {
            return new Inputs(
                    parent,
                    blueName,
                    blue,
                    greenName,
                    green,
                    applied.ingress() == null ? ingress : version(applied.ingress()),
                    applied.route() == null ? route : version(applied.route()),
                    validator);
        }
    }

    private final ParentMemory memory;

    /** The resting parents kept in {@code memory}. */
    RestingParents(ParentMemory memory) {
        this.memory = Objects.requireNonNull(memory, "memory == null");
    }

    /**
     * The inputs of a reconcile of {@code parent}, taken before it decides; {@code null} when its
     * name gives no child names (an invalid name: reported by validation, never at rest).
     *
     * @param children the cached child by object name, or {@code null}
     * @param traffic the cached traffic objects
     */
    static Inputs inputs(
            FlinkBlueGreenDeployment parent,
            Function<String, GenericKubernetesResource> children,
            LiveTraffic traffic,
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
                    traffic.ingressVersion(),
                    traffic.routeVersion(),
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
     * the same parent version, validator, child versions and traffic object versions.
     *
     * @param children the cached child by object name, or {@code null}
     * @param traffic the cached traffic objects
     */
    boolean unchanged(
            FlinkBlueGreenDeployment parent,
            Function<String, GenericKubernetesResource> children,
            LiveTraffic traffic,
            SpecValidator validator) {
        ParentMemory.Kept kept = memory.peek(parent);
        Inputs before = kept == null ? null : kept.restingOn;
        return before != null
                && before.parent().equals(parent.getMetadata().getResourceVersion())
                && before.validator() == validator
                && Objects.equals(before.blue(), version(children.apply(before.blueName())))
                && Objects.equals(before.green(), version(children.apply(before.greenName())))
                && Objects.equals(before.ingress(), traffic.ingressVersion())
                && Objects.equals(before.route(), traffic.routeVersion());
    }

    /**
     * Records the outcome of a decided reconcile of {@code parent} on {@code inputs} (or {@code
     * null}), whose carried-out plan wrote {@code applied}.
     */
    void decided(FlinkBlueGreenDeployment parent, Inputs inputs, Applied applied, boolean rests) {
        if (rests && inputs != null) {
            memory.of(parent).restingOn = inputs.written(applied);
        } else {
            forget(parent);
        }
    }

    /** Forgets that {@code parent} rested: it moved. */
    void forget(FlinkBlueGreenDeployment parent) {
        ParentMemory.Kept kept = memory.peek(parent);
        if (kept != null) {
            kept.restingOn = null;
        }
    }

    private static String version(HasMetadata object) {
        return object == null ? null : object.getMetadata().getResourceVersion();
    }
}
