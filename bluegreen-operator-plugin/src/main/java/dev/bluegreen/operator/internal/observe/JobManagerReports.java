package dev.bluegreen.operator.internal.observe;

import dev.bluegreen.gate.rule.GateReport;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Reads gate reports from a child's JobManager REST API (docs/gate.md, "Reports";
 * docs/controller.md, "JobManager REST calls"): {@code GET /jobs/<job>} for the vertices, then, per
 * vertex, the gauges {@value #GAUGE} and {@value #CHANNEL_ERROR_GAUGE} of subtask 0 in one request;
 * the vertex that has them is the gate's, and the gauges of each of its other subtasks are read too
 * (1 + vertices before the gate + gate parallelism requests). When no vertex has them, the gate may
 * live inside a source (the Kafka source's position gate, whose gauges carry the source's name):
 * then each vertex's metric list is read until one names a gate gauge ({@link GateGauges#inList};
 * one more request per vertex, for such jobs and for a job whose gate has not published yet). For a
 * job that failed or ended also {@code GET /jobs/<job>/checkpoints} for its newest completed
 * checkpoint. Each request has the timeout given at construction. Uses {@code java.net.http};
 * thread-safe.
 */
public final class JobManagerReports {
    /** The gate's whole-report gauge as the REST API names it (operator name, metric group). */
    public static final String GAUGE = "BlueGreenGate.bluegreenGate.report";

    /**
     * The gate's gauge with its channel's last read error ("" for none), as the REST API names it.
     */
    public static final String CHANNEL_ERROR_GAUGE = "BlueGreenGate.bluegreenGate.channelError";

    /** The metrics query of one subtask of the gate operator: both gauges. */
    static final String QUERY = GateGauges.OPERATOR.query();

    private final JobManagerGet get;
    private final Duration timeout;

    /** A reader with its own HTTP client and a per-request timeout. */
    public JobManagerReports(Duration timeout) {
        this(HttpClient.newBuilder().connectTimeout(timeout).build(), timeout);
    }

    /** A reader using {@code http} with a per-request timeout. */
    public JobManagerReports(HttpClient http, Duration timeout) {
        this.get = new JobManagerGet(http, timeout);
        this.timeout = timeout;
    }

    /** The timeout of each request (and of connecting). */
    public Duration timeout() {
        return timeout;
    }

    /**
     * The newest report of every gate subtask of {@code job}.
     *
     * @return the reports, empty when the job has no gate or it has not reported yet
     * @throws UncheckedIOException when the REST API cannot be reached or answers with an error
     *     (the message names the URL)
     * @throws IllegalArgumentException when a report does not parse (names the field)
     */
    public List<GateReport> read(ChildJob job) {
        return reading(job).reports();
    }

    /**
     * What the gate of {@code job} reports: its parallelism, the newest report and the channel
     * error of every subtask that has them.
     *
     * @throws UncheckedIOException when the REST API cannot be reached or answers with an error
     *     (the message names the URL)
     * @throws IllegalArgumentException when a report does not parse (names the field)
     */
    public JobGateReading reading(ChildJob job) {
        JobGateReading reading = gateReading(job);
        return job.ended() ? reading.withLatestCompleted(latestCompleted(job)) : reading;
    }

    /**
     * The newest completed checkpoint of an ended job ({@code latest.completed.id}), empty when it
     * has none or the request fails (the JobManager of a job that failed keeps its statistics; a
     * deleted one answers nothing).
     */
    public OptionalLong latestCompleted(ChildJob job) {
        try {
            JsonNode id =
                    get(job.rest(), "/jobs/" + job.jobId() + "/checkpoints")
                            .path("latest")
                            .path("completed")
                            .path("id");
            return id.canConvertToLong() ? OptionalLong.of(id.asLong()) : OptionalLong.empty();
        } catch (RuntimeException unreachable) {
            return OptionalLong.empty();
        }
    }

    private JobGateReading gateReading(ChildJob job) {
        String jobPath = "/jobs/" + job.jobId();
        JsonNode vertices = get(job.rest(), jobPath).path("vertices");
        for (JsonNode vertex : vertices) {
            String subtasks = subtasks(jobPath, vertex);
            Gauges first = gauges(job.rest(), subtasks + 0, GateGauges.OPERATOR);
            if (!first.empty()) {
                return gateVertex(job, subtasks, vertex, GateGauges.OPERATOR, first);
            }
        }
        return sourceGate(job, jobPath, vertices);
    }

    /**
     * A gate inside a source: the first vertex whose metric list names a gate gauge. The same
     * subtask answered the gauge query just before, so a list it does not answer is taken as one
     * without a gate (as a job without any gate was read before there were source gates).
     */
    private JobGateReading sourceGate(ChildJob job, String jobPath, JsonNode vertices) {
        for (JsonNode vertex : vertices) {
            String subtasks = subtasks(jobPath, vertex);
            var names = metricList(job.rest(), subtasks + "0/metrics").flatMap(GateGauges::inList);
            if (names.isPresent()) {
                Gauges first = gauges(job.rest(), subtasks + 0, names.get());
                return gateVertex(job, subtasks, vertex, names.get(), first);
            }
        }
        return new JobGateReading(job, 0, List.of(), List.of(), null);
    }

    /** The path of {@code vertex}'s subtasks under {@code jobPath}, ending in a slash. */
    private static String subtasks(String jobPath, JsonNode vertex) {
        return jobPath + "/vertices/" + vertex.path("id").asText() + "/subtasks/";
    }

    /**
     * The reports of every subtask of the gate's vertex, whose first subtask said {@code first}.
     */
    private JobGateReading gateVertex(
            ChildJob job, String subtasks, JsonNode vertex, GateGauges names, Gauges first) {
        int parallelism = vertex.path("parallelism").asInt(1);
        var reports = new ArrayList<GateReport>();
        var errors = new LinkedHashSet<String>();
        first.addTo(reports, errors);
        for (int i = 1; i < parallelism; i++) {
            gauges(job.rest(), subtasks + i, names).addTo(reports, errors);
        }
        return new JobGateReading(job, parallelism, reports, List.copyOf(errors), null);
    }

    /** The two gate gauges of one subtask, each {@code null} when absent. */
    private record Gauges(GateReport report, String channelError) {
        boolean empty() {
            return report == null && channelError == null;
        }

        void addTo(List<GateReport> reports, Set<String> errors) {
            if (report != null) {
                reports.add(report);
            }
            if (channelError != null && !channelError.isBlank()) {
                errors.add(channelError);
            }
        }
    }

    private Gauges gauges(URI rest, String subtaskPath, GateGauges names) {
        GateReport report = null;
        String channelError = null;
        for (JsonNode metric : get(rest, subtaskPath + "/metrics" + names.query())) {
            String id = metric.path("id").asText();
            JsonNode value = metric.path("value");
            if (names.report().equals(id) && value.isTextual()) {
                report = GateReport.parse(value.asText());
            } else if (names.channelError().equals(id)) {
                channelError = value.asText("");
            }
        }
        return new Gauges(report, channelError);
    }

    private Optional<JsonNode> metricList(URI rest, String path) {
        try {
            return Optional.of(get(rest, path));
        } catch (UncheckedIOException unanswered) {
            return Optional.empty();
        }
    }

    private JsonNode get(URI rest, String path) {
        return get.json(rest, path);
    }
}
