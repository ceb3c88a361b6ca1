package dev.bluegreen.operator.internal.spec;

import dev.bluegreen.operator.resource.DeploymentTemplate;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentSpec;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SpecJsonTest {

    @Test
    void keyOrderAndNullsDoNotChangeTheRef() {
        var a = SpecJson.parse("{\"b\":1,\"a\":{\"y\":2,\"x\":null}}", "a");
        var b = SpecJson.parse("{\"a\":{\"y\":2},\"b\":1}", "b");

        assertThat(SpecJson.canonical(a)).isEqualTo("{\"a\":{\"y\":2},\"b\":1}");
        assertThat(SpecJson.ref(a)).isEqualTo(SpecJson.ref(b)).hasSize(16).matches("[0-9a-f]+");
    }

    @Test
    void anyValueChangeChangesTheRef() {
        var a = SpecJson.parse("{\"template\":{\"spec\":{\"image\":\"flink:1.19\"}}}", "a");
        var b = SpecJson.parse("{\"template\":{\"spec\":{\"image\":\"flink:1.20\"}}}", "b");

        assertThat(SpecJson.ref(a)).isNotEqualTo(SpecJson.ref(b));
    }

    @Test
    void theAnalysisChecksAreNotPartOfTheRef() {
        var without = SpecJson.parse("{\"template\":{\"spec\":{\"image\":\"flink:1.20\"}}}", "a");
        var with =
                SpecJson.parse(
                        "{\"analysis\":{\"prePromotion\":[{\"name\":\"lag\"}]},"
                                + "\"template\":{\"spec\":{\"image\":\"flink:1.20\"}}}",
                        "b");
        String canonicalBefore = SpecJson.canonical(with);

        assertThat(SpecJson.ref(with)).isEqualTo(SpecJson.ref(without));
        assertThat(SpecJson.canonical(with))
                .as("the tree is left whole")
                .isEqualTo(canonicalBefore);
        assertThat(canonicalBefore).contains("analysis");
    }

    @Test
    void refIsTheSha256PrefixOfTheCanonicalJson() {
        // sha256("{}") = 44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a
        assertThat(SpecJson.ref(SpecJson.parse("{}", "x"))).isEqualTo("44136fa355b3678a");
    }

    @Test
    void treeOfATypedSpecIsCanonical() {
        var spec = new FlinkBlueGreenDeploymentSpec();
        var template = new DeploymentTemplate();
        template.setSpec(SpecJson.parse("{\"job\":{\"parallelism\":2},\"image\":\"f\"}", "t"));
        spec.setTemplate(template);
        spec.setConfiguration(Map.of("k", "v"));

        assertThat(SpecJson.canonical(SpecJson.tree(spec)))
                .isEqualTo(
                        "{\"configuration\":{\"k\":\"v\"},\"template\":{\"spec\":"
                                + "{\"image\":\"f\",\"job\":{\"parallelism\":2}}}}");
    }

    @Test
    void badJsonNamesTheField() {
        assertThatThrownBy(() -> SpecJson.parse("{nope", "status.lastStableSpec"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("status.lastStableSpec: not valid JSON");
    }
}
