package dev.bluegreen.operator.internal.spec;

import dev.bluegreen.ingress.HttpRouteSpec.PreviewMatch;
import dev.bluegreen.operator.resource.GatewayParentRef;
import dev.bluegreen.operator.resource.HttpRoutePreviewSpec;
import dev.bluegreen.operator.resource.ParentHttpRouteSpec;
import dev.bluegreen.operator.resource.PreviewHeaderSpec;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Reading {@code spec.httpRoute}: defaults, and every bad input named by its field. */
class RouteSpecsTest {

    @Test
    void defaultsToEveryPathAndTheDefaultPreviewHeader() {
        var route = ParentRoutesTest.routeWithPreview();
        route.getPreview().getHeader().setValue(null);

        var spec = RouteSpecs.read(route);

        assertThat(spec.path()).isEqualTo("/");
        assertThat(spec.preview())
                .isEqualTo(new PreviewMatch.Header("x-bluegreen-preview", "true"));
        assertThat(spec.parentRefs().get(0).name()).isEqualTo("public");
    }

    static Stream<Arguments> badRoutes() {
        return Stream.of(
                bad(
                        "no parentRefs",
                        r -> r.setParentRefs(null),
                        "spec.httpRoute.parentRefs: at least one Gateway is required"),
                bad(
                        "a null gateway",
                        r -> r.setParentRefs(Arrays.asList((GatewayParentRef) null)),
                        "spec.httpRoute.parentRefs[0]: required"),
                bad(
                        "a gateway without a name",
                        r -> r.getParentRefs().get(0).setName(null),
                        "spec.httpRoute.parentRefs[0].name: required"),
                bad(
                        "an upper-case gateway name",
                        r -> r.getParentRefs().get(0).setName("Public"),
                        "spec.httpRoute.parentRefs[0].name: expected a DNS-1123 name, got \"Public\""),
                bad(
                        "an IP hostname",
                        r -> r.setHostnames(List.of("10.0.0.1")),
                        "spec.httpRoute.hostnames[0]: expected a DNS-1123 subdomain"),
                bad(
                        "a path without /",
                        r -> r.setPath("flink"),
                        "spec.httpRoute.path: expected \"/\" or segments"),
                bad(
                        "both preview kinds",
                        r -> r.getPreview().setPathPrefix("/preview"),
                        "spec.httpRoute.preview: set exactly one of header and pathPrefix, got both"),
                bad(
                        "no preview kind",
                        r -> r.getPreview().setHeader(null),
                        "spec.httpRoute.preview: set exactly one of header and pathPrefix, got neither"),
                bad(
                        "a header name with a space",
                        r -> r.getPreview().getHeader().setName("x preview"),
                        "spec.httpRoute.preview.header.name: expected an HTTP header name"),
                bad(
                        "an empty header value",
                        r -> r.getPreview().getHeader().setValue(""),
                        "spec.httpRoute.preview.header.value: expected 1 to 4096 characters, got 0"),
                bad(
                        "a preview prefix equal to the path",
                        RouteSpecsTest::previewOnThePath,
                        "spec.httpRoute.preview.pathPrefix: must differ from path"),
                bad(
                        "a bad label",
                        r -> r.setLabels(java.util.Map.of("a/b/c", "x")),
                        "spec.httpRoute.labels"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badRoutes")
    void rejectsNamingTheField(
            String caseName, Consumer<ParentHttpRouteSpec> change, String message) {
        var route = ParentRoutesTest.routeWithPreview();
        route.setParentRefs(new ArrayList<>(route.getParentRefs()));
        change.accept(route);

        assertThatThrownBy(() -> RouteSpecs.read(route))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(message);
    }

    private static void previewOnThePath(ParentHttpRouteSpec route) {
        route.setPath("/flink");
        var preview = new HttpRoutePreviewSpec();
        preview.setPathPrefix("/flink");
        route.setPreview(preview);
    }

    private static Arguments bad(
            String caseName, Consumer<ParentHttpRouteSpec> change, String message) {
        return Arguments.of(caseName, change, message);
    }

    static PreviewHeaderSpec header(String name, String value) {
        var header = new PreviewHeaderSpec();
        header.setName(name);
        header.setValue(value);
        return header;
    }
}
