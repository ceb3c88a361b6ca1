package dev.bluegreen.operator.internal.analysis;

import dev.bluegreen.core.Color;
import dev.bluegreen.core.analysis.Measurement;
import dev.bluegreen.operator.internal.analysis.LoopbackServer.Answer;
import dev.bluegreen.operator.internal.observe.ChildJob;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;

import static dev.bluegreen.core.analysis.MeasurementPhase.ERROR;
import static dev.bluegreen.core.analysis.MeasurementPhase.FAILED;
import static dev.bluegreen.core.analysis.MeasurementPhase.SUCCESSFUL;
import static dev.bluegreen.operator.internal.analysis.Checks.GREEN_BEFORE_SWITCH;
import static dev.bluegreen.operator.internal.analysis.Checks.NOW;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The flink provider against two JobManager REST APIs on a loopback server, answering in Flink's
 * shapes (analysis-facts §3.3): blue runs Flink 1.20's exception shape, green 2.x's.
 */
class FlinkProviderTest {
    private static final String BLUE_JOB = "/blue/jobs/b1";
    private static final String GREEN_JOB = "/green/jobs/g1";

    private static LoopbackServer jobManagers;
    private final Map<String, ChildJob> jobs = new HashMap<>();
    private LiveCheckRunner runner;

    @BeforeEach
    void start() throws IOException {
        jobManagers.reset();
        jobs.put("orders-blue", job(Color.BLUE, "/blue", "b1"));
        jobs.put("orders-green", job(Color.GREEN, "/green", "g1"));
        runner = Checks.runner(null, jobs::get);
        serve(BLUE_JOB, "0", "60000", 2, 100.0, 99.0);
        jobManagers.on(
                BLUE_JOB + "/exceptions",
                Answer.of(
                        200,
                        "{\"root-exception\":null,\"timestamp\":null,\"all-exceptions\":[],"
                                + "\"truncated\":false,\"exceptionHistory\":{\"entries\":[],"
                                + "\"truncated\":false}}"));
        jobManagers.on(
                BLUE_JOB + "/checkpoints",
                Answer.of(
                        200,
                        "{\"counts\":{\"restored\":0,\"total\":9,\"in_progress\":0,"
                                + "\"completed\":8,\"failed\":1}}"));
    }

    @BeforeAll
    static void startServer() throws IOException {
        jobManagers = new LoopbackServer();
    }

    @AfterAll
    static void stop() {
        jobManagers.close();
    }

    private ChildJob job(Color color, String prefix, String id) {
        return new ChildJob(color, URI.create(jobManagers.base() + prefix), id);
    }

    /** The job, its metrics and two vertices' rates (each vertex gets half). */
    private void serve(
            String job, String restarts, String uptime, int vertices, double in, double out) {
        StringBuilder list = new StringBuilder();
        for (int v = 0; v < vertices; v++) {
            list.append(v == 0 ? "" : ",")
                    .append("{\"id\":\"v")
                    .append(v)
                    .append("\",\"name\":\"op\",\"parallelism\":2}");
            jobManagers.on(
                    job + "/vertices/v" + v + "/subtasks/metrics",
                    Answer.of(
                            200,
                            "[{\"id\":\"numRecordsInPerSecond\",\"min\":0,\"max\":1,\"avg\":0.5,\"sum\":"
                                    + in / vertices
                                    + ",\"skew\":0},{\"id\":\"numRecordsOutPerSecond\",\"min\":0,"
                                    + "\"max\":1,\"avg\":0.5,\"sum\":"
                                    + out / vertices
                                    + ",\"skew\":0}]"));
        }
        jobManagers.on(
                job,
                Answer.of(
                        200, "{\"jid\":\"x\",\"state\":\"RUNNING\",\"vertices\":[" + list + "]}"));
        jobManagers.on(
                job + "/metrics",
                Answer.of(
                        200,
                        "[{\"id\":\"numRestarts\",\"value\":\""
                                + restarts
                                + "\"},{\"id\":\"uptime\",\"value\":\""
                                + uptime
                                + "\"}]"));
    }

