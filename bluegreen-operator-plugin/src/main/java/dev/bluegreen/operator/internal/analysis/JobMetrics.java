package dev.bluegreen.operator.internal.analysis;

import dev.bluegreen.operator.internal.observe.ChildJob;
import dev.bluegreen.operator.internal.spec.SpecJson;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads one job's analysis metrics from its JobManager REST API, {@code 4 + vertices} requests:
 *
 * <ul>
 *   <li>{@code GET /jobs/<job>}: the vertex ids;
 *   <li>{@code GET /jobs/<job>/metrics?get=numRestarts,uptime}: {@code restarts}, {@code uptimeMs};
 *   <li>{@code GET /jobs/<job>/checkpoints}: {@code failedCheckpoints} ({@code counts.failed}; 0
 *       when checkpointing is off, answered 404);
 *   <li>{@code GET /jobs/<job>/exceptions?maxExceptions=100}: {@code exceptions}, the entries of
 *       {@code exceptionHistory} (Flink 1.20 and 2.x; capped by the JobManager's {@code
 *       web.exception-history-size}, default 16);
 *   <li>per vertex {@code GET /jobs/<job>/vertices/<v>/subtasks/metrics?get=numRecordsInPerSecond,
 *       numRecordsOutPerSecond&agg=sum}: {@code recordsInPerSecond} and {@code
 *       recordsOutPerSecond}, summed over subtasks and vertices (a metric not reported yet counts
 *       0).
 * </ul>
 *
 * Values are doubles. REST metric values are up to {@code metrics.fetcher.update-interval} (10 s)
 * old. One instance per measurement; counts its requests. Not thread-safe.
 */
final class JobMetrics {
    /** The exceptions asked for; more than Flink keeps by default. */
    static final int MAX_EXCEPTIONS = 100;

    private static final String RECORDS_IN = "numRecordsInPerSecond";
    private static final String RECORDS_OUT = "numRecordsOutPerSecond";
    private static final String RATES = "?get=" + RECORDS_IN + "," + RECORDS_OUT + "&agg=sum";

    private final HttpExchanges http;
    private final Duration timeout;
    private int requests;

    JobMetrics(HttpExchanges http, Duration timeout) {
        this.http = http;
        this.timeout = timeout;
    }

    /** The requests made so far. */
    int requests() {
        return requests;
    }

    /**
     * The metrics of {@code job}: {@code restarts}, {@code failedCheckpoints}, {@code
     * recordsInPerSecond}, {@code recordsOutPerSecond}, {@code exceptions}, {@code uptimeMs}.
     *
     * @throws ProviderException naming the URL when a request fails or answers other than 200
     */
    Map<String, Object> read(ChildJob job) {
        String path = "/jobs/" + job.jobId();
        JsonNode details = get(job.rest(), path, false);
        Map<String, Double> jobMetrics =
                values(get(job.rest(), path + "/metrics?get=numRestarts,uptime", false));
        JsonNode checkpoints = get(job.rest(), path + "/checkpoints", true);
        JsonNode exceptions =
                get(job.rest(), path + "/exceptions?maxExceptions=" + MAX_EXCEPTIONS, false);
        Map<String, Double> rates = rates(job, path, details.path("vertices"));
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("restarts", jobMetrics.getOrDefault("numRestarts", 0.0));
        metrics.put(
                "failedCheckpoints",
                checkpoints == null ? 0.0 : checkpoints.path("counts").path("failed").asDouble(0));
        metrics.put("recordsInPerSecond", rates.getOrDefault(RECORDS_IN, 0.0));
        metrics.put("recordsOutPerSecond", rates.getOrDefault(RECORDS_OUT, 0.0));
        metrics.put("exceptions", (double) exceptionCount(exceptions));
        metrics.put("uptimeMs", jobMetrics.getOrDefault("uptime", 0.0));
        return metrics;
    }

    /** The records in and out per second of every vertex, summed: one request per vertex. */
    private Map<String, Double> rates(ChildJob job, String path, JsonNode vertices) {
        Map<String, Double> total = new LinkedHashMap<>();
        for (JsonNode vertex : vertices) {
            String vertexPath =
                    path + "/vertices/" + vertex.path("id").asText() + "/subtasks/metrics";
            sums(get(job.rest(), vertexPath + RATES, false))
                    .forEach((id, sum) -> total.merge(id, sum, Double::sum));
        }
        return total;
    }

    /** The exception history's entries (Flink 1.20 also has it beside the deprecated fields). */
    private static int exceptionCount(JsonNode exceptions) {
        JsonNode history = exceptions.path("exceptionHistory");
        if (history.isObject()) {
            return history.path("entries").size();
        }
        return exceptions.path("all-exceptions").size();
    }

    /** Job metrics {@code [{"id":..,"value":"<text>"}]} by id; unparsable values left out. */
    private static Map<String, Double> values(JsonNode metrics) {
        Map<String, Double> values = new LinkedHashMap<>();
        for (JsonNode metric : metrics) {
            try {
                values.put(
                        metric.path("id").asText(),
                        Double.parseDouble(metric.path("value").asText()));
            } catch (NumberFormatException e) {
                // a metric without a number is left out: it reads as 0
            }
        }
        return values;
    }

    /** Aggregated subtask metrics {@code [{"id":..,"sum":<number>}]} by id. */
    private static Map<String, Double> sums(JsonNode metrics) {
        Map<String, Double> sums = new LinkedHashMap<>();
        for (JsonNode metric : metrics) {
            if (metric.path("sum").isNumber()) {
                sums.put(metric.path("id").asText(), metric.path("sum").asDouble());
            }
        }
        return sums;
    }

    /** The JSON answer of a GET; {@code null} for a 404 when {@code absentIsNull}. */
    private JsonNode get(URI rest, String path, boolean absentIsNull) {
        String base = rest.toString();
        URI uri =
                URI.create(
                        (base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + path);
        requests++;
        HttpResponse<String> response =
                http.send(HttpRequest.newBuilder(uri).timeout(timeout).GET().build());
        if (response.statusCode() == 404 && absentIsNull) {
            return null;
        }
        if (response.statusCode() != 200) {
            throw new ProviderException(
                    "GET "
                            + uri
                            + ": HTTP "
                            + response.statusCode()
                            + ": "
                            + ValueText.shortened(response.body()));
        }
        try {
            return SpecJson.mapper().readTree(response.body());
        } catch (JsonProcessingException e) {
            throw new ProviderException("GET " + uri + ": not JSON: " + e.getOriginalMessage(), e);
        }
    }
}
