package dev.bluegreen.operator.internal.validate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

import static dev.bluegreen.operator.internal.validate.SpecValidatorTest.spec;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The checks of {@code spec.analysis} through the validator: every guard fed a bad value in one
 * field of an otherwise valid check, and the problem names the full field path.
 */
class AnalysisChecksTest {
    static final SpecValidator VALIDATOR = SpecValidator.withoutSchema();
    static final ObjectMapper JSON = new ObjectMapper();

    /** A valid check: five measurements 30 s apart from Prometheus, one failure allowed. */
    static ObjectNode goodCheck(String name) {
        ObjectNode check = JSON.createObjectNode();
        check.put("name", name);
        check.put("interval", "30s");
        check.put("count", 5);
        check.put("failureLimit", 1);
        check.put("successCondition", "result < 0.01");
        check.putObject("provider")
                .putObject("prometheus")
                .put("address", "http://prometheus.monitoring:9090")
                .put("query", "sum(rate(errors{namespace=\"{{namespace}}\"}[1m]))");
        return check;
    }

    static Stream<Arguments> badFields() {
        return Stream.of(
                row("pre", "name", null, "name", "required"),
                row("pre", "name", "\"Error_Rate\"", "name", "expected a DNS-1123 label"),
                row("pre", "name", "\"" + "a".repeat(64) + "\"", "name", "at most 63"),
                row("pre", "initialDelay", "\"soon\"", "initialDelay", "cannot parse \"soon\""),
                row("pre", "initialDelay", "\"30\"", "initialDelay", "cannot parse \"30\""),
                row("pre", "interval", "\"0s\"", "interval", "expected a duration > 0"),
                row("pre", "interval", "\"-1s\"", "interval", "cannot parse \"-1s\""),
                row("pre", "count", "-1", "count", "expected >= 0, got -1"),
                row("pre", "interval", null, "count", "a count above 1 needs an interval"),
                row("post", "count", null, "count", "would be kept forever"),
                row("post", "count", "0", "count", "would be kept forever"),
                row("pre", "failureLimit", "-2", "failureLimit", "expected >= -1, got -2"),
                row("pre", "inconclusiveLimit", "-1", "inconclusiveLimit", "expected >= 0"),
                row("pre", "consecutiveErrorLimit", "-1", "consecutiveErrorLimit", ">= 0"),
                row("pre", "failureLimit", "6", "failureLimit", "at most count (5), got 6"),
                row("pre", "inconclusiveLimit", "6", "inconclusiveLimit", "at most count (5)"),
                row("pre", "successCondition", "\"result <\"", "successCondition", "compile"),
                row("pre", "successCondition", "\"  \"", "successCondition", "blank"),
                row(
                        "pre",
                        "failureCondition",
                        "\"errors > 1\"",
                        "failureCondition",
                        "undeclared reference to 'errors'"),
                row("post", "failureCondition", "\"1 + 2\"", "failureCondition", "type int"),
                row("pre", "provider", null, "provider", "exactly one of prometheus, web, flink,"),
                row("pre", "provider.web", "{\"url\":\"http://h\"}", "provider", "prometheus, web"),
                row("pre", "provider", "{}", "provider", "got none"),
                row(
                        "pre",
                        "provider.prometheus.address",
                        null,
                        "provider.prometheus.address",
                        "required"),
                row(
                        "pre",
                        "provider.prometheus.address",
                        "\"prom:9090\"",
                        "provider.prometheus.address",
                        "absolute"),
                row(
                        "pre",
                        "provider.prometheus.address",
                        "\"ftp://p\"",
                        "provider.prometheus.address",
                        "http or"),
                row(
                        "pre",
                        "provider.prometheus.address",
                        "\"http://\"",
                        "provider.prometheus.address",
                        "absolute"),
                row(
                        "pre",
                        "provider.prometheus.query",
                        "\" \"",
                        "provider.prometheus.query",
                        "required"),
                row(
                        "pre",
                        "provider.prometheus.timeout",
                        "\"0s\"",
                        "provider.prometheus.timeout",
                        "> 0"));
    }

    static Stream<Arguments> badProviders() {
        return Stream.of(
                provider("web", "{\"url\":\"/hook\"}", "web.url", "absolute"),
                provider("web", "{}", "web.url", "required"),
                provider("web", "{\"url\":\"https://h\",\"retries\":11}", "web.retries", "0 to 10"),
                provider("web", "{\"url\":\"https://h\",\"retries\":-1}", "web.retries", "got -1"),
                provider(
                        "web", "{\"url\":\"https://h\",\"timeout\":\"x\"}", "web.timeout", "parse"),
                provider(
                        "web",
                        "{\"url\":\"https://h\",\"headersSecretRef\":\"Bad_Name\"}",
                        "web.headersSecretRef",
                        "a DNS-1123 subdomain"),
                provider("flink", "{\"timeout\":\"0\"}", "flink.timeout", "> 0"),
                provider("extension", "{}", "extension.name", "required"),
                provider("extension", "{\"name\":\" \"}", "extension.name", "required"));
    }

    @ParameterizedTest(name = "{0} {1} = {2}")
    @MethodSource("badFields")
    void aBadFieldIsReportedUnderItsFullPath(
            String stage, String path, String value, String field, String message) {
        ObjectNode check = goodCheck("error-rate");
        set(check, path, value);

        assertSingle(problems(stage, List.of(goodCheck("lag"), check)), stage, 1, field, message);
    }

