package dev.bluegreen.example.policy;

import dev.bluegreen.core.HealthFacts;
import dev.bluegreen.core.ReadinessPolicies;
import dev.bluegreen.core.ReadinessVerdict;
import dev.bluegreen.core.extension.BlueGreenExtension;
import dev.bluegreen.core.extension.ExtensionParameters;
import dev.bluegreen.diff.ChangeKind;
import dev.bluegreen.diff.DiffRules;
import dev.bluegreen.diff.SpecDiffer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.ServiceLoader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SteadyGreenExtensionTest {
    final SteadyGreenExtension extension = new SteadyGreenExtension();

    @Test
    void isFoundByServiceLoaderUnderItsName() {
        var found = ServiceLoader.load(BlueGreenExtension.class).stream().toList();

        assertThat(found).hasSize(1);
        assertThat(found.get(0).get().name()).isEqualTo("steady-green");
    }

    @Test
    void parametersChooseTheUptimeAndRatio() {
        var params = ExtensionParameters.of(Map.of("min-uptime", "90 s", "max-backlog-ratio", "2"));

        assertThat(SteadyGreenExtension.steadyRun(params))
                .isEqualTo(new SteadyRunPolicy(Duration.ofSeconds(90), 2));
        assertThat(SteadyGreenExtension.steadyRun(ExtensionParameters.none()))
                .isEqualTo(new SteadyRunPolicy(Duration.ofMinutes(10), 1.1));
    }

    @Test
    void invalidParametersNameTheirOption() {
        var badUptime = ExtensionParameters.of(Map.of("min-uptime", "soon"));
        var badRatio = ExtensionParameters.of(Map.of("max-backlog-ratio", "-1"));
        var spec = ReadinessPolicies.stableAndRunningFor(Duration.ZERO);

        assertThatThrownBy(() -> extension.readiness(spec, badUptime))
                .isInstanceOf(ExtensionParameters.InvalidParameterException.class)
                .hasMessageStartingWith("kubernetes.operator.bluegreen.extension.min-uptime:");
        assertThatThrownBy(() -> extension.readiness(spec, badRatio))
                .isInstanceOf(ExtensionParameters.InvalidParameterException.class)
                .hasMessageStartingWith(
                        "kubernetes.operator.bluegreen.extension.max-backlog-ratio: '-1' is below 0");
    }

    @Test
    void theSpecsChecksStillApply() {
        var soak = ReadinessPolicies.stableAndRunningFor(Duration.ofHours(1));
        var policy = extension.readiness(soak, ExtensionParameters.of(Map.of("min-uptime", "0 s")));
        var candidate =
                SteadyRunPolicyTest.child(
                        SteadyRunPolicyTest.START, HealthFacts.unknown().withRestarts(0L));

        var verdict = policy.evaluate(SteadyRunPolicyTest.input(candidate, Duration.ofMinutes(1)));

        assertThat(verdict).isInstanceOf(ReadinessVerdict.WaitUntil.class);
        assertThat(((ReadinessVerdict.WaitUntil) verdict).why()).startsWith("soaking for");
    }

    @Test
    void metricReporterKeysArePatchedInPlaceInsteadOfATransition() throws Exception {
        JsonNode before = spec("metrics.reporter.prom.port", "9249");
        JsonNode after = spec("metrics.reporter.prom.port", "9250");

        var defaults = new SpecDiffer(DiffRules.defaults()).diff(before, after);
        var customised =
                new SpecDiffer(extension.customise(DiffRules.defaults(), Map.of()))
                        .diff(before, after);

        assertThat(defaults.kind()).isEqualTo(ChangeKind.TRANSITION);
        assertThat(customised.kind()).isEqualTo(ChangeKind.PATCH_CHILD);
    }

    @Test
    void thePrefixIsAParameterAndOtherKeysKeepTheirRules() throws Exception {
        var rules =
                extension.customise(
                        DiffRules.defaults(), Map.of("patch-in-place-prefix", "web.cancel."));
        var differ = new SpecDiffer(rules);

        assertThat(
                        differ.diff(spec("web.cancel.enable", "a"), spec("web.cancel.enable", "b"))
                                .kind())
                .isEqualTo(ChangeKind.PATCH_CHILD);
        assertThat(
                        differ.diff(
                                        spec("metrics.reporter.prom.port", "1"),
                                        spec("metrics.reporter.prom.port", "2"))
                                .kind())
                .isEqualTo(ChangeKind.TRANSITION);
        assertThatThrownBy(
                        () ->
                                extension.customise(
                                        DiffRules.defaults(), Map.of("patch-in-place-prefix", " ")))
                .isInstanceOf(ExtensionParameters.InvalidParameterException.class)
                .hasMessageContaining("patch-in-place-prefix");
    }

    static JsonNode spec(String key, String value) throws Exception {
        return new ObjectMapper()
                .readTree(
                        "{\"template\":{\"spec\":{\"flinkConfiguration\":{\""
                                + key
                                + "\":\""
                                + value
                                + "\"}}}}");
    }
}
