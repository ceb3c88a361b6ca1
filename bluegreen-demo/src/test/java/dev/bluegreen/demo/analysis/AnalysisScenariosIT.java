package dev.bluegreen.demo.analysis;

import dev.bluegreen.example.OutputAudit;
import dev.bluegreen.operator.resource.AnalysisCheck;
import dev.bluegreen.operator.resource.AnalysisCheckStatus;
import dev.bluegreen.operator.resource.AnalysisProviderSpec;
import dev.bluegreen.operator.resource.FlinkProviderSpec;
import dev.bluegreen.operator.resource.MeasurementStatus;
import dev.bluegreen.operator.resource.PrometheusProviderSpec;
import dev.bluegreen.operator.resource.WebProviderSpec;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.client.utils.Serialization;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static dev.bluegreen.demo.analysis.AnalysisRig.ERRORS;
import static dev.bluegreen.demo.analysis.AnalysisRig.prePromotion;
import static dev.bluegreen.demo.analysis.AnalysisRig.withArg;
import static dev.bluegreen.demo.analysis.AnalysisRig.withJobState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 28's scenarios 1, 3 and 4 against a real Prometheus and real Flink jobs (scenario 2, the
 * rollback after the switch, is the demo's {@code --analysis} mode, {@code DemoAnalysisIT}). Each
 * scenario applies a BASIC parent of its own (the demo's example job at 200 records/s) in one
 * shared embedded cluster, waits for blue, upgrades to v2 and follows the pre-promotion checks.
 */
class AnalysisScenariosIT {
    static final Duration DEPLOY = Duration.ofMinutes(3);
    static AnalysisRig rig;

    @BeforeAll
    static void startPrometheusAndTheCluster() throws Exception {
        rig = AnalysisRig.start(Path.of("target", "analysis-scenarios-it"));
    }

    @AfterAll
    static void stop() {
        if (rig != null) {
            rig.close();
        }
    }

    /**
     * Scenario 1: green's job raises its error metric; a PromQL check stops it before the switch.
     */
    @Test
    void aPromQlCheckCatchesAGreenThatRaisesErrorsBeforeItGetsTraffic() {
        String name = "pre-bad";
        var check = check("error-rate", prometheus(errorRate()));
        check.setInitialDelay("10s");
        check.setInterval("2s");
        check.setCount(3);
        check.setSuccessCondition("size(result) > 0 && result[0] == 0.0");
        String blueJob = deployBlue(name, check);

        rig.edit(name, p -> withArg(withArg(p, "--version", "v2"), "--error-rate", "20"));

        awaitEvent(name, "UpgradeAborted");
        rig.awaitState(name, DEPLOY, "ACTIVE_BLUE"::equals);
        await().atMost(Duration.ofMinutes(1)).until(() -> rig.child(name + "-green") == null);
        assertThat(message(name, "UpgradeAborted"))
                .contains("error-rate")
                .contains("pre-promotion");
        assertThat(reasons(name)).contains("AnalysisFailed").doesNotContain("TrafficSwitched");
        assertThat(rig.status(name).getActiveColor()).isEqualToIgnoringCase("blue");
        assertThat(rig.jobId(name + "-blue")).isEqualTo(blueJob);
        var measured = only(rig.status(name).getAnalysis().getPrePromotion().getChecks());
        assertThat(measured.getPhase()).isEqualTo("Failed");
        assertThat(values(measured)).anyMatch(v -> firstNumber(v) > 1); // errors per second
        assertBlueOutputComplete(name);
    }

    /** Scenario 3: the user's service says no twice, then yes; the switch waits for the yes. */
    @Test
    void aWebhookThatSaysNoThenYesLetsTheSwitchHappenOnlyAfterTheYes() throws Exception {
        String name = "hook";
        try (var hook = ConfirmationWebhook.start(2)) {
            var web = new WebProviderSpec();
            web.setUrl(hook.url());
            var provider = new AnalysisProviderSpec();
            provider.setWeb(web);
            var check = check("smoke-test", provider);
            check.setInterval("2s");
            check.setCount(4);
            check.setFailureLimit(2);
            deployBlue(name, check);

            rig.edit(name, p -> withArg(p, "--version", "v2"));

            rig.awaitState(name, DEPLOY, "ACTIVE_GREEN"::equals);
            var measured = only(rig.status(name).getAnalysis().getPrePromotion().getChecks());
            assertThat(phases(measured))
                    .containsExactly("Failed", "Failed", "Successful", "Successful");
            assertThat(measured.getPhase()).isEqualTo("Successful");
            assertThat(hook.payloads()).hasSize(4);
            JsonNode payload = Serialization.unmarshal(hook.payloads().get(0), JsonNode.class);
            assertThat(payload.path("name").asText()).isEqualTo(name);
            assertThat(payload.path("namespace").asText()).isEqualTo(AnalysisRig.NAMESPACE);
            assertThat(payload.path("phase").asText()).isEqualTo("PrePromotion");
            assertThat(payload.path("metadata").path("child").asText()).isEqualTo(name + "-green");
            assertThat(payload.path("metadata").path("color").asText()).isEqualTo("green");
        }
    }

    /** Scenario 4: the flink provider compares green's output rate with blue's. */
    @Test
    void aFlinkCheckComparingOutputRatesStopsAGreenThatWritesFarLessThanBlue() {
        String name = "rates";
        var provider = new AnalysisProviderSpec();
        provider.setFlink(new FlinkProviderSpec());
        var check = check("output-rate", provider);
        // a rate the JobManager has not fetched yet reads 0: such a measurement is inconclusive
        String ratesSeen = "incumbent.recordsOutPerSecond > 0 && candidate.recordsInPerSecond > 0";
        String ratio = "candidate.recordsOutPerSecond / incumbent.recordsOutPerSecond";
        check.setInitialDelay("10s");
        check.setInterval("3s");
        check.setCount(6);
        check.setInconclusiveLimit(5);
        check.setSuccessCondition(ratesSeen + " && " + ratio + " >= 0.5");
        check.setFailureCondition(ratesSeen + " && " + ratio + " < 0.5");
        deployBlue(name, check);

        rig.edit(name, p -> withArg(withArg(p, "--version", "v2"), "--rate", "5"));

        awaitEvent(name, "UpgradeAborted");
        rig.awaitState(name, DEPLOY, "ACTIVE_BLUE"::equals);
        assertThat(message(name, "UpgradeAborted")).contains("output-rate");
        var measured = only(rig.status(name).getAnalysis().getPrePromotion().getChecks());
        assertThat(measured.getPhase()).isEqualTo("Failed");
        assertThat(phases(measured)).last().isEqualTo("Failed");
        assertThat(values(measured)).allMatch(v -> v.contains("recordsOutPerSecond"));
        assertThat(reasons(name)).doesNotContain("TrafficSwitched");
    }

    private static String deployBlue(String name, AnalysisCheck check) {
        rig.create(rig.parent(name, prePromotion(check)));
        rig.awaitState(name, DEPLOY, "ACTIVE_BLUE"::equals);
        await().atMost(DEPLOY).until(() -> rig.lines(name, "v1").size() >= 200);
        return rig.jobId(name + "-blue");
    }

    /** Blue was never stopped or restarted: suspended now, its output has every id exactly once. */
    private static void assertBlueOutputComplete(String name) {
        rig.edit(name, p -> withJobState(p, "suspended"));
        rig.awaitState(name, DEPLOY, "SUSPENDED_BLUE"::equals);
        List<OutputAudit.Line> v1 = rig.lines(name, "v1");
        Set<Long> ids = v1.stream().map(OutputAudit.Line::id).collect(Collectors.toSet());
        long max = v1.stream().mapToLong(OutputAudit.Line::id).max().orElseThrow();
        assertThat(ids).hasSize(v1.size()); // no duplicates
        assertThat((long) ids.size()).isEqualTo(max + 1); // none lost
    }

    /** The first number in a measurement's value text such as {@code [19.8]}, or 0. */
    private static double firstNumber(String value) {
        var number = java.util.regex.Pattern.compile("-?\\d+(\\.\\d+)?").matcher(value);
        return number.find() ? Double.parseDouble(number.group()) : 0;
    }

    private static String errorRate() {
        return "sum(rate(" + ERRORS + "{job_name=\"{{child}}\"}[10s]))";
    }

    private static AnalysisProviderSpec prometheus(String query) {
        var prometheus = new PrometheusProviderSpec();
        prometheus.setAddress(rig.prometheusAddress());
        prometheus.setQuery(query);
        var provider = new AnalysisProviderSpec();
        provider.setPrometheus(prometheus);
        return provider;
    }

    private static AnalysisCheck check(String name, AnalysisProviderSpec provider) {
        var check = new AnalysisCheck();
        check.setName(name);
        check.setProvider(provider);
        return check;
    }

    private static void awaitEvent(String name, String reason) {
        await(reason + " of " + name)
                .atMost(DEPLOY)
                .pollInterval(Duration.ofMillis(250))
                .until(() -> reasons(name).contains(reason));
    }

    private static List<String> reasons(String name) {
        return rig.events(name).stream().map(Event::getReason).toList();
    }

    private static String message(String name, String reason) {
        return rig.events(name).stream()
                .filter(e -> reason.equals(e.getReason()))
                .map(Event::getMessage)
                .findFirst()
                .orElseThrow();
    }

    private static AnalysisCheckStatus only(List<AnalysisCheckStatus> checks) {
        assertThat(checks).hasSize(1);
        return checks.get(0);
    }

    private static List<String> phases(AnalysisCheckStatus check) {
        return check.getMeasurements().stream().map(MeasurementStatus::getPhase).toList();
    }

    private static List<String> values(AnalysisCheckStatus check) {
        return check.getMeasurements().stream().map(MeasurementStatus::getValue).toList();
    }
}
