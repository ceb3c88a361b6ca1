package dev.bluegreen.operator.controller;

import dev.bluegreen.operator.fake.FakeFlinkOperator;
import dev.bluegreen.operator.fake.HostOperator;

import com.sun.net.httpserver.HttpServer;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.javaoperatorsdk.operator.Operator;
import io.javaoperatorsdk.operator.RegisteredController;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The registration example of docs/controller.md, compiled and run: the text between the markers
 * below is the snippet in the doc ({@code ControllerDocTest} keeps them identical). The operator
 * and {@code registeredControllers} around it are a fork's {@code FlinkOperator} (release-1.15.0):
 * upstream's operator configuration and its own controller, registered watching {@code team-a}.
 */
@EnableKubernetesMockClient(crud = true)
class RegistrationExampleIT {
    KubernetesClient client;

    @Test
    void registersIntoAnOperatorForkWithItsNamespacesAndExportsTheMeters() throws Exception {
        try (InputStream crd =
                getClass()
                        .getResourceAsStream(
                                "/META-INF/fabric8/flinkbluegreendeployments.bluegreen.dev-v1.yml")) {
            client.apiextensions().v1().customResourceDefinitions().load(crd).create();
        }
        // the upstream operator's CRDs are installed in a real cluster
        FakeFlinkOperator.installCrds(client);
        // upstream's FlinkOperator: its Operator, its controllers registered in run()
        Operator operator = HostOperator.build(client, true);
        Set<RegisteredController<?>> registeredControllers = new HashSet<>();
        registeredControllers.add(
                HostOperator.registerHostController(
                        operator, Set.of("team-a"), new HostOperator.ConfigMaps()));
        int metricsPort = 0;
        // BEGIN registration example
        // FlinkOperator.run(): after upstream's register...Controller() calls, before start()
        var registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        BlueGreenController.registerIfCrdsInstalled(operator, Clock.systemUTC(), registry)
                .ifPresent(registeredControllers::add);
        BlueGreenController.installShutdownHook(operator, Duration.ofSeconds(20));
        operator.start();
        // our meters on a port of the operator pod, for Prometheus to scrape
        HttpServer metrics = HttpServer.create(new InetSocketAddress(metricsPort), 0);
        metrics.createContext(
                "/metrics",
                exchange -> {
                    byte[] body = registry.scrape().getBytes(StandardCharsets.UTF_8);
                    exchange.sendResponseHeaders(200, body.length);
                    exchange.getResponseBody().write(body);
                    exchange.close();
                });
        metrics.start();
        // END registration example
        try {
            var ours = operator.getRegisteredController(BlueGreenReconciler.NAME).orElseThrow();
            assertThat(registeredControllers).contains(ours).hasSize(2);
            assertThat(ours.getConfiguration().getInformerConfig().getNamespaces())
                    .containsExactly("team-a");
            assertThat(scrape(metrics.getAddress().getPort()))
                    .contains("bluegreen_transitions_in_flight 0.0");
        } finally {
            metrics.stop(0);
            operator.stop();
        }
    }

    private static String scrape(int port) throws Exception {
        var request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/metrics"));
        return HttpClient.newHttpClient()
                .send(request.build(), HttpResponse.BodyHandlers.ofString())
                .body();
    }
}