    private void greenWith(String restarts, int exceptions) {
        serve(GREEN_JOB, restarts, "30000", 2, 90.0, 98.0);
        StringBuilder entries = new StringBuilder();
        for (int i = 0; i < exceptions; i++) {
            entries.append(i == 0 ? "" : ",")
                    .append(
                            "{\"exceptionName\":\"java.lang.RuntimeException\",\"stacktrace\":\"x\","
                                    + "\"timestamp\":1,\"taskName\":null,\"endpoint\":null,"
                                    + "\"taskManagerId\":null,\"failureLabels\":{},"
                                    + "\"concurrentExceptions\":[]}");
        }
        jobManagers.on(
                GREEN_JOB + "/exceptions",
                Answer.of(
                        200,
                        "{\"exceptionHistory\":{\"entries\":["
                                + entries
                                + "],\"truncated\":false}}"));
    }

    private Measurement measure(String success, String failure) {
        return runner.measure(
                Checks.check(Checks.flink(null), success, failure), GREEN_BEFORE_SWITCH, NOW);
    }

    @Test
    void readsBothChildrensMetricsAsCandidateIncumbentBlueAndGreen() {
        greenWith("0", 0);

        Measurement m =
                measure(
                        "candidate.restarts <= incumbent.restarts"
                                + " && green.recordsOutPerSecond >= 0.9 * blue.recordsOutPerSecond"
                                + " && candidate.exceptions == 0 && incumbent.failedCheckpoints == 1.0"
                                + " && result.green.uptimeMs == 30000 && blue.recordsInPerSecond == 100",
                        null);

        assertThat(m.phase()).as(m.message()).isEqualTo(SUCCESSFUL);
        assertThat(m.value())
                .startsWith(
                        "{candidate: {restarts: 0, failedCheckpoints: 0, recordsInPerSecond: 90,"
                                + " recordsOutPerSecond: 98, exceptions: 0, uptimeMs: 30000}, incumbent: {")
                .endsWith("exceptions: 0, uptimeMs: 60000}}")
                .doesNotContain("blue:");
        assertThat(jobManagers.requests()).hasSize(12);
        assertThat(runner.lastRequests()).isEqualTo(12);
    }

    @Test
    void aCandidateThatRestartsMoreThanTheIncumbentFails() {
        greenWith("3", 2);

        Measurement m =
                measure(
                        null,
                        "candidate.restarts > incumbent.restarts || candidate.exceptions > 0");

        assertThat(m.phase()).isEqualTo(FAILED);
        assertThat(m.value()).startsWith("{candidate: {restarts: 3, failedCheckpoints: 0,");
        assertThat(m.value()).contains("exceptions: 2");
    }

    @Test
    void aJobWithoutCheckpointingHasNoFailedCheckpoints() {
        greenWith("0", 0);
        jobManagers.on(
                GREEN_JOB + "/checkpoints",
                Answer.of(404, "{\"errors\":[\"Checkpointing has not been enabled.\"]}"));

        Measurement m = measure("candidate.failedCheckpoints == 0", null);

        assertThat(m.phase()).isEqualTo(SUCCESSFUL);
    }

    @Test
    void aChildWithoutAJobIsAnErrorNamingIt() {
        jobs.remove("orders-blue");
        greenWith("0", 0);

        Measurement m = measure("true", null);

        assertThat(m.phase()).isEqualTo(ERROR);
        assertThat(m.message()).isEqualTo("flink: child orders-blue runs no job");
    }

    @Test
    void aFailingRestApiIsAnErrorNamingTheChildAndTheUrl() {
        greenWith("0", 0);
        jobManagers.on(GREEN_JOB + "/metrics", Answer.of(500, "{\"errors\":[\"boom\"]}"));

        Measurement m = measure("true", null);

        assertThat(m.phase()).isEqualTo(ERROR);
        assertThat(m.message())
                .isEqualTo(
                        "flink: child orders-green: GET "
                                + jobManagers.base()
                                + GREEN_JOB
                                + "/metrics?get=numRestarts,uptime: HTTP 500: {\"errors\":[\"boom\"]}");
    }

    @Test
    void anUnreachableJobManagerIsAnError() throws IOException {
        greenWith("0", 0);
        jobs.put("orders-green", new ChildJob(Color.GREEN, URI.create(Checks.unreachable()), "g1"));

        Measurement m = measure("true", null);

        assertThat(m.phase()).isEqualTo(ERROR);
        assertThat(m.message()).startsWith("flink: child orders-green: GET ");
    }
}
