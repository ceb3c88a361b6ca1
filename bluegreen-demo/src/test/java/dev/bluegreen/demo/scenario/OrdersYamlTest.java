package dev.bluegreen.demo.scenario;

import dev.bluegreen.operator.internal.validate.SchemaValidator;
import dev.bluegreen.operator.internal.validate.SpecValidator;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.utils.Serialization;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The demo's resources, {@code demo/orders.yaml} and {@code demo/orders-kafka.yaml}, and the demo's
 * edits.
 */
class OrdersYamlTest {

    @Test
    void isAValidBlueGreenDeploymentOfTheExampleJob() {
        FlinkBlueGreenDeployment orders = orders();

        assertThat(SpecValidator.withoutSchema().validate(orders)).isEmpty();
        JsonNode job = orders.getSpec().getTemplate().getSpec().path("job");
        assertThat(job.path("jarURI").asText())
                .isEqualTo("local:///opt/flink/usrlib/bluegreen-example-job.jar");
        assertThat(job.path("entryClass").asText()).isEqualTo("dev.bluegreen.example.CountingJob");
        assertThat(ParentSpec.arg(orders, "--version")).isEqualTo("v1");
        assertThat(orders.getSpec().getConfiguration())
                .containsEntry("kubernetes.operator.bluegreen.readiness.soak", "5 s");
    }

