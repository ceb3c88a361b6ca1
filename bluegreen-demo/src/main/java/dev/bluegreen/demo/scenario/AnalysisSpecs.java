package dev.bluegreen.demo.scenario;

import dev.bluegreen.operator.resource.AnalysisCheck;
import dev.bluegreen.operator.resource.AnalysisProviderSpec;
import dev.bluegreen.operator.resource.AnalysisSpec;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.resource.PrometheusProviderSpec;

import java.net.URI;
import java.util.List;

/**
 * What the analysis run adds to the parent: Flink's Prometheus reporter in the template's {@code
 * flinkConfiguration} (both children get it; each MiniCluster takes the first free port of {@value
 * #FIRST_PORT}-{@value #LAST_PORT}, which the demo's Prometheus scrapes every second), and {@code
 * spec.analysis}: the incoming child's error rate must stay 0 before the switch ({@code
 * error-rate}, 3 measurements 2 s apart) and after it ({@code error-rate-after-switch}, 15
 * measurements 2 s apart, so blue is kept for at least 28 s after the switch).
 */
final class AnalysisSpecs {
    /** The first port of the reporters' range. */
    static final int FIRST_PORT = 9250;

    /** The last port of the reporters' range. */
    static final int LAST_PORT = 9270;

    /** The example job's error counter as Flink's Prometheus reporter names it. */
    static final String ERRORS = "flink_taskmanager_job_task_operator_bluegreen_example_errors";

    /** The checks' query: the judged child's errors per second over the last 10 s. */
    static final String QUERY = "sum(rate(" + ERRORS + "{job_name=\"{{child}}\"}[10s]))";

    /**
     * Every measurement, before and after the switch, 2 s apart; the system property {@code
     * bluegreen.demo.analysis-interval} sets another interval, for measuring the reaction time
     * against the interval (docs/performance.md).
     */
    static final String INTERVAL = System.getProperty("bluegreen.demo.analysis-interval", "2s");

    /**
     * Post-promotion measurements: blue is kept at least {@code (15 - 1) x 2 s} after the switch.
     */
    static final int POST_COUNT = 15;

    private AnalysisSpecs() {}

    /**
     * {@code parent} with the reporter and both checks, querying the Prometheus at {@code address}.
     */
    static FlinkBlueGreenDeployment withChecks(FlinkBlueGreenDeployment parent, URI address) {
        reporter(parent);
        var analysis = new AnalysisSpec();
        analysis.setPrePromotion(
                List.of(
                        check(
                                "error-rate",
                                address,
                                3,
                                "size(result) == 0 || result[0] == 0.0",
                                null)));
        analysis.setPostPromotion(
                List.of(
                        check(
                                "error-rate-after-switch",
                                address,
                                POST_COUNT,
                                null,
                                "size(result) > 0 && result[0] > 0.0")));
        parent.getSpec().setAnalysis(analysis);
        return parent;
    }

    /** The query for the child {@code child}, as the controller fills it in. */
    static String query(String child) {
        return QUERY.replace("{{child}}", child);
    }

    /** Flink's reporter, with label values kept as they are ({@code job_name} = the child). */
    private static void reporter(FlinkBlueGreenDeployment parent) {
        ParentSpec.withFlinkConfiguration(
                parent,
                "metrics.reporter.prom.factory.class",
                "org.apache.flink.metrics.prometheus.PrometheusReporterFactory");
        ParentSpec.withFlinkConfiguration(
                parent, "metrics.reporter.prom.port", FIRST_PORT + "-" + LAST_PORT);
        ParentSpec.withFlinkConfiguration(
                parent, "metrics.reporter.prom.filterLabelValueCharacters", "false");
    }

    private static AnalysisCheck check(
            String name, URI address, int count, String success, String failure) {
        var prometheus = new PrometheusProviderSpec();
        prometheus.setAddress(address.toString().replaceAll("/$", ""));
        prometheus.setQuery(QUERY);
        var provider = new AnalysisProviderSpec();
        provider.setPrometheus(prometheus);
        var check = new AnalysisCheck();
        check.setName(name);
        check.setProvider(provider);
        check.setInterval(INTERVAL);
        check.setCount(count);
        check.setSuccessCondition(success);
        check.setFailureCondition(failure);
        return check;
    }
}
