package dev.bluegreen.operator.internal.analysis;

import dev.bluegreen.core.analysis.Measurement;
import dev.bluegreen.core.analysis.MeasurementPhase;
import dev.bluegreen.core.analysis.MetricProvider;
import dev.bluegreen.core.analysis.MetricRequest;
import dev.bluegreen.operator.internal.extension.ExtensionCalls;
import dev.bluegreen.operator.internal.observe.ChildJob;
import dev.bluegreen.operator.resource.AnalysisCheck;
import dev.bluegreen.operator.resource.AnalysisProviderSpec;

import io.fabric8.kubernetes.client.KubernetesClient;

import java.net.http.HttpClient;
import java.time.Instant;
import java.util.Map;
import java.util.function.Function;

/**
 * The controller's {@link CheckRunner}: calls the check's provider ({@link PrometheusProvider},
 * {@link WebProvider}, {@link FlinkProvider}, {@link ExtensionProvider}) and judges the value with
 * its conditions ({@link Conditions}, one shared cache of compiled expressions). The calls run on
 * the caller's thread, each HTTP request bounded by the provider's timeout (the extension call by
 * {@link ExtensionCalls}'s bound). Cheap to build: one per reconcile; not thread-safe ({@link
 * #lastRequests}).
 */
public final class LiveCheckRunner implements CheckRunner {
    private static final Conditions CONDITIONS = new Conditions();

    private final PrometheusProvider prometheus;
    private final WebProvider web;
    private final FlinkProvider flink;
    private final ExtensionProvider extensions;
    private int lastRequests;

    /**
     * @param client reads the web checks' header Secrets (the reconcile's client)
     * @param jobs the running job of a child FlinkDeployment by name: its REST API and job id, or
     *     {@code null} when it runs none (asked by flink checks only)
     * @param providers the loaded extensions' metric providers by name
     * @param calls bounds the extension calls
     * @param http sends the HTTP requests (Prometheus, webhooks, JobManagers); shared
     */
    public LiveCheckRunner(
            KubernetesClient client,
            Function<String, ChildJob> jobs,
            Map<String, MetricProvider> providers,
            ExtensionCalls calls,
            HttpClient http) {
        var exchanges = new HttpExchanges(http);
        this.prometheus = new PrometheusProvider(exchanges);
        this.web = new WebProvider(exchanges, new SecretHeaders(client));
        this.flink = new FlinkProvider(exchanges, jobs);
        this.extensions = new ExtensionProvider(providers, calls);
    }

    @Override
    public Measurement measure(AnalysisCheck check, MetricRequest request, Instant now) {
        lastRequests = 0;
        Reading reading;
        try {
            reading = read(check, request);
        } catch (RuntimeException e) {
            return new Measurement(now, MeasurementPhase.ERROR, "", message(e));
        }
        lastRequests = reading.requests();
        String value = ValueText.of(reading.shown());
        if (reading.failure() != null) {
            return new Measurement(now, MeasurementPhase.FAILED, value, reading.failure());
        }
        var judgement =
                CONDITIONS.judge(
                        check.getSuccessCondition(),
                        check.getFailureCondition(),
                        reading.variables());
        return new Measurement(now, judgement.phase(), value, judgement.message());
    }

    /**
     * The requests the last successful reading of {@link #measure} took (0 after an error or for an
     * extension), for docs/performance.md and tests.
     */
    public int lastRequests() {
        return lastRequests;
    }

    private Reading read(AnalysisCheck check, MetricRequest request) {
        AnalysisProviderSpec provider = check.getProvider();
        if (provider == null) {
            throw new ProviderException("provider: not set");
        }
        if (provider.getPrometheus() != null) {
            return prometheus.read(provider.getPrometheus(), request);
        }
        if (provider.getWeb() != null) {
            return web.read(check.getName(), provider.getWeb(), request);
        }
        if (provider.getFlink() != null) {
            return flink.read(provider.getFlink(), request);
        }
        if (provider.getExtension() != null) {
            return extensions.read(provider.getExtension(), request);
        }
        throw new ProviderException("provider: none of prometheus, web, flink, extension is set");
    }

    private static String message(RuntimeException e) {
        String text =
                e instanceof ProviderException
                        ? e.getMessage()
                        : e.getClass().getName() + ": " + e.getMessage();
        return ValueText.shortened(text == null ? e.getClass().getName() : text);
    }
}
