package dev.bluegreen.ingress;

import dev.bluegreen.core.Color;
import dev.bluegreen.ingress.HttpRouteSpec.GatewayRef;
import dev.bluegreen.ingress.HttpRouteSpec.PreviewMatch;

import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPBackendRef;
import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPRoute;
import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPRouteRule;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ParentHttpRouteTest {

    private static final Owner OWNER = Fixtures.owner("orders");
    private static final GatewayRef GATEWAY = new GatewayRef("public", "gateways", "https");

    @Test
    void sendsEveryRequestToTheActiveChildWhenThereIsNoPreview() {
        // When
        HTTPRoute route =
                ParentHttpRoute.desired(
                        HttpRouteSpec.of(GATEWAY), OWNER, new ChildBackend(Color.BLUE, 8081), null);

        // Then
        assertThat(route.getApiVersion()).isEqualTo("gateway.networking.k8s.io/v1");
        assertThat(route.getKind()).isEqualTo("HTTPRoute");
        assertThat(route.getMetadata().getName()).isEqualTo("orders");
        assertThat(route.getMetadata().getNamespace()).isEqualTo("prod");
        assertThat(route.getMetadata().getLabels()).containsEntry("component", "ingress");
        assertThat(route.getMetadata().getOwnerReferences().get(0).getController()).isTrue();
        var parentRef = route.getSpec().getParentRefs().get(0);
        assertThat(parentRef.getName()).isEqualTo("public");
        assertThat(parentRef.getNamespace()).isEqualTo("gateways");
        assertThat(parentRef.getSectionName()).isEqualTo("https");
        assertThat(parentRef.getKind()).isEqualTo("Gateway");
        HTTPRouteRule rule = route.getSpec().getRules().get(0);
        assertThat(route.getSpec().getRules()).hasSize(1);
        assertThat(rule.getMatches().get(0).getPath().getType()).isEqualTo("PathPrefix");
        assertThat(rule.getMatches().get(0).getPath().getValue()).isEqualTo("/");
        assertBackend(rule.getBackendRefs(), "orders-blue-rest", 8081);
    }

    @Test
    void sendsPreviewHeaderRequestsToTheIncomingChild() {
        // When
        HTTPRoute route =
                ParentHttpRoute.desired(
                        HttpRouteSpec.of(GATEWAY),
                        OWNER,
                        new ChildBackend(Color.BLUE, 8081),
                        new ChildBackend(Color.GREEN, 9091));

        // Then the preview rule matches the header, the catch-all stays on the active child
        List<HTTPRouteRule> rules = route.getSpec().getRules();
        assertThat(rules).hasSize(2);
        var header = rules.get(0).getMatches().get(0).getHeaders().get(0);
        assertThat(header.getName()).isEqualTo("x-bluegreen-preview");
        assertThat(header.getType()).isEqualTo("Exact");
        assertThat(header.getValue()).isEqualTo("true");
        assertBackend(rules.get(0).getBackendRefs(), "orders-green-rest", 9091);
        assertThat(rules.get(1).getMatches().get(0).getHeaders()).isEmpty();
        assertBackend(rules.get(1).getBackendRefs(), "orders-blue-rest", 8081);
    }

    @Test
    void previewUnderAPathPrefixIsRewrittenToRoot() {
        HttpRouteSpec spec =
                new HttpRouteSpec(
                        List.of(GatewayRef.named("public")),
                        List.of("flink.example.com"),
                        new PreviewMatch.PathPrefix("/preview"),
                        Map.of(),
                        Map.of("a", "b"));

        HTTPRoute route =
                ParentHttpRoute.desired(
                        spec,
                        OWNER,
                        ChildBackend.onDefaultPort(Color.GREEN),
                        ChildBackend.onDefaultPort(Color.BLUE));

        HTTPRouteRule preview = route.getSpec().getRules().get(0);
        assertThat(route.getSpec().getHostnames()).containsExactly("flink.example.com");
        assertThat(preview.getMatches().get(0).getPath().getValue()).isEqualTo("/preview");
        assertThat(preview.getFilters().get(0).getType()).isEqualTo("URLRewrite");
        assertThat(preview.getFilters().get(0).getUrlRewrite().getPath().getType())
                .isEqualTo("ReplacePrefixMatch");
        assertThat(preview.getFilters().get(0).getUrlRewrite().getPath().getReplacePrefixMatch())
                .isEqualTo("/");
        assertBackend(preview.getBackendRefs(), "orders-blue-rest", 8081);
        assertThat(route.getMetadata().getAnnotations()).containsEntry("a", "b");
    }

    @Test
    void servesASubPathRewrittenToRootAndPreviewsUnderIt() {
        HttpRouteSpec spec =
                new HttpRouteSpec(
                        List.of(GATEWAY),
                        List.of(),
                        "/flink/orders",
                        PreviewMatch.defaultHeader(),
                        Map.of(),
                        Map.of());

        HTTPRoute route =
                ParentHttpRoute.desired(
                        spec,
                        OWNER,
                        ChildBackend.onDefaultPort(Color.BLUE),
                        ChildBackend.onDefaultPort(Color.GREEN));

        List<HTTPRouteRule> rules = route.getSpec().getRules();
        assertThat(rules).hasSize(2);
        for (HTTPRouteRule rule : rules) {
            assertThat(rule.getMatches().get(0).getPath().getValue()).isEqualTo("/flink/orders");
            assertThat(rule.getFilters().get(0).getUrlRewrite().getPath().getReplacePrefixMatch())
                    .isEqualTo("/");
        }
        assertThat(rules.get(0).getMatches().get(0).getHeaders().get(0).getName())
                .isEqualTo("x-bluegreen-preview");
        assertBackend(rules.get(0).getBackendRefs(), "orders-green-rest", 8081);
        assertBackend(rules.get(1).getBackendRefs(), "orders-blue-rest", 8081);
    }

    @Test
    void rootPathIsNotRewritten() {
        HTTPRoute route =
                ParentHttpRoute.desired(
                        HttpRouteSpec.of(GATEWAY),
                        OWNER,
                        ChildBackend.onDefaultPort(Color.BLUE),
                        null);

        assertThat(route.getSpec().getRules().get(0).getFilters()).isEmpty();
    }

    @Test
    void equalInputGivesAnEqualRoute() {
        HTTPRoute first =
                ParentHttpRoute.desired(
                        HttpRouteSpec.of(GATEWAY),
                        OWNER,
                        ChildBackend.onDefaultPort(Color.BLUE),
                        ChildBackend.onDefaultPort(Color.GREEN));
        HTTPRoute second =
                ParentHttpRoute.desired(
                        HttpRouteSpec.of(GATEWAY),
                        Fixtures.owner("orders"),
                        ChildBackend.onDefaultPort(Color.BLUE),
                        ChildBackend.onDefaultPort(Color.GREEN));
        HTTPRoute finished =
                ParentHttpRoute.desired(
                        HttpRouteSpec.of(GATEWAY),
                        OWNER,
                        ChildBackend.onDefaultPort(Color.GREEN),
                        null);

        assertThat(second).isEqualTo(first).hasSameHashCodeAs(first);
        assertThat(finished).isNotEqualTo(first);
    }

    private static void assertBackend(List<HTTPBackendRef> refs, String service, int port) {
        assertThat(refs)
                .singleElement()
                .satisfies(
                        ref -> {
                            assertThat(ref.getName()).isEqualTo(service);
                            assertThat(ref.getKind()).isEqualTo("Service");
                            assertThat(ref.getPort()).isEqualTo(port);
                            assertThat(ref.getWeight()).isEqualTo(100);
                        });
    }
}
