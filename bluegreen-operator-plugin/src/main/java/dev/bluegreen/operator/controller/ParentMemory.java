package dev.bluegreen.operator.controller;

import dev.bluegreen.operator.internal.apply.GateControls;
import dev.bluegreen.operator.internal.apply.IngressCheck;
import dev.bluegreen.operator.internal.spec.Owners;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Consumer;

/**
 * Everything the controller keeps about a parent between two reconciles, in one entry per parent,
 * with one {@link #forget}. The parts are {@link Kept}'s fields, each read and written through its
 * view: {@link StatusWrites}, {@link RestingParents}, {@link DeletedChildren}, {@link
 * BacklogWindows}, {@link BlueGreenMetrics} (the start of a change in flight) and {@link
 * ParentStates} (its state series); the Ingress's last convergence is kept as an {@link
 * IngressCheck}. What lives outside this object (the parent's meter series in the registry, its
 * in-JVM gate channel) is forgotten by the same call.
 *
 * <p>Keyed by {@code namespace/name}: what a part holds (resourceVersions, child UIDs, job ids) is
 * unique to one object, so an entry left by a parent of the same name that was not cleaned up never
 * matches a new parent. Nothing here is needed to decide: a restarted controller starts empty and
 * decides every parent in full once. Thread-safe (JOSDK never reconciles one parent concurrently;
 * different parents may be reconciled at once).
 */
final class ParentMemory {
    /**
     * What is kept about one parent. Each field is one part; {@link #forget} drops them all with
     * the entry. Mutable, guarded by the entry itself where a part is read and written in one step.
     */
    static final class Kept {
        /** The resourceVersion our last status write replaced ({@link StatusWrites}). */
        volatile String statusWriteReplaced;

        /** The inputs the parent last rested on ({@link RestingParents}), or null. */
        volatile RestingParents.Inputs restingOn;

        /**
         * Deleted children the cache may still hold, UID by child name ({@link DeletedChildren}).
         */
        final Map<String, String> deletedChildren = new ConcurrentHashMap<>();

        /** The incoming job's backlog readings ({@link BacklogWindows}), or null. */
        BacklogWindows.Window backlog;

        /**
         * When the change in flight started, for its duration metric ({@link BlueGreenMetrics}).
         */
        volatile BlueGreenMetrics.Started changeStarted;

        /** The parent's state series ({@link ParentStates}), or null before its first state. */
        volatile Gauge stateSeries;

        /** What the last convergence of the parent Ingress found ({@code Act}). */
        final IngressCheck ingressCheck = new IngressCheck();
    }

    private final ConcurrentMap<String, Kept> parents = new ConcurrentHashMap<>();
    private final List<Consumer<FlinkBlueGreenDeployment>> outside;

    /**
     * A memory that also forgets, for each parent, what {@code outside} removes (kept elsewhere).
     */
    ParentMemory(List<Consumer<FlinkBlueGreenDeployment>> outside) {
        this.outside = List.copyOf(outside);
    }

    /** A memory with nothing kept outside it. */
    ParentMemory() {
        this(List.of());
    }

    /**
     * The controller's memory: also forgets the parent's state series in {@code registry} ({@link
     * ParentStates}) and its in-JVM gate channel ({@link GateControls#forget}).
     */
    static ParentMemory forController(MeterRegistry registry) {
        Objects.requireNonNull(registry, "registry == null");
        return new ParentMemory(
                List.of(
                        parent ->
                                ParentStates.remove(
                                        registry,
                                        parent.getMetadata().getNamespace(),
                                        parent.getMetadata().getName()),
                        parent -> GateControls.forget(Owners.of(parent))));
    }

    /** The key of {@code parent}: {@code namespace/name}. */
    static String key(FlinkBlueGreenDeployment parent) {
        return parent.getMetadata().getNamespace() + "/" + parent.getMetadata().getName();
    }

    /** The entry of the parent {@code key}, created empty if there is none. */
    Kept of(String key) {
        return parents.computeIfAbsent(key, k -> new Kept());
    }

    /** The entry of {@code parent}, created empty if there is none. */
    Kept of(FlinkBlueGreenDeployment parent) {
        return of(key(parent));
    }

    /** The entry of {@code parent}, or {@code null} when nothing is kept (nothing is created). */
    Kept peek(FlinkBlueGreenDeployment parent) {
        return peek(key(parent));
    }

    /** The entry of the parent {@code key}, or {@code null} when nothing is kept. */
    Kept peek(String key) {
        return parents.get(key);
    }

    /** Forgets everything about {@code parent}, here and outside: it was deleted. */
    void forget(FlinkBlueGreenDeployment parent) {
        parents.remove(key(parent));
        outside.forEach(part -> part.accept(parent));
    }

    /** How many parents something is kept about. */
    int size() {
        return parents.size();
    }
}
