package dev.bluegreen.operator.controller;

import dev.bluegreen.core.BlueGreenState;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.Objects;

/**
 * The per-parent state gauge and the in-flight count, kept in the registry itself so that a
 * controller started again in the same process (the drop-in after a lost Lease) takes over the
 * series of the previous one:
 *
 * <ul>
 *   <li>{@value #STATE} (tags {@code namespace}, {@code name}, {@code state}): one series per
 *       parent, value 1, tagged with its current state; the series of the previous state is removed
 *       when the state changes, and every series of the parent when it is deleted. At most one
 *       series per parent, the state one of the {@link BlueGreenState} names;
 *   <li>{@value #IN_FLIGHT}: the number of parents whose state is {@link BlueGreenState#inFlight()}
 *       (savepointing, transitioning, retiring, patching), counted from those series.
 * </ul>
 *
 * Not thread-safe per parent (JOSDK never reconciles one parent concurrently); different parents
 * may be updated concurrently.
 */
final class ParentStates {
    static final String STATE = "bluegreen.parent.state";
    static final String IN_FLIGHT = "bluegreen.transitions.in.flight";

    private final MeterRegistry registry;
    private final ParentMemory memory;
    private volatile boolean tookOver;

    /**
     * The gauges in {@code registry}; each parent's series is kept in {@code memory}, so that
     * setting the same state again is a lookup there and a new state replaces the series by
     * reference. The registry is searched once per controller, at its first state (for the series
     * an earlier controller in this process left): a search goes through every meter, and two per
     * reconcile were most of a reconcile at rest at 1,000 parents.
     */
    ParentStates(MeterRegistry registry, ParentMemory memory) {
        this.registry = Objects.requireNonNull(registry, "registry == null");
        this.memory = Objects.requireNonNull(memory, "memory == null");
        Gauge.builder(IN_FLIGHT, registry, ParentStates::inFlight)
                .description("Parents in a savepointing, transitioning, retiring or patching state")
                .register(registry);
    }

    /** Records {@code state} as the parent's current state, dropping its other state series. */
    void set(String namespace, String name, BlueGreenState state) {
        takeOverLeftSeries();
        ParentMemory.Kept kept = memory.of(namespace + "/" + name);
        Gauge current = kept.stateSeries;
        if (current != null && state.name().equals(current.getId().getTag("state"))) {
            return;
        }
        Gauge next = register(namespace, name, state);
        if (current != null) {
            registry.remove(current);
        }
        kept.stateSeries = next;
    }

    /**
     * Once per controller, before its first state: the series an earlier controller in this process
     * left (the drop-in after a lost Lease) go into the memory, so that every later state finds its
     * parent's series there (one search; a second series of a parent is removed).
     */
    private void takeOverLeftSeries() {
        if (tookOver) {
            return;
        }
        synchronized (this) {
            if (tookOver) {
                return;
            }
            for (Gauge gauge : registry.find(STATE).gauges()) {
                var id = gauge.getId();
                var kept = memory.of(id.getTag("namespace") + "/" + id.getTag("name"));
                if (kept.stateSeries != null) {
                    registry.remove(kept.stateSeries);
                }
                kept.stateSeries = gauge;
            }
            tookOver = true;
        }
    }

    private Gauge register(String namespace, String name, BlueGreenState state) {
        return Gauge.builder(STATE, () -> 1)
                .tags("namespace", namespace, "name", name, "state", state.name())
                .description("1 for the state a FlinkBlueGreenDeployment is in")
                .register(registry);
    }

    /**
     * Records the state text of a parent's status; a text that names no state (an unreadable
     * status) removes the parent's series instead.
     */
    void set(String namespace, String name, String stateText) {
        BlueGreenState state = parse(stateText);
        if (state == null) {
            remove(namespace, name);
        } else {
            set(namespace, name, state);
        }
    }

    /** Removes every series of the parent (its status names no state). */
    void remove(String namespace, String name) {
        ParentMemory.Kept kept = memory.peek(namespace + "/" + name);
        if (kept != null) {
            kept.stateSeries = null;
        }
        remove(registry, namespace, name);
    }

    /** Removes every series of the parent {@code namespace/name} from {@code registry}. */
    static void remove(MeterRegistry registry, String namespace, String name) {
        for (Gauge gauge :
                registry.find(STATE).tags("namespace", namespace, "name", name).gauges()) {
            registry.remove(gauge);
        }
    }

    private static double inFlight(MeterRegistry registry) {
        return registry.find(STATE).gauges().stream()
                .map(g -> parse(g.getId().getTag("state")))
                .filter(s -> s != null && s.inFlight())
                .count();
    }

    private static BlueGreenState parse(String text) {
        if (text == null) {
            return null;
        }
        try {
            return BlueGreenState.valueOf(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
