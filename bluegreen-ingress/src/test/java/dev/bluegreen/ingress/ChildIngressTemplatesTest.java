package dev.bluegreen.ingress;

import dev.bluegreen.core.Color;
import dev.bluegreen.ingress.ChildIngress.Disambiguation;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class ChildIngressTemplatesTest {

    private static final String NS = "prod";

    /** The four template styles the Flink operator documents, with the expected outcome. */
    enum Style {
        NAME_IN_HOST(
                "{{name}}.{{namespace}}.example.com",
                Disambiguation.UNCHANGED,
                (child, color) -> new RenderedRule(child + "." + NS + ".example.com", null)),
        FIXED_HOST(
                "flink.example.com",
                Disambiguation.HOST_PREFIX,
                (child, color) -> new RenderedRule(color.lowerCase() + "-flink.example.com", null)),
        HOST_AND_PATH(
                "example.com/{{namespace}}/{{name}}(/|$)(.*)",
                Disambiguation.UNCHANGED,
                (child, color) ->
                        new RenderedRule("example.com", "/" + NS + "/" + child + "(/|$)(.*)")),
        PATH_ONLY(
                "/{{namespace}}/{{name}}(/|$)(.*)",
                Disambiguation.UNCHANGED,
                (child, color) -> new RenderedRule(null, "/" + NS + "/" + child + "(/|$)(.*)"));

        final String template;
        final Disambiguation expectedHow;
        final BiFunction<String, Color, RenderedRule> expectedRule;

        Style(String template, Disambiguation how, BiFunction<String, Color, RenderedRule> rule) {
            this.template = template;
            this.expectedHow = how;
            this.expectedRule = rule;
        }
    }

    static Stream<Arguments> styleColourLength() {
        List<Arguments> cases = new ArrayList<>();
        for (Style style : Style.values()) {
            for (Color color : Color.values()) {
                for (int length : new int[] {6, 39, 40, 45, 63, 64, 253}) {
                    cases.add(
                            Arguments.of(style + " " + color + " " + length, style, color, length));
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("styleColourLength")
    void rendersEveryDocumentedStyleWithoutCollision(
            String caseName, Style style, Color color, int length) {
        // Given
        String parent = TestNames.parentOfLength(length);
        String child = ResourceNames.child(parent, color);

        // When
        ChildIngress ingress = ChildIngressTemplates.forColor(style.template, parent, NS, color);
        ChildIngress other =
                ChildIngressTemplates.forColor(style.template, parent, NS, color.opposite());

        // Then
        assertThat(ingress.disambiguation()).isEqualTo(style.expectedHow);
        assertThat(ingress.rule()).isEqualTo(style.expectedRule.apply(child, color));
        assertThat(ingress.rule()).isNotEqualTo(other.rule());
        assertThat(UpstreamIngressRenderer.render(ingress.template(), child, NS))
                .isEqualTo(ingress.rule());
        assertValid(ingress.rule());
    }

    static Stream<Arguments> otherTemplates() {
        return Stream.of(
                Arguments.of(
                        "fixed host with scheme and path",
                        "https://flink.example.com/ui",
                        Disambiguation.HOST_PREFIX,
                        "https://blue-flink.example.com/ui",
                        new RenderedRule("blue-flink.example.com", "/ui")),
                Arguments.of(
                        "namespace-only host",
                        "{{namespace}}.example.com",
                        Disambiguation.HOST_PREFIX,
                        "blue-{{namespace}}.example.com",
                        new RenderedRule("blue-prod.example.com", null)),
                Arguments.of(
                        "wildcard host cannot take a prefix",
                        "*.example.com",
                        Disambiguation.PATH_PREFIX,
                        "*.example.com/blue",
                        new RenderedRule("*.example.com", "/blue")),
                Arguments.of(
                        "63-character host label cannot take a prefix",
                        "a".repeat(63) + ".example.com/ui",
                        Disambiguation.PATH_PREFIX,
                        "a".repeat(63) + ".example.com/blue/ui",
                        new RenderedRule("a".repeat(63) + ".example.com", "/blue/ui")),
                Arguments.of(
                        "fixed path only keeps regex groups",
                        "/flink(/|$)(.*)",
                        Disambiguation.PATH_PREFIX,
                        "/blue/flink(/|$)(.*)",
                        new RenderedRule(null, "/blue/flink(/|$)(.*)")),
                Arguments.of(
                        "namespace-only path",
                        "/{{namespace}}",
                        Disambiguation.PATH_PREFIX,
                        "/blue/{{namespace}}",
                        new RenderedRule(null, "/blue/prod")),
                Arguments.of(
                        "placeholders in any case",
                        "{{NAME}}.{{Namespace}}.example.com",
                        Disambiguation.UNCHANGED,
                        "{{NAME}}.{{Namespace}}.example.com",
                        new RenderedRule("orders-blue.prod.example.com", null)),
                Arguments.of(
                        "name only in the query does not separate",
                        "flink.example.com?x={{name}}",
                        Disambiguation.HOST_PREFIX,
                        "blue-flink.example.com?x={{name}}",
                        new RenderedRule("blue-flink.example.com", null)),
                Arguments.of(
                        "userinfo is not the host",
                        "user@flink.example.com",
                        Disambiguation.PATH_PREFIX,
                        "user@flink.example.com/blue",
                        new RenderedRule("flink.example.com", "/blue")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("otherTemplates")
    void changesOtherTemplatesOnlyAsMuchAsNeeded(
            String caseName,
            String template,
            Disambiguation how,
            String blueTemplate,
            RenderedRule blueRule) {
        // When
        Map<Color, ChildIngress> both = ChildIngressTemplates.both(template, "orders", NS);

        // Then
        ChildIngress blue = both.get(Color.BLUE);
        assertThat(blue.disambiguation()).isEqualTo(how);
        assertThat(blue.template()).isEqualTo(blueTemplate);
        assertThat(blue.rule()).isEqualTo(blueRule);
        assertThat(both.get(Color.GREEN).disambiguation()).isEqualTo(how);
        assertThat(both.get(Color.GREEN).rule()).isNotEqualTo(blueRule);
        assertValid(both.get(Color.GREEN).rule());
    }

    @Test
    void upstreamPrefixTurnsAPathOnlyTemplateIntoAnInvalidHost() {
        // Given upstream's rewrite of a path-only template: "blue-" + template
        RenderedRule upstream =
                UpstreamIngressRenderer.render(
                        "blue-/{{namespace}}/{{name}}(/|$)(.*)", "orders-blue", NS);

        // Then the host is "blue-", which the API server rejects; ours keeps the template
        assertThat(upstream.host()).isEqualTo("blue-");
        assertThat(upstream.isValid()).isFalse();
        assertThat(
                        ChildIngressTemplates.forColor(
                                        "/{{namespace}}/{{name}}(/|$)(.*)",
                                        "orders",
                                        NS,
                                        Color.BLUE)
                                .rule()
                                .isValid())
                .isTrue();
    }

    @Test
    void rendersUpstreamDocumentedExamples() {
        // The Flink operator's docs: name "advanced-ingress" in namespace "default"
        assertThat(
                        UpstreamIngressRenderer.render(
                                "flink.k8s.io/{{namespace}}/{{name}}(/|$)(.*)",
                                "advanced-ingress",
                                "default"))
                .isEqualTo(new RenderedRule("flink.k8s.io", "/default/advanced-ingress(/|$)(.*)"));
        assertThat(
                        UpstreamIngressRenderer.render(
                                "{{name}}.{{namespace}}.flink.k8s.io", "basic", "default"))
                .isEqualTo(new RenderedRule("basic.default.flink.k8s.io", null));
        assertThat(UpstreamIngressRenderer.render("HTTPS://flink.k8s.io", "basic", "default"))
                .isEqualTo(new RenderedRule("flink.k8s.io", null));
    }

    @Test
    void sameInputGivesEqualResults() {
        assertThat(ChildIngressTemplates.both("flink.example.com", "orders", NS))
                .isEqualTo(ChildIngressTemplates.both("flink.example.com", "orders", NS));
    }

    static void assertValid(RenderedRule rule) {
        if (rule.hasHost()) {
            assertThat(KubernetesSchema.isIngressHost(rule.host()))
                    .as("host %s", rule.host())
                    .isTrue();
        }
        if (rule.hasPath()) {
            assertThat(rule.path()).startsWith("/");
        }
    }
}
