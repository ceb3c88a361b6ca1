package dev.bluegreen.operator.internal.observe;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;

/**
 * Reads what the readiness checks need from a child's JobManager REST API (docs/controller.md,
 * "Readiness reads"), the way Flink's autoscaler reads a source's backlog:
 *
 * <ul>
 *   <li>{@link #backlog}: {@code GET /jobs/<job>} (vertices and plan; a source vertex has no
 *       inputs), then per source vertex {@code GET .../vertices/<v>/subtasks/metrics} (the metric
 *       ids) and {@code GET .../subtasks/metrics?get=<id>&agg=sum}: the FLIP-33 {@code
 *       pendingRecords} summed over subtasks, else the Kafka consumer's {@code records-lag-max}.
 *   <li>{@link #completedCheckpoints}: {@code GET /jobs/<job>/checkpoints}, {@code
 *       counts.completed} of this job run.
 *   <li>{@link #restarts}: {@code GET /jobs/<job>/metrics?get=numRestarts}, for an extension's
 *       readiness policy.
 * </ul>
 *
 * Uses {@code java.net.http} with a per-request timeout; thread-safe.
 */
public final class ReadinessMetrics {
    /** The suffix of the FLIP-33 standard source metric in a vertex's metric ids. */
    public static final String PENDING_RECORDS = ".pendingRecords";

    /** The suffix of the Kafka consumer's lag (per subtask, the maximum over its partitions). */
    public static final String KAFKA_LAG = ".KafkaConsumer.records-lag-max";

    /** Flink's job metric of the restarts of the current job run. */
    public static final String NUM_RESTARTS = "numRestarts";

    private static final String PENDING = "pendingRecords";
    private static final String KAFKA = "Kafka records-lag-max";

    private final JobManagerGet get;

    /** A reader with its own HTTP client; {@code timeout} bounds the connect and each request. */
    public ReadinessMetrics(Duration timeout) {
        this(HttpClient.newBuilder().connectTimeout(timeout).build(), timeout);
    }

    /** A reader using {@code http} with a per-request timeout. */
    public ReadinessMetrics(HttpClient http, Duration timeout) {
        this.get = new JobManagerGet(http, timeout);
    }

    /**
     * The source backlog of {@code job}: known when every source vertex reports {@code
     * pendingRecords} (or, failing that, the Kafka consumer lag); unknown, with the reason,
     * otherwise (the Kafka source creates {@code pendingRecords} on its first record; legacy
     * sources never have it).
     *
     * @throws UncheckedIOException when the REST API cannot be reached or answers with an error
     *     (the message names the URL)
     */
    public SourceBacklog backlog(ChildJob job) {
        String jobPath = "/jobs/" + job.jobId();
        JsonNode details = get.json(job.rest(), jobPath);
        Set<String> sources = sourceVertices(details.path("plan"));
        if (sources.isEmpty()) {
            return SourceBacklog.unknown("job " + job.jobId() + " has no source vertex");
        }
        return sourcesBacklog(job, jobPath, details.path("vertices"), sources);
    }

    /** The backlog of the source vertices summed; the first unknown one if any is unknown. */
    private SourceBacklog sourcesBacklog(
            ChildJob job, String jobPath, JsonNode vertices, Set<String> sources) {
        long total = 0;
        boolean kafkaLag = false;
        for (JsonNode vertex : vertices) {
            String id = vertex.path("id").asText();
            if (sources.contains(id)) {
                SourceBacklog one = vertexBacklog(job, jobPath + "/vertices/" + id, vertex);
                if (!one.known()) {
                    return one;
                }
                total += one.records();
                kafkaLag |= !one.detail().equals(PENDING);
            }
        }
        return new SourceBacklog(total, kafkaLag ? KAFKA : PENDING);
    }

    /** The backlog of one source vertex, summed over its subtasks. */
    private SourceBacklog vertexBacklog(ChildJob job, String vertexPath, JsonNode vertex) {
        String name = "source '" + vertex.path("name").asText(vertex.path("id").asText()) + "'";
        String metrics = vertexPath + "/subtasks/metrics";
        String metric = backlogMetric(get.json(job.rest(), metrics));
        if (metric == null) {
            return SourceBacklog.unknown(name + " reports no pendingRecords");
        }
        Double sum = sum(get.json(job.rest(), metrics + "?agg=sum&get=" + encode(metric)));
        if (sum == null) {
            return SourceBacklog.unknown(name + " has no value for " + metric);
        }
        return new SourceBacklog(Math.round(sum), metric.endsWith(KAFKA_LAG) ? KAFKA : PENDING);
    }

    /**
     * The checkpoints completed by the job run {@code job} ({@code counts.completed}; a restarted
     * job has a new id and counts from 0).
     *
     * @throws UncheckedIOException when the REST API cannot be reached or answers with an error,
     *     e.g. 404 when the job does not checkpoint (the message names the URL)
     */
    public long completedCheckpoints(ChildJob job) {
        JsonNode counts =
                get.json(job.rest(), "/jobs/" + job.jobId() + "/checkpoints").path("counts");
        if (!counts.path("completed").canConvertToLong()) {
            throw new UncheckedIOException(
                    new IOException(
                            "GET /jobs/" + job.jobId() + "/checkpoints: no counts.completed"));
        }
        return counts.path("completed").asLong();
    }

    /**
     * The restarts of the job run {@code job}: Flink's {@code numRestarts} job metric ({@code GET
     * /jobs/<job>/metrics?get=numRestarts}, answered {@code [{"id":"numRestarts","value":"0"}]}).
     *
     * @throws UncheckedIOException when the REST API cannot be reached, answers with an error, or
     *     has no whole-number value for the metric (the message names the URL)
     */
    public long restarts(ChildJob job) {
        String path = "/jobs/" + job.jobId() + "/metrics?get=" + NUM_RESTARTS;
        for (JsonNode metric : get.json(job.rest(), path)) {
            if (NUM_RESTARTS.equals(metric.path("id").asText())) {
                try {
                    return Long.parseLong(metric.path("value").asText());
                } catch (NumberFormatException e) {
                    break;
                }
            }
        }
        throw new UncheckedIOException(
                new IOException("GET " + path + ": no whole-number value of " + NUM_RESTARTS));
    }

    /** The ids of the plan's nodes without inputs. */
    private static Set<String> sourceVertices(JsonNode plan) {
        Set<String> sources = new HashSet<>();
        for (JsonNode node : plan.path("nodes")) {
            if (node.path("inputs").isEmpty()) {
                sources.add(node.path("id").asText());
            }
        }
        return sources;
    }

    /** The vertex's {@code pendingRecords} metric id, else its Kafka lag id, else {@code null}. */
    private static String backlogMetric(JsonNode ids) {
        String kafka = null;
        for (JsonNode metric : ids) {
            String id = metric.path("id").asText();
            if (id.endsWith(PENDING_RECORDS)) {
                return id;
            }
            if (id.endsWith(KAFKA_LAG)) {
                kafka = id;
            }
        }
        return kafka;
    }

    /** The {@code sum} of the one aggregated metric, or {@code null} when absent or not finite. */
    private static Double sum(JsonNode aggregated) {
        for (JsonNode metric : aggregated) {
            JsonNode sum = metric.path("sum");
            if (sum.isNumber() && Double.isFinite(sum.asDouble())) {
                return sum.asDouble();
            }
        }
        return null;
    }

    private static String encode(String metric) {
        return URLEncoder.encode(metric, StandardCharsets.UTF_8);
    }
}
