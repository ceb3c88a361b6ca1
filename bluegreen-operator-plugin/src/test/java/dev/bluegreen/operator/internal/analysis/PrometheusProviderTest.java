package dev.bluegreen.operator.internal.analysis;

import dev.bluegreen.core.analysis.Measurement;
import dev.bluegreen.operator.internal.analysis.LoopbackServer.Answer;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;

import static dev.bluegreen.core.analysis.MeasurementPhase.ERROR;
import static dev.bluegreen.core.analysis.MeasurementPhase.FAILED;
import static dev.bluegreen.core.analysis.MeasurementPhase.INCONCLUSIVE;
import static dev.bluegreen.core.analysis.MeasurementPhase.SUCCESSFUL;
import static dev.bluegreen.operator.internal.analysis.Checks.GREEN_BEFORE_SWITCH;
import static dev.bluegreen.operator.internal.analysis.Checks.NOW;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The prometheus provider against a loopback server answering in the shapes of Prometheus' HTTP API
 * (analysis-facts §4).
 */
class PrometheusProviderTest {
    private static final String QUERY = "/api/v1/query";
    private static final String SUCCESS = "result[0] >= 0.95";

    private static LoopbackServer prometheus;
    private LiveCheckRunner runner;

    @BeforeEach
    void start() throws IOException {
        prometheus.reset();
        runner = Checks.runner(null, child -> null);
    }

    @BeforeAll
    static void startServer() throws IOException {
        prometheus = new LoopbackServer();
    }

    @AfterAll
    static void stop() {
        prometheus.close();
    }

