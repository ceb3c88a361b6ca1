package dev.bluegreen.ingress;

import dev.bluegreen.core.Color;
import dev.bluegreen.ingress.HttpRouteSpec.GatewayRef;
import dev.bluegreen.ingress.HttpRouteSpec.PreviewMatch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPRoute;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The built objects serialize to YAML whose field names, types, enums and names match the
 * Kubernetes schemas, and deserialize back to equal objects.
 */
class SchemaRoundTripTest {

    private static final YAMLMapper YAML = new YAMLMapper();

    static Stream<Arguments> cases() {
        List<String> templates =
                List.of(
                        "{{name}}.{{namespace}}.example.com",
                        "flink.example.com",
                        "example.com/{{namespace}}/{{name}}(/|$)(.*)",
                        "/{{namespace}}/{{name}}(/|$)(.*)");
        return IntStream.of(1, 39, 40, 45, 63, 64, 253)
                .boxed()
                .flatMap(
                        length ->
                                templates.stream()
                                        // A name over 63 chars cannot be a host label: see
                                        // InputGuardsTest.
                                        .filter(t -> length <= 63 || !t.startsWith("{{name}}"))
                                        .map(
                                                t ->
                                                        Arguments.of(
                                                                "parent " + length + " chars, " + t,
                                                                length,
                                                                t)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void ingressV1IsAcceptedShapeAndRoundTrips(String caseName, int length, String template)
            throws Exception {
        // Given
        String parent = TestNames.parentOfLength(length);
        IngressSpec spec =
                template.contains("{{name}}.")
                        ? IngressSpec.of(template)
                        : Fixtures.fullSpec(template);

        // When
        Ingress ingress =
                ParentIngress.v1(
                        spec, Fixtures.owner(parent), new ChildBackend(Color.GREEN, 65535));
        String yaml = YAML.writeValueAsString(ingress);

        // Then
        assertThat(KubernetesSchema.ingressV1(YAML.readTree(yaml))).as(yaml).isEmpty();
        assertThat(YAML.readValue(yaml, Ingress.class)).isEqualTo(ingress);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void ingressV1beta1IsAcceptedShapeAndRoundTrips(String caseName, int length, String template)
            throws Exception {
        String parent = TestNames.parentOfLength(length);

        var ingress =
                ParentIngress.v1beta1(
                        Fixtures.fullSpec(template),
                        Fixtures.owner(parent),
                        ChildBackend.onDefaultPort(Color.BLUE));
        String yaml = YAML.writeValueAsString(ingress);

        assertThat(KubernetesSchema.ingressV1beta1(YAML.readTree(yaml))).as(yaml).isEmpty();
        assertThat(YAML.readValue(yaml, ingress.getClass())).isEqualTo(ingress);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void httpRouteIsAcceptedShapeAndRoundTrips(String caseName, int length, String template)
            throws Exception {
        String parent = TestNames.parentOfLength(length);
        HttpRouteSpec spec =
                new HttpRouteSpec(
                        List.of(new GatewayRef("public", "gateways", null)),
                        List.of("flink.example.com", "*.flink.example.com"),
                        // a sub-path (rewritten to /) with the header preview, the root otherwise
                        template.startsWith("/") ? "/" : "/flink/" + Fixtures.owner(parent).name(),
                        template.startsWith("/")
                                ? new PreviewMatch.PathPrefix("/preview")
                                : PreviewMatch.defaultHeader(),
                        Map.of("team", "payments"),
                        Map.of());

        HTTPRoute route =
                ParentHttpRoute.desired(
                        spec,
                        Fixtures.owner(parent),
                        ChildBackend.onDefaultPort(Color.BLUE),
                        new ChildBackend(Color.GREEN, 1));
        String yaml = YAML.writeValueAsString(route);

        assertThat(GatewayApiSchema.httpRouteV1(YAML.readTree(yaml))).as(yaml).isEmpty();
        assertThat(YAML.readValue(yaml, HTTPRoute.class)).isEqualTo(route);
    }

    @Test
    void theSchemaCheckRejectsBrokenObjects() throws Exception {
        // Given a valid ingress, serialized
        Ingress ingress =
                ParentIngress.v1(
                        IngressSpec.of("flink.example.com"),
                        Fixtures.owner("orders"),
                        ChildBackend.onDefaultPort(Color.BLUE));
        JsonNode tree = YAML.readTree(YAML.writeValueAsString(ingress));
        ObjectNode path = (ObjectNode) tree.at("/spec/rules/0/http/paths/0");
        ObjectNode service = (ObjectNode) path.at("/backend/service");

        // When broken in four ways (an unknown pathType also makes the path required)
        path.put("pathType", "Regex");
        ((ObjectNode) service.get("port")).put("number", 70000);
        service.put("name", "Orders_Rest");
        ((ObjectNode) tree.get("spec")).put("ingressClass", "nginx");

        // Then each is reported
        assertThat(KubernetesSchema.ingressV1(tree))
                .hasSize(5)
                .anyMatch(e -> e.contains("pathType"))
                .anyMatch(e -> e.contains("path is required"))
                .anyMatch(e -> e.contains("port"))
                .anyMatch(e -> e.contains("service name"))
                .anyMatch(e -> e.contains("unknown field spec.ingressClass"));
    }
}
