package dev.bluegreen.operator.internal.analysis;

import dev.bluegreen.core.Color;
import dev.bluegreen.core.analysis.AnalysisStage;
import dev.bluegreen.core.analysis.MetricProvider;
import dev.bluegreen.core.analysis.MetricRequest;
import dev.bluegreen.operator.internal.extension.ExtensionCalls;
import dev.bluegreen.operator.internal.observe.ChildJob;
import dev.bluegreen.operator.resource.AnalysisCheck;
import dev.bluegreen.operator.resource.AnalysisProviderSpec;
import dev.bluegreen.operator.resource.ExtensionProviderSpec;
import dev.bluegreen.operator.resource.FlinkProviderSpec;
import dev.bluegreen.operator.resource.PrometheusProviderSpec;
import dev.bluegreen.operator.resource.WebProviderSpec;

import io.fabric8.kubernetes.client.KubernetesClient;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.http.HttpClient;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.function.Function;

/** Checks, requests and clients for the provider tests. */
final class Checks {
    static final Instant NOW = Instant.parse("2026-12-02T12:00:00Z");

    /** Judges green ({@code orders-green}) against blue ({@code orders-blue}) before the switch. */
    static final MetricRequest GREEN_BEFORE_SWITCH =
            new MetricRequest(
                    "shop",
                    "orders",
                    AnalysisStage.PRE_PROMOTION,
                    Color.GREEN,
                    "orders-green",
                    "orders-blue",
                    null);

    private Checks() {}

    /** A runner with a 1 s extension bound, the given client and jobs, and no extension. */
    static LiveCheckRunner runner(KubernetesClient client, Function<String, ChildJob> jobs) {
        return runner(client, jobs, Map.of(), Duration.ofSeconds(1));
    }

    /** A runner with these parts and a new HTTP client. */
    static LiveCheckRunner runner(
            KubernetesClient client,
            Function<String, ChildJob> jobs,
            Map<String, MetricProvider> providers,
            Duration extensionBound) {
        return new LiveCheckRunner(
                client, jobs, providers, new ExtensionCalls(extensionBound), http());
    }

    static HttpClient http() {
        return HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    }

    static AnalysisCheck check(AnalysisProviderSpec provider, String success, String failure) {
        var check = new AnalysisCheck();
        check.setName("success-rate");
        check.setProvider(provider);
        check.setSuccessCondition(success);
        check.setFailureCondition(failure);
        return check;
    }

    static AnalysisProviderSpec prometheus(String address, String query, String timeout) {
        var spec = new PrometheusProviderSpec();
        spec.setAddress(address);
        spec.setQuery(query);
        spec.setTimeout(timeout);
        var provider = new AnalysisProviderSpec();
        provider.setPrometheus(spec);
        return provider;
    }

    static AnalysisProviderSpec web(WebProviderSpec spec) {
        var provider = new AnalysisProviderSpec();
        provider.setWeb(spec);
        return provider;
    }

    static AnalysisProviderSpec flink(String timeout) {
        var spec = new FlinkProviderSpec();
        spec.setTimeout(timeout);
        var provider = new AnalysisProviderSpec();
        provider.setFlink(spec);
        return provider;
    }

    static AnalysisProviderSpec extension(ExtensionProviderSpec spec) {
        var provider = new AnalysisProviderSpec();
        provider.setExtension(spec);
        return provider;
    }

    /** A loopback address where nothing listens (a port just freed). */
    static String unreachable() throws IOException {
        try (var socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return "http://127.0.0.1:" + socket.getLocalPort();
        }
    }
}
