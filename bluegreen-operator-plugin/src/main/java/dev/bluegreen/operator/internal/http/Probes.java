package dev.bluegreen.operator.internal.http;

import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The probe rules, from the informers' states and the replica's Lease role (pure):
 *
 * <ul>
 *   <li>live while the operator has started and every informer is running. An informer keeps
 *       running (and retrying) while the API server cannot be reached, so a brief outage does not
 *       fail liveness; only a stopped informer does, which only a restart repairs;
 *   <li>ready once every informer has synced (its first list went through) and stays ready after
 *       that; a standby replica (informers started, Lease held by another) is ready too: it takes
 *       over without a restart.
 * </ul>
 */
public final class Probes {
    private Probes() {}

    /** One informer of the operator. */
    public record Informer(String name, boolean running, boolean synced) {}

    /**
     * The health of an operator.
     *
     * @param started whether the JOSDK operator has started
     * @param informers every informer of every registered controller
     * @param role the replica's Lease role, e.g. {@code leader} or {@code standby, leader is pod-a}
     */
    public static Health of(boolean started, List<Informer> informers, String role) {
        if (!started) {
            return Health.starting("operator not started");
        }
        List<String> stopped = names(informers, i -> !i.running());
        List<String> unsynced = names(informers, i -> !i.synced());
        if (!stopped.isEmpty()) {
            return new Health(false, false, "informers stopped: " + String.join(", ", stopped));
        }
        if (!unsynced.isEmpty()) {
            return new Health(
                    true, false, "not ready: informers not synced: " + String.join(", ", unsynced));
        }
        return new Health(true, true, "ready: " + role);
    }

    private static List<String> names(List<Informer> informers, Predicate<Informer> which) {
        return informers.stream()
                .filter(which)
                .map(Informer::name)
                .sorted()
                .collect(Collectors.toList());
    }
}