    @Test
    void theKafkaResourceRunsTheKafkaJobWithPerColourSinkStateAllowed() {
        FlinkBlueGreenDeployment orders = orders(PipelineKind.KAFKA);

        assertThat(SpecValidator.withoutSchema().validate(orders)).isEmpty();
        JsonNode spec = orders.getSpec().getTemplate().getSpec();
        JsonNode job = spec.path("job");
        assertThat(job.path("jarURI").asText())
                .isEqualTo("local:///opt/flink/usrlib/bluegreen-kafka-example.jar");
        assertThat(job.path("entryClass").asText())
                .isEqualTo("dev.bluegreen.kafka.example.KafkaCountingJob");
        assertThat(job.path("allowNonRestoredState").asBoolean()).isTrue();
        assertThat(job.path("upgradeMode").asText()).isEqualTo("savepoint");
        assertThat(job.path("parallelism").asInt()).isEqualTo(2);
        assertThat(
                        spec.path("flinkConfiguration")
                                .path("execution.checkpointing.interval")
                                .asText())
                .isEqualTo("1 s");
        assertThat(ParentSpec.arg(orders, "--version")).isEqualTo("v1");
        assertThat(ParentSpec.arg(orders, "--input-topic")).isEqualTo("orders-in");
        assertThat(ParentSpec.arg(orders, "--output-topic")).isEqualTo("orders-out");
        assertThat(ParentSpec.withArg(orders, "--bootstrap-servers", "localhost:4321"))
                .satisfies(
                        o ->
                                assertThat(ParentSpec.arg(o, "--bootstrap-servers"))
                                        .isEqualTo("localhost:4321"));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(PipelineKind.class)
    void itsTemplateIsAFlinkDeploymentSpecTheUpstreamSchemaAccepts(PipelineKind kind)
            throws Exception {
        Path crd =
                projectRoot()
                        .resolve(
                                "../shared/upstream-crds/operator-1.10.0-flinkdeployments.flink.apache.org-v1.yml");
        JsonNode crdTree;
        try (InputStream in = Files.newInputStream(crd)) {
            crdTree = Serialization.unmarshal(in, JsonNode.class);
        }

        var schema = SchemaValidator.fromCrd(crdTree).orElseThrow();

        assertThat(schema.validate(orders(kind).getSpec().getTemplate().getSpec())).isEmpty();
    }

    @Test
    void advancedEditIsAValidAdvancedSpecOnTheProductsDefaultConfigMapChannel() {
        FlinkBlueGreenDeployment orders = ParentSpec.advanced(orders());

        assertThat(SpecValidator.withoutSchema().validate(orders)).isEmpty();
        assertThat(orders.getSpec().getTransitionMode())
                .isEqualTo(dev.bluegreen.operator.resource.TransitionMode.ADVANCED);
        assertThat(orders.getSpec().getConfiguration())
                .containsEntry("kubernetes.operator.bluegreen.readiness.soak", "5 s")
                .doesNotContainKey("kubernetes.operator.bluegreen.advanced.channel")
                .containsEntry("kubernetes.operator.bluegreen.advanced.catch-up-bound", "30 s");
        assertThat(
                        orders.getSpec()
                                .getTemplate()
                                .getSpec()
                                .path("flinkConfiguration")
                                .path("bluegreen.gate.report-interval")
                                .asText())
                .isEqualTo("200 ms");
    }

    @Test
    void editsSetTheArgumentAfterAFlagAndTheJobState() {
        FlinkBlueGreenDeployment orders = orders();

        ParentSpec.withArg(orders, "--version", "v2");
        ParentSpec.withArg(orders, "--output", "/data/out");
        ParentSpec.withJobState(orders, "suspended");

        assertThat(ParentSpec.arg(orders, "--version")).isEqualTo("v2");
        assertThat(ParentSpec.arg(orders, "--output")).isEqualTo("/data/out");
        assertThat(orders.getSpec().getTemplate().getSpec().path("job").path("state").asText())
                .isEqualTo("suspended");
    }

    @Test
    void setsAFlinkConfigurationKeyOfTheTemplate() {
        FlinkBlueGreenDeployment orders =
                ParentSpec.withFlinkConfiguration(
                        orders(PipelineKind.KAFKA), "bluegreen.gate.report-interval", "200 ms");

        JsonNode flink = orders.getSpec().getTemplate().getSpec().path("flinkConfiguration");
        assertThat(flink.path("bluegreen.gate.report-interval").asText()).isEqualTo("200 ms");
        assertThat(flink.path("execution.checkpointing.interval").asText()).isEqualTo("1 s");
    }

    @Test
    void aMissingRequiredArgumentIsAnErrorNamingTheField() {
        assertThat(ParentSpec.requiredArg(orders(PipelineKind.KAFKA), "--output-topic"))
                .isEqualTo("orders-out");
        assertThatThrownBy(() -> ParentSpec.requiredArg(orders(), "--output-topic"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(
                        "spec.template.spec.job.args: expected \"--output-topic <value>\", got [");
    }

    @Test
    void theAnalysisEditIsAValidSpecWithTheReporterAndBothChecks() {
        FlinkBlueGreenDeployment orders =
                AnalysisSpecs.withChecks(
                        ParentSpec.advanced(orders()), URI.create("http://127.0.0.1:9090/"));

        // the spec's own validation: CEL conditions compile, the post check has a finite count
        assertThat(SpecValidator.withoutSchema().validate(orders)).isEmpty();
        JsonNode flink = orders.getSpec().getTemplate().getSpec().path("flinkConfiguration");
        assertThat(flink.path("metrics.reporter.prom.factory.class").asText())
                .isEqualTo("org.apache.flink.metrics.prometheus.PrometheusReporterFactory");
        assertThat(flink.path("metrics.reporter.prom.port").asText()).isEqualTo("9250-9270");
        assertThat(flink.path("metrics.reporter.prom.filterLabelValueCharacters").asText())
                .isEqualTo("false");
        var pre = orders.getSpec().getAnalysis().getPrePromotion().get(0);
        var post = orders.getSpec().getAnalysis().getPostPromotion().get(0);
        assertThat(pre.getName()).isEqualTo("error-rate");
        assertThat(pre.getCount()).isEqualTo(3);
        assertThat(pre.getSuccessCondition()).isEqualTo("size(result) == 0 || result[0] == 0.0");
        assertThat(post.getName()).isEqualTo("error-rate-after-switch");
        assertThat(post.getCount()).isEqualTo(15);
        assertThat(post.getInterval()).isEqualTo("2s");
        assertThat(post.getFailureCondition()).isEqualTo("size(result) > 0 && result[0] > 0.0");
        assertThat(post.getProvider().getPrometheus().getAddress())
                .isEqualTo("http://127.0.0.1:9090");
        assertThat(post.getProvider().getPrometheus().getQuery())
                .isEqualTo(
                        "sum(rate(flink_taskmanager_job_task_operator_bluegreen_example_errors"
                                + "{job_name=\"{{child}}\"}[10s]))");
        assertThat(AnalysisSpecs.query("orders-green")).contains("{job_name=\"orders-green\"}");
    }

    @Test
    void addsArgumentsAndRemovesAFlagWithItsValue() {
        FlinkBlueGreenDeployment orders = orders();
        String before =
                orders.getSpec().getTemplate().getSpec().path("job").path("args").toString();

        ParentSpec.withAddedArgs(orders, "--bad-when-file", "/tmp/bad");
        assertThat(ParentSpec.arg(orders, "--bad-when-file")).isEqualTo("/tmp/bad");
        ParentSpec.withoutArg(orders, "--bad-when-file");
        ParentSpec.withoutArg(orders, "--not-there");

        assertThat(orders.getSpec().getTemplate().getSpec().path("job").path("args"))
                .hasToString(before);
    }

    @Test
    void addingArgumentsToArgsThatAreNoListIsAnErrorNamingTheField() {
        FlinkBlueGreenDeployment orders = orders();
        ((com.fasterxml.jackson.databind.node.ObjectNode)
                        orders.getSpec().getTemplate().getSpec().path("job"))
                .put("args", "--version v1");

        assertThatThrownBy(() -> ParentSpec.withAddedArgs(orders, "--x", "y"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("spec.template.spec.job.args: expected a list, got \"--version v1\"");
    }

    @Test
    void aMissingFlagIsAnErrorNamingTheField() {
        assertThatThrownBy(() -> ParentSpec.withArg(orders(), "--colour", "red"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(
                        "spec.template.spec.job.args: expected \"--colour <value>\", got [");
    }

    private static FlinkBlueGreenDeployment orders() {
        return orders(PipelineKind.FILES);
    }

    private static FlinkBlueGreenDeployment orders(PipelineKind kind) {
        try (InputStream yaml = DemoScenario.class.getResourceAsStream(kind.resource())) {
            return Serialization.unmarshal(yaml, FlinkBlueGreenDeployment.class);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Path projectRoot() {
        String root = System.getProperty("bluegreen.project.root");
        if (root != null) {
            return Path.of(root);
        }
        Path dir = Path.of("").toAbsolutePath();
        while (!Files.exists(dir.resolve("bluegreen-core"))) {
            dir = dir.getParent();
        }
        return dir;
    }
}
