package dev.bluegreen.operator.internal.analysis;

import dev.bluegreen.core.analysis.Measurement;
import dev.bluegreen.core.analysis.MeasurementPhase;

import io.fabric8.kubernetes.client.KubernetesClient;

/**
 * Makes the {@link CheckRunner} of one reconcile, from the reconcile's client (the controller's
 * seam for the providers: the live runner in production, a fake in tests). Thread-safe.
 */
@FunctionalInterface
public interface CheckRunners {
    /** The runner of a reconcile that reads the cluster through {@code client}. */
    CheckRunner forClient(KubernetesClient client);

    /**
     * A runner that measures nothing: every measurement is an {@code ERROR} saying that no
     * providers are available. For a controller built without the providers.
     */
    static CheckRunners unavailable() {
        return client ->
                (check, request, now) ->
                        new Measurement(
                                now,
                                MeasurementPhase.ERROR,
                                "",
                                "no analysis providers in this controller");
    }
}
