package dev.bluegreen.ingress;

import dev.bluegreen.core.Color;
import dev.bluegreen.ingress.ChildIngress.Disambiguation;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * For random valid names and templates of every style the Flink operator accepts, blue and green
 * never share a host and path, and every host and path is valid.
 */
class ChildIngressPropertyTest {

    private static final long SEED = 20261130L;
    private static final int CASES = 4000;

    @Test
    void blueAndGreenNeverCollideAndEveryRuleIsValid() {
        Random random = new Random(SEED);
        for (int i = 0; i < CASES; i++) {
            // Given
            String parent = TestNames.randomParent(random);
            String namespace = TestNames.randomNamespace(random);
            String template = randomTemplate(random);
            String context = "case " + i + ": " + template + " / " + parent + " / " + namespace;

            // When
            Map<Color, ChildIngress> both = ChildIngressTemplates.both(template, parent, namespace);

            // Then
            RenderedRule blue = both.get(Color.BLUE).rule();
            RenderedRule green = both.get(Color.GREEN).rule();
            assertThat(blue).as(context).isNotEqualTo(green);
            for (Color color : Color.values()) {
                ChildIngress child = both.get(color);
                assertValid(child.rule(), context);
                assertThat(
                                UpstreamIngressRenderer.render(
                                        child.template(),
                                        ResourceNames.child(parent, color),
                                        namespace))
                        .as(context)
                        .isEqualTo(child.rule());
            }
            if (template.toLowerCase().contains("{{name}}") && !template.contains("?")) {
                assertThat(both.get(Color.BLUE).disambiguation())
                        .as(context)
                        .isEqualTo(Disambiguation.UNCHANGED);
            }
        }
    }

    private static void assertValid(RenderedRule rule, String context) {
        if (rule.hasHost()) {
            assertThat(KubernetesSchema.isIngressHost(rule.host()))
                    .as("host %s in %s", rule.host(), context)
                    .isTrue();
        }
        if (rule.hasPath()) {
            assertThat(rule.path()).as(context).startsWith("/");
        }
    }

    /**
     * A template of a random style: optional scheme, host (fixed, placeholders, wildcard or none),
     * path.
     */
    static String randomTemplate(Random random) {
        String scheme =
                switch (random.nextInt(4)) {
                    case 0 -> "http://";
                    case 1 -> "HTTPS://";
                    default -> "";
                };
        String host = randomHost(random);
        String path = randomPath(random, host.isEmpty());
        if (host.isEmpty() && path.isEmpty()) {
            path = "/" + TestNames.randomLabel(random, 1 + random.nextInt(10), false);
        }
        return (host.isEmpty() ? "" : scheme)
                + host
                + path
                + (random.nextInt(10) == 0 ? "?q={{name}}" : "");
    }

    private static String randomHost(Random random) {
        return switch (random.nextInt(6)) {
            case 0 -> "";
            case 1 ->
                    placeholder(random, "name")
                            + "."
                            + placeholder(random, "namespace")
                            + ".example.com";
            case 2 -> placeholder(random, "namespace") + "." + fixedHost(random);
            case 3 -> "*." + fixedHost(random);
            default -> fixedHost(random);
        };
    }

    private static String randomPath(Random random, boolean required) {
        String regex = random.nextBoolean() ? "(/|$)(.*)" : "";
        return switch (random.nextInt(required ? 3 : 5)) {
            case 0 ->
                    "/"
                            + placeholder(random, "namespace")
                            + "/"
                            + placeholder(random, "name")
                            + regex;
            case 1 -> "/" + TestNames.randomLabel(random, 1 + random.nextInt(20), false) + regex;
            case 2 -> "/" + placeholder(random, "namespace") + regex;
            default -> "";
        };
    }

    private static String fixedHost(Random random) {
        int labels = 1 + random.nextInt(3);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < labels; i++) {
            int length = random.nextInt(8) == 0 ? 63 : 1 + random.nextInt(20);
            sb.append(TestNames.randomLabel(random, length, false)).append('.');
        }
        return sb.append("example.com").toString();
    }

    private static String placeholder(Random random, String name) {
        return random.nextBoolean() ? "{{" + name + "}}" : "{{" + name.toUpperCase() + "}}";
    }
}
