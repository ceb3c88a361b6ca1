package dev.bluegreen.operator.internal.spec;

import dev.bluegreen.core.Action.RestoreFrom;
import dev.bluegreen.core.Color;
import dev.bluegreen.ingress.ChildNames;
import dev.bluegreen.operator.internal.config.HandoverSettings;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import static dev.bluegreen.operator.internal.spec.ChildSpecsTest.OWNER;
import static dev.bluegreen.operator.internal.spec.ChildSpecsTest.spec;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What is written over a running child the parent adopted: the template's spec without the colour
 * settings a created child gets, so that the upstream operator does not redeploy its job.
 */
class AdoptedChildSpecsTest {
    static final ChildNames ADOPTING = ChildNames.adopting(OWNER.name(), "checkout");

    /** A running spec with a child ingress, a pod template, and an ADVANCED parent. */
    static final String TEMPLATE =
            "{\"image\":\"flink:1.20\",\"serviceAccount\":\"flink\","
                    + "\"ingress\":{\"template\":\"checkout.example.com\"},"
                    + "\"podTemplate\":{\"metadata\":{\"labels\":{\"app\":\"checkout\"}}},"
                    + "\"flinkConfiguration\":{\"pipeline.name\":\"checkout\","
                    + "\"parallelism.default\":\"4\"},"
                    + "\"job\":{\"jarURI\":\"local:///app.jar\",\"parallelism\":2}}";

    static JsonNode parent(String templateSpec) {
        var parent =
                (com.fasterxml.jackson.databind.node.ObjectNode)
                        ChildSpecsTest.parentSpec(templateSpec);
        return parent.put("transitionMode", "ADVANCED");
    }

    @Test
    void theAdoptedChildGetsTheTemplateSpecWithNoColourSettings() {
        var adopted =
                ChildSpecs.adoptedInPlace(
                        OWNER,
                        ADOPTING,
                        parent(TEMPLATE),
                        "ref2",
                        Color.BLUE,
                        RestoreFrom.SPEC_INITIAL_SAVEPOINT,
                        null);

        assertThat(spec(adopted)).isEqualTo(SpecJson.parse(TEMPLATE, "expected"));
        assertThat(adopted.getMetadata().getName()).isEqualTo("checkout");
    }

    @Test
    void aCreatedChildGetsTheColourSettingsTheAdoptedOneGoesWithout() {
        var created =
                ChildSpecs.desired(
                        OWNER,
                        ADOPTING,
                        parent(TEMPLATE),
                        "ref2",
                        Color.BLUE,
                        RestoreFrom.SPEC_INITIAL_SAVEPOINT,
                        null,
                        HandoverSettings.DEFAULTS);

        JsonNode spec = spec(created);
        assertThat(spec.at("/podTemplate/metadata/labels/bluegreen.dev~1color").asText())
                .isEqualTo("blue");
        assertThat(spec.at("/flinkConfiguration/bluegreen.color").asText()).isEqualTo("BLUE");
        assertThat(spec.at("/flinkConfiguration/bluegreen.gate.color").asText()).isEqualTo("BLUE");
        assertThat(spec.at("/ingress/template").asText()).isNotEqualTo("checkout.example.com");
    }

    @Test
    void theAdoptedChildHasTheMetadataOfAnyChild() {
        var adopted =
                ChildSpecs.adoptedInPlace(
                        OWNER,
                        ADOPTING,
                        parent(TEMPLATE),
                        "ref2",
                        Color.BLUE,
                        RestoreFrom.SPEC_INITIAL_SAVEPOINT,
                        null);
        var created =
                ChildSpecs.desired(
                        OWNER,
                        ADOPTING,
                        parent(TEMPLATE),
                        "ref2",
                        Color.BLUE,
                        RestoreFrom.SPEC_INITIAL_SAVEPOINT,
                        null,
                        HandoverSettings.DEFAULTS);

        assertThat(adopted.getMetadata()).isEqualTo(created.getMetadata());
    }

    @Test
    void placeholdersAndTheRestorePointAreAppliedAsForAnyChild() {
        String template =
                "{\"flinkConfiguration\":{\"kubernetes.operator.label\":\"x-{{color}}\"},"
                        + "\"job\":{\"jarURI\":\"local:///app.jar\"}}";

        var adopted =
                ChildSpecs.adoptedInPlace(
                        OWNER,
                        ADOPTING,
                        parent(template),
                        "ref3",
                        Color.BLUE,
                        RestoreFrom.PATH,
                        "file:///savepoints/sp-1");

        assertThat(spec(adopted).at("/flinkConfiguration/kubernetes.operator.label").asText())
                .isEqualTo("x-blue");
        assertThat(spec(adopted).at("/job/initialSavepointPath").asText())
                .isEqualTo("file:///savepoints/sp-1");
    }
}
