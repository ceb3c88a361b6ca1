package dev.bluegreen.operator.internal.analysis;

import dev.bluegreen.core.analysis.Measurement;
import dev.bluegreen.core.analysis.MeasurementPhase;
import dev.bluegreen.core.analysis.MetricProvider;
import dev.bluegreen.operator.internal.extension.ExtensionCalls;
import dev.bluegreen.operator.internal.observe.ChildJob;

import io.fabric8.kubernetes.client.KubernetesClient;

import java.net.http.HttpClient;
import java.util.Map;
import java.util.function.Function;

/**
 * Makes the {@link CheckRunner} of one reconcile of one parent (the controller's seam for the
 * providers: the live runner in production, a fake in tests). Thread-safe.
 */
@FunctionalInterface
public interface CheckRunners {
    /**
     * The runner of a reconcile.
     *
     * @param client the reconcile's client (e.g. for a web check's header Secret)
     * @param jobs the running job of the parent's child FlinkDeployment of a name: its REST API and
     *     job id, or {@code null} when it runs none (for the flink provider)
     */
    CheckRunner open(KubernetesClient client, Function<String, ChildJob> jobs);

    /**
     * The live providers ({@link LiveCheckRunner}): Prometheus, web, flink, and {@code providers}
     * for the extension provider.
     *
     * @param providers the extensions' metric providers by name
     * @param calls bounds the extension providers' calls
     * @param http sends the HTTP requests; shared by every runner made
     */
    static CheckRunners live(
            Map<String, MetricProvider> providers, ExtensionCalls calls, HttpClient http) {
        return (client, jobs) -> new LiveCheckRunner(client, jobs, providers, calls, http);
    }

    /**
     * A runner that measures nothing: every measurement is an {@code ERROR} saying that no
     * providers are available. For a controller built without the providers.
     */
    static CheckRunners unavailable() {
        return (client, jobs) ->
                (check, request, now) ->
                        new Measurement(
                                now,
                                MeasurementPhase.ERROR,
                                "",
                                "no analysis providers in this controller");
    }
}
