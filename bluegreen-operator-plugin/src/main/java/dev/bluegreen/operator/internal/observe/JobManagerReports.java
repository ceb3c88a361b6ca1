package dev.bluegreen.operator.internal.observe;

import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.operator.internal.spec.SpecJson;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Reads gate reports from a child's JobManager REST API (docs/gate.md, "Reports"): {@code GET
 * /jobs/<job>} for the vertices, then, per vertex, the gauge {@value #GAUGE} of subtask 0; the
 * vertex that has it is the gate's, and the gauge of each of its other subtasks is read too. One
 * report per subtask that has published one. Uses {@code java.net.http}; thread-safe.
 */
public final class JobManagerReports {
    /** The gate's whole-report gauge as the REST API names it (operator name, metric group). */
    public static final String GAUGE = "BlueGreenGate.bluegreenGate.report";

    private final HttpClient http;
    private final Duration timeout;

    /** A reader with its own HTTP client and a per-request timeout. */
    public JobManagerReports(Duration timeout) {
        this(HttpClient.newBuilder().connectTimeout(timeout).build(), timeout);
    }

    /** A reader using {@code http} with a per-request timeout. */
    public JobManagerReports(HttpClient http, Duration timeout) {
        this.http = Objects.requireNonNull(http, "http == null");
        this.timeout = Objects.requireNonNull(timeout, "timeout == null");
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
        String jobPath = "/jobs/" + job.jobId();
        JsonNode vertices = get(job.rest(), jobPath).path("vertices");
        var reports = new ArrayList<GateReport>();
        for (JsonNode vertex : vertices) {
            String subtasks = jobPath + "/vertices/" + vertex.path("id").asText() + "/subtasks/";
            GateReport first = gauge(job.rest(), subtasks + 0);
            if (first == null) {
                continue;
            }
            reports.add(first);
            for (int i = 1; i < vertex.path("parallelism").asInt(1); i++) {
                GateReport next = gauge(job.rest(), subtasks + i);
                if (next != null) {
                    reports.add(next);
                }
            }
            break; // one gate per job
        }
        return reports;
    }

    private GateReport gauge(URI rest, String subtaskPath) {
        String query = "?get=" + URLEncoder.encode(GAUGE, StandardCharsets.UTF_8);
        for (JsonNode metric : get(rest, subtaskPath + "/metrics" + query)) {
            if (GAUGE.equals(metric.path("id").asText()) && metric.path("value").isTextual()) {
                return GateReport.parse(metric.path("value").asText());
            }
        }
        return null;
    }

    private JsonNode get(URI rest, String path) {
        URI uri = rest.resolve(path);
        var request = HttpRequest.newBuilder(uri).timeout(timeout).GET().build();
        try {
            HttpResponse<String> response =
                    http.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new UncheckedIOException(
                        new IOException("GET " + uri + ": HTTP " + response.statusCode()));
            }
            return SpecJson.mapper().readTree(response.body());
        } catch (IOException e) {
            throw new UncheckedIOException("GET " + uri + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UncheckedIOException(new IOException("GET " + uri + ": interrupted", e));
        }
    }
}
