package dev.bluegreen.operator.internal.adopt;

import dev.bluegreen.operator.internal.spec.SpecJson;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * The stable spec of an adoption, row by row: the running spec, except where the job was restored
 * from and the upstream operator's colour prefix on the child ingress, which come from the
 * template.
 */
class AdoptedSpecsTest {
    static final String JOB = "\"job\":{\"jarURI\":\"local:///job.jar\"%s}";
    static final String SAVEPOINT = ",\"initialSavepointPath\":\"%s\"";

    static String spec(String savepoint, String ingressTemplate) {
        String job =
                String.format(JOB, savepoint == null ? "" : String.format(SAVEPOINT, savepoint));
        String ingress =
                ingressTemplate == null
                        ? ""
                        : ",\"ingress\":{\"template\":\"" + ingressTemplate + "\"}";
        return "{\"image\":\"flink:1.20\"," + job + ingress + "}";
    }

    /** One row: name, the template's spec, the running spec, the expected stable template.spec. */
    static Stream<Arguments> rows() {
        String host = "{{name}}.shop.example.com";
        return Stream.of(
                arguments(
                        "same spec: the running spec",
                        spec(null, host),
                        spec(null, host),
                        spec(null, host)),
                arguments(
                        "upstream's hand-over savepoint: the template's (none)",
                        spec(null, host),
                        spec("/savepoints/savepoint-1", host),
                        spec(null, host)),
                arguments(
                        "another restore path: the template's",
                        spec("/savepoints/first", host),
                        spec("/savepoints/savepoint-1", host),
                        spec("/savepoints/first", host)),
                arguments(
                        "upstream's green- prefix: the template's",
                        spec(null, host),
                        spec(null, "green-" + host),
                        spec(null, host)),
                arguments(
                        "upstream's blue- prefix and savepoint: both the template's",
                        spec(null, host),
                        spec("/savepoints/savepoint-2", "blue-" + host),
                        spec(null, host)),
                arguments(
                        "another ingress template: the running one (a real difference)",
                        spec(null, host),
                        spec(null, "other-" + host),
                        spec(null, "other-" + host)),
                arguments(
                        "a prefix but no ingress in the template: the running one",
                        "{\"image\":\"flink:1.20\"," + String.format(JOB, "") + "}",
                        spec(null, "green-" + host),
                        spec(null, "green-" + host)),
                arguments(
                        "another image: the running one (a real difference)",
                        spec(null, host).replace("flink:1.20", "flink:1.19"),
                        spec(null, host),
                        spec(null, host)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void theStableSpecIsTheRunningSpecExceptHowItWasStarted(
            String name, String template, String running, String expected) {
        JsonNode parent = SpecJson.parse("{\"template\":{\"spec\":" + template + "}}", "test");

        JsonNode stable = AdoptedSpecs.stable(parent, deployment(running));

        assertThat(stable.path("template").path("spec"))
                .isEqualTo(SpecJson.parse(expected, "expected"));
    }

    /** One row: name, the spec built from the template, the running spec, the spec to write. */
    static Stream<Arguments> writes() {
        String host = "{{name}}.shop.example.com";
        return Stream.of(
                arguments(
                        "upstream's green- prefix stays on the running child",
                        spec(null, host),
                        spec(null, "green-" + host),
                        spec(null, "green-" + host)),
                arguments(
                        "upstream's hand-over savepoint stays on the running child",
                        spec(null, host),
                        spec("/savepoints/savepoint-1", "blue-" + host),
                        spec("/savepoints/savepoint-1", "blue-" + host)),
                arguments(
                        "another ingress template in the template: the template's is written",
                        spec(null, "other-" + host),
                        spec(null, "green-" + host),
                        spec(null, "other-" + host)),
                arguments(
                        "nothing of upstream's on the running child: the template's spec",
                        spec(null, host).replace("flink:1.20", "flink:1.21"),
                        spec(null, host),
                        spec(null, host).replace("flink:1.20", "flink:1.21")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("writes")
    void aWriteOfTheRunningAdoptedChildKeepsHowItWasStarted(
            String name, String desired, String running, String expected) {
        var desiredSpec = (ObjectNode) SpecJson.parse(desired, "d");

        JsonNode written =
                AdoptedSpecs.keptOnRunningChild(desiredSpec, SpecJson.parse(running, "running"));

        assertThat(written).isEqualTo(SpecJson.parse(expected, "expected"));
        assertThat(desiredSpec).isEqualTo(SpecJson.parse(desired, "unchanged"));
    }

    @SuppressWarnings("unchecked")
    static GenericKubernetesResource deployment(String spec) {
        var fd = new GenericKubernetesResource();
        fd.setAdditionalProperty(
                "spec", SpecJson.mapper().convertValue(SpecJson.parse(spec, "running"), Map.class));
        return fd;
    }
}
