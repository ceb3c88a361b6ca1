package dev.bluegreen.operator.internal.observe;

import dev.bluegreen.core.Color;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.gate.rule.Stage;

import io.fabric8.mockwebserver.DefaultMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Gate reports read from a faked JobManager REST API (fabric8's mock web server). */
class JobManagerReportsTest {
    static final String METRICS = "/metrics" + JobManagerReports.QUERY;

    DefaultMockServer rest;
    // generous: a loaded CI machine must not turn an HTTP answer into a timeout
    JobManagerReports reader = new JobManagerReports(Duration.ofSeconds(15));

    @BeforeEach
    void start() {
        rest = new DefaultMockServer(false);
        rest.start();
    }

    @AfterEach
    void stop() {
        rest.shutdown();
    }

    ChildJob job() {
        return new ChildJob(Color.GREEN, URI.create(rest.url("/")), "j1");
    }

    static String gauge(GateReport report) {
        return "[{\"id\":\""
                + JobManagerReports.GAUGE
                + "\",\"value\":\""
                + report.toText()
                + "\"}]";
    }

    static GateReport report(int subtask) {
        return GateReport.builder(dev.bluegreen.gate.rule.Color.GREEN, subtask, 3)
                .transition(2, Stage.PROPOSED, true)
                .times(Long.MIN_VALUE, 1_000 + subtask, 2_000 + subtask)
                .status(false, 0, false, 5_000)
                .build();
    }

    void job(String vertices) {
        rest.expect()
                .get()
                .withPath("/jobs/j1")
                .andReturn(200, "{\"jid\":\"j1\",\"vertices\":" + vertices + "}")
                .always();
    }

    /** A vertex whose metric list names no gate gauge (what Flink lists for a plain source). */
    void listsNoGateGauge(String vertex) {
        rest.expect()
                .get()
                .withPath("/jobs/j1/vertices/" + vertex + "/subtasks/0/metrics")
                .andReturn(200, "[{\"id\":\"Source__orders.numRecordsOut\"}]")
                .always();
    }

    @Test
    void readsEveryReportingSubtaskOfTheGateVertex() {
        // Given a source vertex without the gauge and a gate vertex of parallelism 3, subtask 2
        // silent
        job("[{\"id\":\"src\",\"parallelism\":3},{\"id\":\"gate\",\"parallelism\":3}]");
        rest.expect()
                .get()
                .withPath("/jobs/j1/vertices/src/subtasks/0" + METRICS)
                .andReturn(200, "[]")
                .always();
        for (int i = 0; i < 2; i++) {
            rest.expect()
                    .get()
                    .withPath("/jobs/j1/vertices/gate/subtasks/" + i + METRICS)
                    .andReturn(200, gauge(report(i)))
                    .always();
        }
        rest.expect()
                .get()
                .withPath("/jobs/j1/vertices/gate/subtasks/2" + METRICS)
                .andReturn(200, "[]")
                .always();

        // When
        var reports = reader.read(job());

        // Then
        assertThat(reports).containsExactly(report(0), report(1));
    }

    @Test
    void anEndedJobIsAlsoAskedForItsNewestCompletedCheckpoint() {
        job("[{\"id\":\"src\",\"parallelism\":1}]");
        rest.expect()
                .get()
                .withPath("/jobs/j1/vertices/src/subtasks/0" + METRICS)
                .andReturn(200, "[]")
                .always();
        listsNoGateGauge("src");
        rest.expect()
                .get()
                .withPath("/jobs/j1/checkpoints")
                .andReturn(200, "{\"latest\":{\"completed\":{\"id\":41}}}")
                .always();
        ChildJob ended = new ChildJob(Color.GREEN, URI.create(rest.url("/")), "j1", null, true);

        assertThat(reader.reading(ended).latestCompleted()).hasValue(41);
        assertThat(reader.reading(job()).latestCompleted())
                .as("a running job is not asked")
                .isEmpty();
    }

    @Test
    void anEndedJobWithoutACompletedCheckpointHasNone() {
        job("[]");
        rest.expect()
                .get()
                .withPath("/jobs/j1/checkpoints")
                .andReturn(200, "{\"latest\":{\"completed\":null}}")
                .always();
        ChildJob ended = new ChildJob(Color.GREEN, URI.create(rest.url("/")), "j1", null, true);

        assertThat(reader.reading(ended).latestCompleted()).isEmpty();
    }

    @Test
    void aJobWithoutTheGateHasNoReports() {
        job("[{\"id\":\"src\",\"parallelism\":1}]");
        rest.expect()
                .get()
                .withPath("/jobs/j1/vertices/src/subtasks/0" + METRICS)
                .andReturn(200, "[]")
                .always();
        listsNoGateGauge("src");

        assertThat(reader.read(job())).isEmpty();
    }

    @Test
    void aGateInsideASourceIsFoundByItsGaugeNamesInTheMetricList() {
        // Given a job with no gate operator, whose source vertex lists the Kafka source gate's
        // gauges under the source's own name, and whose sink vertex lists none
        String prefix = "Source__orders.deserializer";
        job("[{\"id\":\"src\",\"parallelism\":2},{\"id\":\"sink\",\"parallelism\":1}]");
        for (String vertex : new String[] {"src", "sink"}) {
            rest.expect()
                    .get()
                    .withPath("/jobs/j1/vertices/" + vertex + "/subtasks/0" + METRICS)
                    .andReturn(200, "[]")
                    .always();
        }
        rest.expect()
                .get()
                .withPath("/jobs/j1/vertices/src/subtasks/0/metrics")
                .andReturn(
                        200,
                        "[{\"id\":\"Source__orders.numRecordsOut\"},{\"id\":\""
                                + prefix
                                + ".bluegreenGate.report\"}]")
                .always();
        String query =
                "/metrics?get="
                        + prefix
                        + ".bluegreenGate.report,"
                        + prefix
                        + ".bluegreenGate.channelError";
        for (int i = 0; i < 2; i++) {
            rest.expect()
                    .get()
                    .withPath("/jobs/j1/vertices/src/subtasks/" + i + query)
                    .andReturn(
                            200,
                            "[{\"id\":\""
                                    + prefix
                                    + ".bluegreenGate.report\",\"value\":\""
                                    + report(i).toText()
                                    + "\"}]")
                    .always();
        }

        // When
        JobGateReading reading = reader.reading(job());

        // Then both subtasks' reports are read, with the source vertex's parallelism
        assertThat(reading.subtasks()).isEqualTo(2);
        assertThat(reading.reports()).containsExactly(report(0), report(1));
    }

    @Test
    void anUnknownJobFailsNamingTheUrl() {
        rest.expect()
                .get()
                .withPath("/jobs/j1")
                .andReturn(404, "{\"errors\":[\"not found\"]}")
                .always();

        assertThatThrownBy(() -> reader.read(job()))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("/jobs/j1")
                .hasMessageContaining("HTTP 404");
    }

    @Test
    void aMalformedReportNamesTheField() {
        job("[{\"id\":\"gate\",\"parallelism\":1}]");
        rest.expect()
                .get()
                .withPath("/jobs/j1/vertices/gate/subtasks/0" + METRICS)
                .andReturn(
                        200,
                        "[{\"id\":\"" + JobManagerReports.GAUGE + "\",\"value\":\"color=PINK\"}]")
                .always();

        assertThatThrownBy(() -> reader.read(job())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void channelErrorsAndTheGateParallelismAreReadWithTheReports() {
        // Given a gate of parallelism 2: subtask 0 reports and has no error, subtask 1 has only
        // published its channel error
        job("[{\"id\":\"gate\",\"parallelism\":2}]");
        rest.expect()
                .get()
                .withPath("/jobs/j1/vertices/gate/subtasks/0" + METRICS)
                .andReturn(
                        200,
                        "[{\"id\":\""
                                + JobManagerReports.CHANNEL_ERROR_GAUGE
                                + "\",\"value\":\"\"},"
                                + gauge(report(0)).substring(1))
                .always();
        rest.expect()
                .get()
                .withPath("/jobs/j1/vertices/gate/subtasks/1" + METRICS)
                .andReturn(
                        200,
                        "[{\"id\":\""
                                + JobManagerReports.CHANNEL_ERROR_GAUGE
                                + "\",\"value\":\"configmap shop/orders-gate: GET returned HTTP"
                                + " 403\"}]")
                .always();

        // When
        JobGateReading reading = reader.reading(job());

        // Then
        assertThat(reading.subtasks()).isEqualTo(2);
        assertThat(reading.reports()).containsExactly(report(0));
        assertThat(reading.channelErrors())
                .containsExactly("configmap shop/orders-gate: GET returned HTTP 403");
        assertThat(reading.unreachable()).isNull();
    }
}
