package dev.bluegreen.gate.kafka;

import dev.bluegreen.gate.rule.GateReport;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Test support: a gate report read from a job's real Flink REST API the way the controller finds a
 * gate inside a source: the vertices of the job, each vertex's metric list, the gauge whose id ends
 * in {@code .bluegreenGate.report}, then its value.
 */
final class RestGauges {
    private static final Pattern VERTEX = Pattern.compile("\"id\":\"([0-9a-f]{32})\"");
    private static final Pattern REPORT_ID =
            Pattern.compile("\"id\":\"([^\"]*\\.bluegreenGate\\.report)\"");
    private static final Pattern VALUE = Pattern.compile("\"value\":\"([^\"]*)\"");
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private RestGauges() {}

    /** Subtask 0's report of the first vertex that lists a gate gauge, empty while none does. */
    static Optional<GateReport> sourceGateReport(URI rest, String jobId) throws Exception {
        Matcher vertices = VERTEX.matcher(get(rest, "/jobs/" + jobId));
        while (vertices.find()) {
            String subtask = "/jobs/" + jobId + "/vertices/" + vertices.group(1) + "/subtasks/0";
            Matcher id = REPORT_ID.matcher(get(rest, subtask + "/metrics"));
            if (id.find()) {
                Matcher value = VALUE.matcher(get(rest, subtask + "/metrics?get=" + id.group(1)));
                return value.find()
                        ? Optional.of(GateReport.parse(value.group(1)))
                        : Optional.empty();
            }
        }
        return Optional.empty();
    }

    private static String get(URI rest, String path) throws Exception {
        HttpRequest request =
                HttpRequest.newBuilder(rest.resolve(path)).timeout(Duration.ofSeconds(5)).build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString()).body();
    }
}
