package dev.bluegreen.operator.internal.observe;

import dev.bluegreen.core.Color;

import io.fabric8.mockwebserver.DefaultMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Source backlog and checkpoint count read from a faked JobManager REST API (fabric8's mock web
 * server); the real API is read by the demo's readiness ITs.
 */
class ReadinessMetricsTest {
    static final String PENDING = "Source__orders.pendingRecords";
    static final String KAFKA_LAG =
            "Source__orders.KafkaSourceReader.KafkaConsumer.records-lag-max";

    DefaultMockServer rest;
    ReadinessMetrics reader = new ReadinessMetrics(Duration.ofSeconds(10));

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

    /** A job of two sources (src1, src2) feeding one counter. */
    void twoSourcesAndACounter() {
        answer(
                "/jobs/j1",
                "{\"jid\":\"j1\",\"vertices\":[{\"id\":\"src1\",\"name\":\"Source: orders\"},"
                        + "{\"id\":\"src2\",\"name\":\"Source: refunds\"},{\"id\":\"count\"}],"
                        + "\"plan\":{\"nodes\":[{\"id\":\"src1\"},{\"id\":\"src2\",\"inputs\":[]},"
                        + "{\"id\":\"count\",\"inputs\":[{\"id\":\"src1\"},{\"id\":\"src2\"}]}]}}");
    }

    void answer(String path, String body) {
        rest.expect().get().withPath(path).andReturn(200, body).always();
    }

    void metrics(String vertex, String listed, String id, String aggregated) {
        String path = "/jobs/j1/vertices/" + vertex + "/subtasks/metrics";
        answer(path, listed);
        answer(path + "?agg=sum&get=" + id, aggregated);
    }

    @Test
    void sumsPendingRecordsOverEverySourceVertexAndItsSubtasks() {
        twoSourcesAndACounter();
        metrics(
                "src1",
                "[{\"id\":\"numRecordsIn\"},{\"id\":\"" + PENDING + "\"}]",
                PENDING,
                "[{\"id\":\"" + PENDING + "\",\"sum\":18000.0,\"max\":9000.0}]");
        metrics(
                "src2",
                "[{\"id\":\"Source__refunds.pendingRecords\"}]",
                "Source__refunds.pendingRecords",
                "[{\"id\":\"Source__refunds.pendingRecords\",\"sum\":400.0}]");

        assertThat(reader.backlog(job())).isEqualTo(new SourceBacklog(18_400L, "pendingRecords"));
    }

    @Test
    void fallsBackToTheKafkaConsumerLagWhenASourceHasNoPendingRecords() {
        answer(
                "/jobs/j1",
                "{\"vertices\":[{\"id\":\"src1\"}],\"plan\":{\"nodes\":[{\"id\":\"src1\"}]}}");
        metrics(
                "src1",
                "[{\"id\":\"" + KAFKA_LAG + "\"}]",
                KAFKA_LAG,
                "[{\"id\":\"" + KAFKA_LAG + "\",\"sum\":0.0}]");

        assertThat(reader.backlog(job())).isEqualTo(new SourceBacklog(0L, "Kafka records-lag-max"));
    }

    @Test
    void aSourceWithoutABacklogMetricMakesTheBacklogUnknownNotZero() {
        twoSourcesAndACounter();
        metrics(
                "src1",
                "[{\"id\":\"" + PENDING + "\"}]",
                PENDING,
                "[{\"id\":\"" + PENDING + "\",\"sum\":5.0}]");
        answer("/jobs/j1/vertices/src2/subtasks/metrics", "[{\"id\":\"numRecordsOut\"}]");

        SourceBacklog backlog = reader.backlog(job());

        assertThat(backlog.known()).isFalse();
        assertThat(backlog.detail())
                .isEqualTo("source 'Source: refunds' reports no pendingRecords");
    }

    @Test
    void aListedMetricWithoutAFiniteValueIsUnknown() {
        answer(
                "/jobs/j1",
                "{\"vertices\":[{\"id\":\"src1\",\"name\":\"Source: orders\"}],"
                        + "\"plan\":{\"nodes\":[{\"id\":\"src1\"}]}}");
        metrics("src1", "[{\"id\":\"" + KAFKA_LAG + "\"}]", KAFKA_LAG, "[]");

        assertThat(reader.backlog(job()))
                .isEqualTo(
                        SourceBacklog.unknown(
                                "source 'Source: orders' has no value for " + KAFKA_LAG));
    }

    @Test
    void aJobWithoutPlanNodesHasAnUnknownBacklog() {
        answer("/jobs/j1", "{\"vertices\":[{\"id\":\"src1\"}]}");

        assertThat(reader.backlog(job()))
                .isEqualTo(SourceBacklog.unknown("job j1 has no source vertex"));
    }

    @Test
    void readsTheCompletedCheckpointsOfTheJobRun() {
        answer(
                "/jobs/j1/checkpoints",
                "{\"counts\":{\"restored\":1,\"total\":4,\"in_progress\":1,\"completed\":3,"
                        + "\"failed\":0},\"latest\":{}}");

        assertThat(reader.completedCheckpoints(job())).isEqualTo(3);
    }

    @Test
    void aJobThatDoesNotCheckpointIsAnErrorNamingTheUrl() {
        rest.expect().get().withPath("/jobs/j1/checkpoints").andReturn(404, "{}").always();

        assertThatThrownBy(() -> reader.completedCheckpoints(job()))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("/jobs/j1/checkpoints: HTTP 404");
    }

    @Test
    void checkpointsWithoutACountAreAnError() {
        answer("/jobs/j1/checkpoints", "{\"errors\":[\"not ready\"]}");

        assertThatThrownBy(() -> reader.completedCheckpoints(job()))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("no counts.completed");
    }

    @Test
    void readsTheRestartsOfTheJobRun() {
        answer("/jobs/j1/metrics?get=numRestarts", "[{\"id\":\"numRestarts\",\"value\":\"4\"}]");

        assertThat(reader.restarts(job())).isEqualTo(4);
    }

    @Test
    void restartsWithoutAWholeNumberAreAnError() {
        for (String body :
                new String[] {"[]", "[{\"id\":\"numRestarts\",\"value\":\"many\"}]", "{}"}) {
            rest.expect()
                    .get()
                    .withPath("/jobs/j1/metrics?get=numRestarts")
                    .andReturn(200, body)
                    .once();

            assertThatThrownBy(() -> reader.restarts(job()))
                    .isInstanceOf(UncheckedIOException.class)
                    .hasMessageContaining("no whole-number value of numRestarts");
        }
    }

    @Test
    void anUnreachableRestApiIsAnErrorNamingTheUrl() {
        var gone = new ChildJob(Color.BLUE, URI.create("http://127.0.0.1:1/"), "j1");

        assertThatThrownBy(() -> reader.backlog(gone))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("GET http://127.0.0.1:1/jobs/j1");
    }
}
