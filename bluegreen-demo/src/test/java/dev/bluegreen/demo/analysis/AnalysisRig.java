package dev.bluegreen.demo.analysis;

import dev.bluegreen.demo.cluster.EmbeddedCluster;
import dev.bluegreen.demo.scenario.Directories;
import dev.bluegreen.example.OutputAudit;
import dev.bluegreen.operator.resource.AnalysisCheck;
import dev.bluegreen.operator.resource.AnalysisSpec;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus;
import dev.bluegreen.standin.prometheus.PrometheusServer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

import static org.awaitility.Awaitility.await;

/**
 * The shared fixture of the analysis scenarios: a real Prometheus scraping the Flink Prometheus
 * reporters of the stand-in's MiniClusters (ports 9250-9270), and one embedded cluster (the
 * embedded Kubernetes API, the Flink stand-in running real example jobs, the controller) in which
 * each scenario applies a parent of its own name, with its own output directory.
 */
final class AnalysisRig implements AutoCloseable {
    static final String NAMESPACE = EmbeddedCluster.NAMESPACE;
    static final String ERRORS = "flink_taskmanager_job_task_operator_bluegreen_example_errors";

    private static final ResourceDefinitionContext FLINK_DEPLOYMENT =
            new ResourceDefinitionContext.Builder()
                    .withGroup("flink.apache.org")
                    .withVersion("v1beta1")
                    .withKind("FlinkDeployment")
                    .withPlural("flinkdeployments")
                    .withNamespaced(true)
                    .build();

    private final Path out;
    private final PrometheusServer prometheus;
    private final EmbeddedCluster cluster;

    private AnalysisRig(Path out, PrometheusServer prometheus, EmbeddedCluster cluster) {
        this.out = out;
        this.prometheus = prometheus;
        this.cluster = cluster;
    }

    /**
     * Starts Prometheus and the embedded cluster on an emptied {@code out} (an earlier run's output
     * would count as duplicates); the caller closes the rig.
     */
    static AnalysisRig start(Path out) throws IOException {
        Path binary = RealPrometheus.binary();
        Directories.recreate(out);
        Path usrlib = Path.of(System.getProperty("demo.usrlib", "target/usrlib"));
        var prometheus = PrometheusServer.scrapingPorts(binary, 9250, 9270);
        try {
            return new AnalysisRig(
                    out, prometheus, EmbeddedCluster.start(out.resolve("work"), usrlib));
        } catch (RuntimeException e) {
            prometheus.close();
            throw e;
        }
    }

    String prometheusAddress() {
        return prometheus.baseUri().toString().replaceAll("/$", "");
    }

    KubernetesClient client() {
        return cluster.client();
    }

    /** The demo's BASIC parent named {@code name}, its jobs reporting to Prometheus. */
    FlinkBlueGreenDeployment parent(String name, AnalysisSpec analysis) {
        var parent = load();
        parent.getMetadata().setName(name);
        parent.getSpec().setAnalysis(analysis);
        JsonNode spec = parent.getSpec().getTemplate().getSpec();
        var flink = (ObjectNode) spec.path("flinkConfiguration");
        flink.put(
                "metrics.reporter.prom.factory.class",
                "org.apache.flink.metrics.prometheus.PrometheusReporterFactory");
        flink.put("metrics.reporter.prom.port", "9250-9270");
        flink.put("metrics.reporter.prom.filterLabelValueCharacters", "false");
        return withArg(parent, "--output", output(name).toString());
    }

    /** The output directory of {@code name}'s jobs. */
    Path output(String name) {
        return out.resolve("output-" + name).toAbsolutePath();
    }

    void create(FlinkBlueGreenDeployment parent) {
        client().resource(parent).create();
    }

    /** GET, change, PUT; retried on a conflict with the controller's status writes. */
    void edit(String name, UnaryOperator<FlinkBlueGreenDeployment> change) {
        var resource =
                client().resources(FlinkBlueGreenDeployment.class)
                        .inNamespace(NAMESPACE)
                        .withName(name);
        for (int attempt = 1; ; attempt++) {
            try {
                client().resource(change.apply(resource.get())).update();
                return;
            } catch (KubernetesClientException e) {
                if (e.getCode() != 409 || attempt == 10) {
                    throw e;
                }
            }
        }
    }

    FlinkBlueGreenDeploymentStatus status(String name) {
        var parent =
                client().resources(FlinkBlueGreenDeployment.class)
                        .inNamespace(NAMESPACE)
                        .withName(name)
                        .get();
        return parent == null || parent.getStatus() == null
                ? new FlinkBlueGreenDeploymentStatus()
                : parent.getStatus();
    }

    void awaitState(String name, Duration atMost, Predicate<String> state) {
        await(name + " state")
                .atMost(atMost)
                .pollInterval(Duration.ofMillis(200))
                .until(() -> status(name).getState(), s -> s != null && state.test(s));
    }

    /** The events about {@code name} (the parent), oldest first. */
    List<Event> events(String name) {
        return client().v1().events().inNamespace(NAMESPACE).list().getItems().stream()
                .filter(e -> name.equals(e.getInvolvedObject().getName()))
                .toList();
    }

    /** The child FlinkDeployment, or {@code null}. */
    GenericKubernetesResource child(String name) {
        return client().genericKubernetesResources(FLINK_DEPLOYMENT)
                .inNamespace(NAMESPACE)
                .withName(name)
                .get();
    }

    /** The job id the child reports, or {@code null}. */
    String jobId(String child) {
        var resource = child(child);
        if (resource == null) {
            return null;
        }
        JsonNode status =
                client().getKubernetesSerialization()
                        .convertValue(
                                resource.getAdditionalProperties().get("status"), JsonNode.class);
        return status == null ? null : status.path("jobStatus").path("jobId").asText(null);
    }

    /** The lines {@code name}'s jobs wrote so far, for one version. */
    List<OutputAudit.Line> lines(String name, String version) {
        return OutputAudit.lines(output(name)).stream()
                .filter(l -> l.version().equals(version))
                .toList();
    }

    /** An analysis check with the given stage list. */
    static AnalysisSpec prePromotion(AnalysisCheck... checks) {
        var spec = new AnalysisSpec();
        spec.setPrePromotion(List.of(checks));
        return spec;
    }

    /** Sets the value after {@code flag} in {@code job.args}, or appends both. */
    static FlinkBlueGreenDeployment withArg(
            FlinkBlueGreenDeployment parent, String flag, String value) {
        var args = (ArrayNode) parent.getSpec().getTemplate().getSpec().path("job").path("args");
        for (int i = 0; i + 1 < args.size(); i++) {
            if (args.get(i).asText().equals(flag)) {
                args.set(i + 1, value);
                return parent;
            }
        }
        args.add(flag).add(value);
        return parent;
    }

    /** Sets {@code job.state}, e.g. {@code suspended}. */
    static FlinkBlueGreenDeployment withJobState(FlinkBlueGreenDeployment parent, String state) {
        ((ObjectNode) parent.getSpec().getTemplate().getSpec().path("job")).put("state", state);
        return parent;
    }

    private FlinkBlueGreenDeployment load() {
        try (InputStream yaml = AnalysisRig.class.getResourceAsStream("/demo/orders.yaml")) {
            return client().resources(FlinkBlueGreenDeployment.class).load(yaml).item();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            cluster.close();
        } finally {
            prometheus.close();
        }
    }
}