    @ParameterizedTest(name = "{0} = {1}")
    @MethodSource("badProviders")
    void aBadProviderFieldIsReportedUnderItsFullPath(
            String kind, String value, String field, String message) {
        ObjectNode check = goodCheck("hook");
        check.set("provider", JSON.createObjectNode().set(kind, json(value)));

        assertSingle(problems("post", List.of(check)), "post", 0, "provider." + field, message);
    }

    @Test
    void aDuplicateNameInAStageNamesTheFirst() {
        assertThat(problems("pre", List.of(goodCheck("lag"), goodCheck("lag"))))
                .containsExactly(
                        "spec.analysis.prePromotion[1].name: duplicate name \"lag\" (also"
                                + " spec.analysis.prePromotion[0].name); names are unique in a"
                                + " stage");
    }

    @Test
    void theSameNameInBothStagesIsAccepted() {
        var tree = Manifests.upstreamTree();
        var analysis = spec(tree).putObject("analysis");
        analysis.putArray("prePromotion").add(goodCheck("lag"));
        analysis.putArray("postPromotion").add(goodCheck("lag"));

        assertThat(VALIDATOR.validate(Manifests.resource(tree))).isEmpty();
    }

    @Test
    void aCompileErrorSaysWhereInTheExpression() {
        ObjectNode check = goodCheck("lag");
        check.put("successCondition", "result < ");

        assertThat(problems("pre", List.of(check)))
                .singleElement()
                .asString()
                .startsWith(
                        "spec.analysis.prePromotion[0].successCondition: does not compile as CEL:"
                                + " line 1, column ");
    }

    @Test
    void aNullCheckIsReported() {
        var tree = Manifests.upstreamTree();
        spec(tree).putObject("analysis").putArray("postPromotion").addNull();

        assertThat(VALIDATOR.validate(Manifests.resource(tree)))
                .extracting(SpecProblem::toString)
                .containsExactly("spec.analysis.postPromotion[0]: expected a check, got null");
    }

    @Test
    void everyProviderAndFormWritableInTheDocsIsAccepted() {
        ObjectNode flink = goodCheck("restarts");
        flink.remove("interval");
        flink.remove("count");
        flink.put("initialDelay", "1h30m");
        flink.put("successCondition", "candidate.restarts <= incumbent.restarts && blue != green");
        flink.put(
                "failureCondition",
                "size(result) > 0 && result.exists(v, v > 3.0 && !isNaN(v) && !isInf(v))");
        flink.set("provider", json("{\"flink\":{\"timeout\":\"500ms\"}}"));
        ObjectNode web = goodCheck("hook");
        web.put("interval", "2 min");
        web.put("failureLimit", -1);
        web.set(
                "provider",
                json(
                        "{\"web\":{\"url\":\"https://hooks.example.com/check\",\"retries\":10,"
                                + "\"timeout\":\"10s\",\"headersSecretRef\":\"hook-headers\"}}"));
        ObjectNode extension = goodCheck("custom");
        extension.put("interval", "1m");
        extension.put("count", 0);
        extension.set("provider", json("{\"extension\":{\"name\":\"kafka-lag\"}}"));

        assertThat(problems("pre", List.of(flink, web, extension, goodCheck("lag")))).isEmpty();
    }

    @Test
    void aPrePromotionCheckMayRunIndefinitely() {
        ObjectNode check = goodCheck("lag");
        check.remove("count");
        check.remove("failureLimit");

        assertThat(problems("pre", List.of(check))).isEmpty();
    }

    @Test
    void aPostPromotionCheckWithoutIntervalTakesOneMeasurementAndIsFinite() {
        ObjectNode check = goodCheck("lag");
        check.remove("interval");
        check.remove("count");
        check.remove("failureLimit");

        assertThat(problems("post", List.of(check))).isEmpty();
    }

    private static Arguments row(
            String stage, String path, String value, String field, String message) {
        return Arguments.of(stage, path, value, field, message);
    }

    private static Arguments provider(String kind, String value, String field, String message) {
        return Arguments.of(kind, value, field, message);
    }

    /** The problems of a resource with {@code checks} in {@code stage}, as text. */
    private static List<String> problems(String stage, List<ObjectNode> checks) {
        var tree = Manifests.upstreamTree();
        ArrayNode list = spec(tree).putObject("analysis").putArray(stageField(stage));
        checks.forEach(list::add);
        return VALIDATOR.validate(Manifests.resource(tree)).stream()
                .map(SpecProblem::toString)
                .toList();
    }

    /** One problem: the full path of {@code field}, then a message containing {@code fragment}. */
    private static void assertSingle(
            List<String> problems, String stage, int index, String field, String fragment) {
        String prefix = "spec.analysis." + stageField(stage) + "[" + index + "]." + field + ": ";
        assertThat(problems).singleElement().asString().startsWith(prefix).contains(fragment);
    }

    private static String stageField(String stage) {
        return stage.equals("pre") ? "prePromotion" : "postPromotion";
    }

    /** Sets (or, with {@code null}, removes) the field at a dotted {@code path} of {@code node}. */
    private static void set(ObjectNode node, String path, String value) {
        String[] parts = path.split("\\.");
        ObjectNode parent = node;
        for (int i = 0; i < parts.length - 1; i++) {
            parent = (ObjectNode) parent.get(parts[i]);
        }
        String last = parts[parts.length - 1];
        if (value == null) {
            parent.remove(last);
        } else {
            parent.set(last, json(value));
        }
    }

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
