package dev.bluegreen.ingress;

import dev.bluegreen.core.Color;
import dev.bluegreen.ingress.HttpRouteSpec.GatewayRef;
import dev.bluegreen.ingress.HttpRouteSpec.PreviewMatch;

import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Every guard rejects bad input with an exception whose message names the field. */
class InputGuardsTest {

    private static final Owner OWNER = Fixtures.owner("orders");
    private static final ChildBackend BLUE = ChildBackend.onDefaultPort(Color.BLUE);

    static Stream<Arguments> invalidArguments() {
        return Stream.of(
                bad(
                        "parent with upper case",
                        () -> ResourceNames.child("Orders", Color.BLUE),
                        "metadata.name: must consist"),
                bad(
                        "parent starting with a digit",
                        () -> ResourceNames.child("1orders", Color.BLUE),
                        "metadata.name: must consist"),
                bad(
                        "parent ending with '-'",
                        () -> ResourceNames.gateConfigMap("orders-"),
                        "metadata.name: must consist"),
                bad("parent with a dot", () -> ResourceNames.parentIngress("my.app"), "no '.'"),
                bad(
                        "empty parent",
                        () -> ResourceNames.restService("", Color.GREEN),
                        "metadata.name: must consist"),
                bad(
                        "parent of 254 chars",
                        () -> ResourceNames.child("a".repeat(254), Color.GREEN),
                        "metadata.name: too long: 254"),
                bad(
                        "invalid savepoint token",
                        () -> ResourceNames.savepointSnapshot("orders", "T7_savepoint"),
                        "token: expected a DNS-1123 label"),
                bad(
                        "too long savepoint token",
                        () -> ResourceNames.savepointSnapshot("orders", "t".repeat(33)),
                        "token: expected"),
                bad(
                        "negative transition",
                        () -> ResourceNames.savepointSnapshot("orders", -1),
                        "transitionNumber: expected >= 0"),
                bad(
                        "child template not a URL",
                        () ->
                                ChildIngressTemplates.both(
                                        "flink.example.com:abc/x", "orders", "prod"),
                        "spec.template.spec.ingress.template: template: not a valid URL"),
                bad(
                        "child template with invalid host",
                        () ->
                                ChildIngressTemplates.both(
                                        "{{name}}_x.example.com", "orders", "prod"),
                        "spec.template.spec.ingress.template: renders an invalid ingress rule"),
                bad(
                        "child template with upper-case fixed host",
                        () -> ChildIngressTemplates.both("Flink.example.com", "orders", "prod"),
                        "spec.template.spec.ingress.template: renders an invalid"),
                bad(
                        "invalid namespace",
                        () -> ChildIngressTemplates.both("x.example.com", "orders", "Prod"),
                        "metadata.namespace: expected a DNS-1123 label"),
                bad(
                        "parent template not a URL",
                        () -> ParentIngress.v1(IngressSpec.of("http://[::1/x"), OWNER, BLUE),
                        "spec.ingress.template: template: not a valid URL"),
                bad(
                        "parent template with blank host",
                        () -> ParentIngress.v1(IngressSpec.of("-/x"), OWNER, BLUE),
                        "spec.ingress.template: renders an invalid ingress rule"),
                bad(
                        "label value with a space",
                        () ->
                                new IngressSpec(
                                        "x.example.com", null, null, Map.of("team", "a b"), null),
                        "spec.ingress.labels.team: invalid label value \"a b\""),
                bad(
                        "label key with two slashes",
                        () ->
                                new IngressSpec(
                                        "x.example.com", null, null, Map.of("a/b/c", "x"), null),
                        "spec.ingress.labels: invalid key \"a/b/c\""),
                bad(
                        "annotation key with a space",
                        () ->
                                new IngressSpec(
                                        "x.example.com", null, Map.of("my key", "x"), null, null),
                        "spec.ingress.annotations: invalid key \"my key\""),
                bad(
                        "route label value too long",
                        () ->
                                new HttpRouteSpec(
                                        List.of(GatewayRef.named("gw")),
                                        null,
                                        PreviewMatch.defaultHeader(),
                                        Map.of("team", "a".repeat(64)),
                                        null),
                        "labels.team: invalid label value"),
                bad(
                        "non-numeric rest.port",
                        () -> RestPort.fromFlinkConfiguration(Map.of("rest.port", "abc")),
                        "spec.template.spec.flinkConfiguration.rest.port: expected an integer port number, got \"abc\""),
                bad(
                        "rest.port out of range",
                        () -> RestPort.fromFlinkConfiguration(Map.of("rest.port", "70000")),
                        "spec.template.spec.flinkConfiguration.rest.port: expected a port number in 1..65535, got 70000"),
                bad(
                        "backend port 0",
                        () -> new ChildBackend(Color.BLUE, 0),
                        "rest.port: expected a port number"),
                bad(
                        "owner with blank uid",
                        () -> new Owner("v1", "K", "prod", "orders", " "),
                        "metadata.uid: must not be blank"),
                bad(
                        "owner with invalid name",
                        () -> new Owner("v1", "K", "prod", "Orders", "u"),
                        "metadata.name"),
                bad(
                        "route without gateways",
                        () ->
                                new HttpRouteSpec(
                                        List.of(), null, PreviewMatch.defaultHeader(), null, null),
                        "parentRefs: at least one"),
                bad(
                        "route with an IP hostname",
                        () ->
                                new HttpRouteSpec(
                                        List.of(GatewayRef.named("gw")),
                                        List.of("10.0.0.1"),
                                        PreviewMatch.defaultHeader(),
                                        null,
                                        null),
                        "hostnames[0]: expected a DNS-1123 subdomain"),
                bad(
                        "route path without a leading slash",
                        () -> route("flink", PreviewMatch.defaultHeader()),
                        "path: expected \"/\" or segments like \"/flink\", got \"flink\""),
                bad(
                        "route path with a trailing slash",
                        () -> route("/flink/", PreviewMatch.defaultHeader()),
                        "path: expected \"/\" or segments like \"/flink\", got \"/flink/\""),
                bad(
                        "preview path prefix equal to the route path",
                        () -> route("/flink", new PreviewMatch.PathPrefix("/flink")),
                        "preview.pathPrefix: must differ from path, got \"/flink\" for both"),
                bad(
                        "gateway with invalid name",
                        () -> GatewayRef.named("Public"),
                        "parentRefs.name: expected"),
                bad(
                        "gateway with invalid namespace",
                        () -> new GatewayRef("gw", "a.b", null),
                        "parentRefs.namespace: expected"),
                bad(
                        "header name with a space",
                        () -> new PreviewMatch.Header("x preview", "true"),
                        "preview.header.name: expected"),
                bad(
                        "path prefix without slash",
                        () -> new PreviewMatch.PathPrefix("preview"),
                        "preview.pathPrefix: expected"),
                bad(
                        "preview of the active colour",
                        () ->
                                ParentHttpRoute.desired(
                                        HttpRouteSpec.of(GatewayRef.named("gw")),
                                        OWNER,
                                        BLUE,
                                        BLUE),
                        "preview: must be the other colour"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidArguments")
    void rejectsInvalidInputNamingTheField(String caseName, ThrowingCallable call, String message) {
        assertThatThrownBy(call)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message);
    }

    static Stream<Arguments> nullArguments() {
        return Stream.of(
                bad(
                        "null parent",
                        () -> ResourceNames.child(null, Color.BLUE),
                        "metadata.name == null"),
                bad("null colour", () -> ResourceNames.child("orders", null), "color == null"),
                bad(
                        "null token",
                        () -> ResourceNames.savepointSnapshot("orders", null),
                        "token == null"),
                bad(
                        "null child template",
                        () -> ChildIngressTemplates.both(null, "orders", "prod"),
                        "spec.template.spec.ingress.template == null"),
                bad(
                        "null namespace",
                        () -> ChildIngressTemplates.both("x.example.com", "orders", null),
                        "metadata.namespace == null"),
                bad(
                        "null colour for child ingress",
                        () ->
                                ChildIngressTemplates.forColor(
                                        "x.example.com", "orders", "prod", null),
                        "color == null"),
                bad(
                        "null ingress template",
                        () -> IngressSpec.of(null),
                        "spec.ingress.template == null"),
                bad(
                        "null ingress spec",
                        () -> ParentIngress.v1(null, OWNER, BLUE),
                        "spec.ingress == null"),
                bad(
                        "null owner",
                        () -> ParentIngress.v1(IngressSpec.of("x.example.com"), null, BLUE),
                        "owner == null"),
                bad(
                        "null active",
                        () -> ParentIngress.v1(IngressSpec.of("x.example.com"), OWNER, null),
                        "active == null"),
                bad(
                        "null api version",
                        () ->
                                ParentIngress.desired(
                                        null, IngressSpec.of("x.example.com"), OWNER, BLUE),
                        "version == null"),
                bad(
                        "null owner apiVersion",
                        () -> new Owner(null, "K", "prod", "orders", "u"),
                        "apiVersion == null"),
                bad(
                        "null owner namespace",
                        () -> new Owner("v1", "K", null, "orders", "u"),
                        "metadata.namespace == null"),
                bad(
                        "null flinkConfiguration",
                        () -> RestPort.fromFlinkConfiguration(null),
                        "spec.template.spec.flinkConfiguration == null"),
                bad(
                        "null route spec",
                        () -> ParentHttpRoute.desired(null, OWNER, BLUE, null),
                        "spec == null"),
                bad(
                        "null preview match",
                        () ->
                                new HttpRouteSpec(
                                        List.of(GatewayRef.named("gw")), null, null, null, null),
                        "preview == null"),
                bad(
                        "null label value",
                        () -> new IngressSpec("x.example.com", null, null, nullValue("team"), null),
                        "spec.ingress.labels.team == null"),
                bad(
                        "null tls host",
                        () ->
                                new IngressSpec.Tls(
                                        java.util.Arrays.asList("a.example.com", null), "s"),
                        "spec.ingress.tls.hosts[1] == null"),
                bad(
                        "null gateway in route",
                        () ->
                                new HttpRouteSpec(
                                        java.util.Arrays.asList((GatewayRef) null),
                                        null,
                                        PreviewMatch.defaultHeader(),
                                        null,
                                        null),
                        "parentRefs[0] == null"),
                bad("null gateway name", () -> GatewayRef.named(null), "parentRefs.name == null"),
                bad("null backend colour", () -> new ChildBackend(null, 8081), "color == null"),
                bad(
                        "null renderer name",
                        () -> UpstreamIngressRenderer.render("x", null, "prod"),
                        "name == null"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("nullArguments")
    void rejectsNullNamingTheArgument(String caseName, ThrowingCallable call, String message) {
        assertThatThrownBy(call).isInstanceOf(NullPointerException.class).hasMessage(message);
    }

    private static HttpRouteSpec route(String path, PreviewMatch preview) {
        return new HttpRouteSpec(List.of(GatewayRef.named("gw")), null, path, preview, null, null);
    }

    private static Map<String, String> nullValue(String key) {
        Map<String, String> map = new HashMap<>();
        map.put(key, null);
        return map;
    }

    private static Arguments bad(String caseName, ThrowingCallable call, String message) {
        return Arguments.of(caseName, call, message);
    }
}
