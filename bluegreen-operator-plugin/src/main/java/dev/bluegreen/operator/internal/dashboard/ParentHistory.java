package dev.bluegreen.operator.internal.dashboard;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the controller observed about each parent, kept in memory for the dashboard: the last
 * {@value #MAX_CHANGES} state changes and the last {@value #MAX_EVENTS} events it emitted, per
 * parent (estimated at 10-15 KB per parent when both are full). Fed by the reconciler from its own
 * status writes; lost when the process restarts. Keyed by {@code namespace/name}. Thread-safe.
 */
public final class ParentHistory {
    /** The most state changes kept per parent; older ones are dropped first. */
    public static final int MAX_CHANGES = 50;

    /** The most events kept per parent; older ones are dropped first. */
    public static final int MAX_EVENTS = 20;

    /** One parent's bounded history; guarded by itself. */
    private static final class Kept {
        final Deque<StateChange> changes = new ArrayDeque<>();
        final Deque<EventNote> events = new ArrayDeque<>();
    }

    private final Map<String, Kept> parents = new ConcurrentHashMap<>();

    /**
     * Records that the parent is in {@code change}'s state, unless that is its last one already.
     */
    public void entered(String namespace, String name, StateChange change) {
        Kept kept = parents.computeIfAbsent(key(namespace, name), k -> new Kept());
        synchronized (kept) {
            StateChange last = kept.changes.peekLast();
            if (last != null && last.state().equals(change.state())) {
                return;
            }
            kept.changes.addLast(change);
            if (kept.changes.size() > MAX_CHANGES) {
                kept.changes.removeFirst();
            }
        }
    }

    /** Records an event the controller emitted for the parent. */
    public void emitted(String namespace, String name, EventNote event) {
        Kept kept = parents.computeIfAbsent(key(namespace, name), k -> new Kept());
        synchronized (kept) {
            kept.events.addLast(event);
            if (kept.events.size() > MAX_EVENTS) {
                kept.events.removeFirst();
            }
        }
    }

    /** The parent's state changes, oldest first (empty when none was observed). */
    public List<StateChange> changes(String namespace, String name) {
        Kept kept = parents.get(key(namespace, name));
        if (kept == null) {
            return List.of();
        }
        synchronized (kept) {
            return List.copyOf(kept.changes);
        }
    }

    /** The parent's events, oldest first (empty when none was emitted). */
    public List<EventNote> events(String namespace, String name) {
        Kept kept = parents.get(key(namespace, name));
        if (kept == null) {
            return List.of();
        }
        synchronized (kept) {
            return List.copyOf(kept.events);
        }
    }

    /** When the parent last changed state, or {@code null} when no change was observed. */
    public Instant lastChange(String namespace, String name) {
        List<StateChange> changes = changes(namespace, name);
        return changes.isEmpty() ? null : changes.get(changes.size() - 1).at();
    }

    /** Forgets the parent (it was deleted). */
    public void forget(String namespace, String name) {
        parents.remove(key(namespace, name));
    }

    /** The number of parents with a history. */
    public int size() {
        return parents.size();
    }

    private static String key(String namespace, String name) {
        return namespace + "/" + name;
    }
}
