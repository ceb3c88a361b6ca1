package dev.bluegreen.operator.internal.spec;

import dev.bluegreen.core.Action.RestoreFrom;
import dev.bluegreen.core.Color;
import dev.bluegreen.ingress.ChildNames;
import dev.bluegreen.ingress.Owner;
import dev.bluegreen.operator.internal.config.HandoverSettings;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ChildSpecsTest {
    static final Owner OWNER =
            new Owner(
                    "bluegreen.dev/v1alpha1", "FlinkBlueGreenDeployment", "prod", "orders", "u-1");

    /** The derived child names of {@link #OWNER}. */
    static final ChildNames NAMES = ChildNames.derived(OWNER.name());

    static JsonNode parentSpec(String templateSpec) {
        return SpecJson.parse(
                "{\"template\":{\"metadata\":{\"labels\":{\"team\":\"data\"},"
                        + "\"annotations\":{\"note\":\"x\"}},\"spec\":"
                        + templateSpec
                        + "}}",
                "test");
    }

    static JsonNode spec(GenericKubernetesResource child) {
        return ChildMerge.specTree(child);
    }

    @Test
    void childCarriesNamesLabelsAnnotationsAndAControllerOwner() {
        var child =
                ChildSpecs.desired(
                        OWNER,
                        NAMES,
                        parentSpec("{\"image\":\"f\"}"),
                        "ref1",
                        Color.GREEN,
                        RestoreFrom.SPEC_INITIAL_SAVEPOINT,
                        null,
                        HandoverSettings.DEFAULTS);

        assertThat(child.getApiVersion()).isEqualTo("flink.apache.org/v1beta1");
        assertThat(child.getKind()).isEqualTo("FlinkDeployment");
        assertThat(child.getMetadata().getName()).isEqualTo("orders-green");
        assertThat(child.getMetadata().getNamespace()).isEqualTo("prod");
        assertThat(child.getMetadata().getLabels())
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of(
                                "team", "data",
                                "flink/blue-green-deployment-type", "GREEN",
                                "bluegreen.dev/color", "green",
                                "bluegreen.dev/parent", "orders"));
        assertThat(child.getMetadata().getAnnotations())
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of("note", "x", "bluegreen.dev/spec-ref", "ref1"));
        var owner = child.getMetadata().getOwnerReferences();
        assertThat(owner)
                .singleElement()
                .satisfies(
                        o -> {
                            assertThat(o.getUid()).isEqualTo("u-1");
                            assertThat(o.getController()).isTrue();
                            assertThat(o.getBlockOwnerDeletion()).isTrue();
                        });
        assertThat(spec(child).at("/podTemplate/metadata/labels/bluegreen.dev~1color").asText())
                .isEqualTo("green");
        assertThat(spec(child).path("image").asText()).isEqualTo("f");
    }

    @Test
    void restorePathBecomesTheInitialSavepointPath() {
        var child =
                ChildSpecs.desired(
                        OWNER,
                        NAMES,
                        parentSpec("{\"job\":{\"initialSavepointPath\":\"/user\"}}"),
                        "r",
                        Color.GREEN,
                        RestoreFrom.PATH,
                        "/sp/1",
                        HandoverSettings.DEFAULTS);

        assertThat(spec(child).at("/job/initialSavepointPath").asText()).isEqualTo("/sp/1");
    }

    @Test
    void emptyRestoreRemovesTheTemplatesSavepointAndSpecRestoreKeepsIt() {
        var template = parentSpec("{\"job\":{\"initialSavepointPath\":\"/user\"}}");

        var empty =
                ChildSpecs.desired(
                        OWNER,
                        NAMES,
                        template,
                        "r",
                        Color.BLUE,
                        RestoreFrom.EMPTY,
                        null,
                        HandoverSettings.DEFAULTS);
        var kept =
                ChildSpecs.desired(
                        OWNER,
                        NAMES,
                        template,
                        "r",
                        Color.BLUE,
                        RestoreFrom.SPEC_INITIAL_SAVEPOINT,
                        null,
                        HandoverSettings.DEFAULTS);

        assertThat(spec(empty).at("/job").has("initialSavepointPath")).isFalse();
        assertThat(spec(kept).at("/job/initialSavepointPath").asText()).isEqualTo("/user");
    }

    @Test
    void fixedHostChildIngressGetsTheColourPrefix() {
        var child =
                ChildSpecs.desired(
                        OWNER,
                        NAMES,
                        parentSpec("{\"ingress\":{\"template\":\"flink.example.com\"}}"),
                        "r",
                        Color.BLUE,
                        RestoreFrom.EMPTY,
                        null,
                        HandoverSettings.DEFAULTS);

        assertThat(spec(child).at("/ingress/template").asText())
                .isEqualTo("blue-flink.example.com");
    }

    @Test
    void existingPodLabelsAreKept() {
        var child =
                ChildSpecs.desired(
                        OWNER,
                        NAMES,
                        parentSpec("{\"podTemplate\":{\"metadata\":{\"labels\":{\"app\":\"a\"}}}}"),
                        "r",
                        Color.BLUE,
                        RestoreFrom.EMPTY,
                        null,
                        HandoverSettings.DEFAULTS);

        assertThat(spec(child).at("/podTemplate/metadata/labels")).hasSize(2);
        assertThat(spec(child).at("/podTemplate/metadata/labels/app").asText()).isEqualTo("a");
    }

    @Test
    void templateWithoutSpecNamesTheField() {
        assertThatThrownBy(
                        () ->
                                ChildSpecs.desired(
                                        OWNER,
                                        NAMES,
                                        SpecJson.parse("{\"template\":{}}", "t"),
                                        "r",
                                        Color.BLUE,
                                        RestoreFrom.EMPTY,
                                        null,
                                        HandoverSettings.DEFAULTS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("spec.template.spec: expected an object");
    }
}