    static String vector(String... values) {
        StringBuilder result = new StringBuilder();
        for (String value : values) {
            result.append(result.length() == 0 ? "" : ",")
                    .append("{\"metric\":{\"job\":\"flink\"},\"value\":[1764676800.123,\"")
                    .append(value)
                    .append("\"]}");
        }
        return "{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":["
                + result
                + "]}}";
    }

    private Measurement measure(String query, String success, String failure) {
        return measure(prometheus.base(), query, success, failure, null);
    }

    private Measurement measure(
            String address, String query, String success, String failure, String timeout) {
        return runner.measure(
                Checks.check(Checks.prometheus(address, query, timeout), success, failure),
                GREEN_BEFORE_SWITCH,
                NOW);
    }

    @Test
    void aVectorIsTheListOfItsSampleValuesWithTheTemplateFilledIn() {
        prometheus.on(QUERY, Answer.of(200, vector("0.97")));

        Measurement m =
                measure(
                        "rate(ok{namespace=\"{{namespace}}\",app=\"{{parent}}\","
                                + "color=\"{{color}}\",child=\"{{child}}\"}[1m])",
                        SUCCESS,
                        null);

        assertThat(m.phase()).isEqualTo(SUCCESSFUL);
        assertThat(m.value()).isEqualTo("[0.97]");
        assertThat(m.at()).isEqualTo(NOW);
        assertThat(prometheus.requests()).hasSize(1);
        assertThat(runner.lastRequests()).isEqualTo(1);
        var request = prometheus.requests().get(0);
        assertThat(request.method()).isEqualTo("GET");
        assertThat(request.uri().getQuery())
                .isEqualTo(
                        "query=rate(ok{namespace=\"shop\",app=\"orders\","
                                + "color=\"green\",child=\"orders-green\"}[1m])");
    }

    @Test
    void aLowValueFailsTheSuccessCondition() {
        prometheus.on(QUERY, Answer.of(200, vector("0.5", "0.99")));

        Measurement m = measure("q", SUCCESS, null);

        assertThat(m.phase()).isEqualTo(FAILED);
        assertThat(m.value()).isEqualTo("[0.5, 0.99]");
        assertThat(m.message()).contains(SUCCESS);
    }

    @Test
    void aScalarIsANumber() {
        prometheus.on(
                QUERY,
                Answer.of(
                        200,
                        "{\"status\":\"success\",\"data\":{\"resultType\":\"scalar\","
                                + "\"result\":[1764676800,\"2\"]}}"));

        Measurement m = measure("scalar(2)", "result == 2", null);

        assertThat(m.phase()).isEqualTo(SUCCESSFUL);
        assertThat(m.value()).isEqualTo("2");
    }

    @Test
    void aMatrixIsOneFlatListOfAllSamples() {
        prometheus.on(
                QUERY,
                Answer.of(
                        200,
                        "{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":["
                                + "{\"metric\":{\"a\":\"1\"},\"values\":[[1,\"1\"],[2,\"2\"]]},"
                                + "{\"metric\":{\"a\":\"2\"},\"values\":[[1,\"3\"]]}]}}"));

        Measurement m = measure("up[1m]", "size(result) == 3 && result[2] == 3.0", null);

        assertThat(m.phase()).isEqualTo(SUCCESSFUL);
        assertThat(m.value()).isEqualTo("[1, 2, 3]");
    }

    @Test
    void nanFailsASuccessConditionAndIsInconclusiveWithBoth() {
        prometheus.on(QUERY, Answer.of(200, vector("NaN")));

        assertThat(measure("q", SUCCESS, null).phase()).isEqualTo(FAILED);
        assertThat(measure("q", SUCCESS, "result[0] < 0.9").phase()).isEqualTo(INCONCLUSIVE);
        assertThat(measure("q", SUCCESS, null).value()).isEqualTo("[NaN]");
    }

    @Test
    void positiveInfinityIsANumberAboveAnyThreshold() {
        prometheus.on(QUERY, Answer.of(200, vector("+Inf")));

        Measurement m = measure("q", SUCCESS, null);

        assertThat(m.phase()).isEqualTo(SUCCESSFUL);
        assertThat(m.value()).isEqualTo("[+Inf]");
    }

    @Test
    void anEmptyVectorIsAnEmptyListAndIndexingItIsAnError() {
        prometheus.on(QUERY, Answer.of(200, vector()));

        Measurement indexed = measure("q", SUCCESS, null);
        Measurement guarded = measure("q", "size(result) == 0 || " + SUCCESS, null);

        assertThat(indexed.phase()).isEqualTo(ERROR);
        assertThat(indexed.value()).isEqualTo("[]");
        assertThat(indexed.message()).startsWith("successCondition failed: ");
        assertThat(guarded.phase()).isEqualTo(SUCCESSFUL);
    }

    @Test
    void badDataIsAnErrorWithPrometheusText() {
        prometheus.on(
                QUERY,
                Answer.of(
                        400,
                        "{\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":"
                                + "\"invalid parameter \\\"query\\\": 1:5: parse error: "
                                + "unexpected end of input\"}"));

        Measurement m = measure("sum(", SUCCESS, null);

        assertThat(m.phase()).isEqualTo(ERROR);
        assertThat(m.message())
                .isEqualTo(
                        "Prometheus answered HTTP 400: bad_data: invalid parameter \"query\": "
                                + "1:5: parse error: unexpected end of input");
    }

    @Test
    void aStringResultIsAnError() {
        prometheus.on(
                QUERY,
                Answer.of(
                        200,
                        "{\"status\":\"success\",\"data\":{\"resultType\":\"string\","
                                + "\"result\":[1,\"x\"]}}"));

        Measurement m = measure("\"x\"", null, null);

        assertThat(m.phase()).isEqualTo(ERROR);
        assertThat(m.message()).contains("result type 'string' is not supported");
    }

    @Test
    void anAnswerThatIsNotPrometheusJsonIsAnErrorWithItsText() {
        prometheus.on(QUERY, Answer.of(502, "<html>Bad Gateway</html>"));

        Measurement m = measure("q", SUCCESS, null);

        assertThat(m.phase()).isEqualTo(ERROR);
        assertThat(m.message())
                .isEqualTo(
                        "Prometheus answered HTTP 502 without its JSON: <html>Bad Gateway</html>");
    }

    @Test
    void anUnreachableAddressIsAnErrorNamingTheUrl() throws IOException {
        String address = Checks.unreachable();

        Measurement m = measure(address, "up", SUCCESS, null, null);

        assertThat(m.phase()).isEqualTo(ERROR);
        assertThat(m.message()).startsWith("GET " + address + "/api/v1/query?query=up: ");
        assertThat(runner.lastRequests()).isZero();
    }

    @Test
    void anAnswerSlowerThanTheTimeoutIsAnError() {
        prometheus.on(QUERY, new Answer(200, vector("1"), 3000));

        Measurement m = measure(prometheus.base(), "q", SUCCESS, null, "300 ms");

        assertThat(m.phase()).isEqualTo(ERROR);
        assertThat(m.message()).endsWith(": no answer within PT0.3S");
    }

    @Test
    void aTimeoutThatIsNoDurationIsAnErrorNamingTheField() {
        Measurement m = measure(prometheus.base(), "q", SUCCESS, null, "soon");

        assertThat(m.phase()).isEqualTo(ERROR);
        assertThat(m.message()).startsWith("prometheus.timeout: ");
        assertThat(prometheus.requests()).isEmpty();
    }

    @Test
    void aMissingAddressIsAnErrorNamingTheField() {
        Measurement m = measure(null, "q", SUCCESS, null, null);

        assertThat(m.phase()).isEqualTo(ERROR);
        assertThat(m.message()).isEqualTo("prometheus.address: not set");
    }

    @Test
    void anAddressWithAPathKeepsIt() {
        prometheus.on("/prometheus" + QUERY, Answer.of(200, vector("1")));

        Measurement m =
                measure(prometheus.base() + "/prometheus/", "up", "result[0] == 1", null, null);

        assertThat(m.phase()).as(m.message()).isEqualTo(SUCCESSFUL);
    }
}
