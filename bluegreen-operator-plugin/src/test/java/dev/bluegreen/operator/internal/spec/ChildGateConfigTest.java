package dev.bluegreen.operator.internal.spec;

import dev.bluegreen.core.Action.RestoreFrom;
import dev.bluegreen.core.Color;
import dev.bluegreen.operator.internal.config.BlueGreenOptions;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Colour templating and the colour key (both modes) and the gate keys of ADVANCED mode in the
 * desired children.
 */
class ChildGateConfigTest {
    static final String TEMPLATE =
            "{\"flinkConfiguration\":{\"sink.transactional-id-prefix\":\"orders-{{color}}\","
                    + "\"nested\":{\"path\":\"s3://out/{{color}}/x\"},\"{{color}}.key\":\"k\"},"
                    + "\"job\":{\"jarURI\":\"local:///j.jar\",\"args\":[\"--id\",\"{{color}}-{{color}}\"]}}";

    static JsonNode child(String mode, String configuration, Color color) {
        String parent =
                "{"
                        + (mode == null ? "" : "\"transitionMode\":\"" + mode + "\",")
                        + (configuration == null ? "" : "\"configuration\":" + configuration + ",")
                        + "\"template\":{\"spec\":"
                        + TEMPLATE
                        + "}}";
        JsonNode parentSpec = SpecJson.parse(parent, "test");
        // the reconciler parses the options once and hands the settings to the child builder
        Map<String, String> options =
                SpecJson.mapper()
                        .convertValue(
                                parentSpec.get("configuration"),
                                new TypeReference<Map<String, String>>() {});
        return ChildSpecsTest.spec(
                ChildSpecs.desired(
                        ChildSpecsTest.OWNER,
                        ChildSpecsTest.NAMES,
                        parentSpec,
                        "ref",
                        color,
                        RestoreFrom.SPEC_INITIAL_SAVEPOINT,
                        null,
                        BlueGreenOptions.parse(options).handover()));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Color.class)
    void colorPlaceholderIsReplacedInConfigurationValuesAndJobArgsInBasicMode(Color color) {
        // When
        JsonNode spec = child(null, null, color);

        // Then values and args carry the colour; keys are left alone
        String c = color.lowerCase();
        assertThat(spec.path("flinkConfiguration").path("sink.transactional-id-prefix").asText())
                .isEqualTo("orders-" + c);
        assertThat(spec.path("flinkConfiguration").path("nested").path("path").asText())
                .isEqualTo("s3://out/" + c + "/x");
        assertThat(spec.path("flinkConfiguration").has("{{color}}.key")).isTrue();
        assertThat(spec.path("job").path("args").get(1).asText()).isEqualTo(c + "-" + c);
        assertThat(spec.path("flinkConfiguration").has(GateConfig.COLOR)).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Color.class)
    void advancedModeInjectsColourChannelAndConfigMapChannelTypeByDefault(Color color) {
        // When
        JsonNode config = child("ADVANCED", null, color).path("flinkConfiguration");

        // Then
        assertThat(config.path("bluegreen.gate.color").asText()).isEqualTo(color.name());
        assertThat(config.path("bluegreen.gate.channel").asText()).isEqualTo("prod/orders");
        assertThat(config.path("bluegreen.gate.channel.type").asText()).isEqualTo("configmap");
        assertThat(config.path("sink.transactional-id-prefix").asText())
                .isEqualTo("orders-" + color.lowerCase());
    }

    @Test
    void theMemoryChannelOptionReachesTheChildren() {
        JsonNode config =
                child(
                                "ADVANCED",
                                "{\"kubernetes.operator.bluegreen.advanced.channel\":\"memory\"}",
                                Color.GREEN)
                        .path("flinkConfiguration");

        assertThat(config.path("bluegreen.gate.channel.type").asText()).isEqualTo("memory");
        assertThat(config.has("metrics.fetcher.update-interval")).isFalse();
    }

    @Test
    void theConfigMapChannelRefreshesTheReportedMetricsEverySecondUnlessTheTemplateSaysOtherwise() {
        var own = SpecJson.mapper().createObjectNode();
        var set = SpecJson.mapper().createObjectNode();
        set.putObject("flinkConfiguration").put("metrics.fetcher.update-interval", "500 ms");

        GateConfig.inject(own, ChildSpecsTest.OWNER, Color.GREEN, "configmap");
        GateConfig.inject(set, ChildSpecsTest.OWNER, Color.GREEN, "configmap");

        assertThat(own.path("flinkConfiguration").path("metrics.fetcher.update-interval").asText())
                .isEqualTo("1 s");
        assertThat(set.path("flinkConfiguration").path("metrics.fetcher.update-interval").asText())
                .isEqualTo("500 ms");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Color.class)
    void everyChildCarriesItsColourInBothModes(Color color) {
        for (String mode : new String[] {null, "BASIC", "ADVANCED"}) {
            JsonNode config = child(mode, null, color).path("flinkConfiguration");

            assertThat(config.path(ColorConfig.COLOR).asText()).as(mode).isEqualTo(color.name());
            assertThat(config.path("sink.transactional-id-prefix").asText())
                    .isEqualTo("orders-" + color.lowerCase());
        }
    }

    @Test
    void theColourKeyWinsOverATemplateValue() {
        var spec =
                SpecJson.parse(
                        "{\"flinkConfiguration\":{\"bluegreen.color\":\"GREEN\",\"a\":\"b\"}}",
                        "test");

        ColorConfig.inject((com.fasterxml.jackson.databind.node.ObjectNode) spec, Color.BLUE);

        assertThat(spec.path("flinkConfiguration").path("bluegreen.color").asText())
                .isEqualTo("BLUE");
        assertThat(spec.path("flinkConfiguration").path("a").asText()).isEqualTo("b");
    }

    @Test
    void theColourKeyCreatesAMissingOrNullConfiguration() {
        var absent = SpecJson.mapper().createObjectNode();
        var nulled = SpecJson.mapper().createObjectNode().putNull("flinkConfiguration");

        ColorConfig.inject(absent, Color.GREEN);
        ColorConfig.inject(nulled, Color.GREEN);

        assertThat(absent.path("flinkConfiguration").path("bluegreen.color").asText())
                .isEqualTo("GREEN");
        assertThat(nulled.path("flinkConfiguration").path("bluegreen.color").asText())
                .isEqualTo("GREEN");
    }

    @Test
    void theColourKeyNeedsAConfigurationObject() {
        var spec = SpecJson.mapper().createObjectNode().put("flinkConfiguration", 7);

        assertThatThrownBy(() -> ColorConfig.inject(spec, Color.GREEN))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("spec.template.spec.flinkConfiguration: expected an object, got 7");
    }

    @Test
    void gateKeysNeedAConfigurationObject() {
        var spec = SpecJson.mapper().createObjectNode().put("flinkConfiguration", "x");

        assertThatThrownBy(
                        () ->
                                GateConfig.inject(
                                        spec, ChildSpecsTest.OWNER, Color.BLUE, "configmap"))
                .hasMessageStartingWith(
                        "spec.template.spec.flinkConfiguration: expected an object");
    }
}
