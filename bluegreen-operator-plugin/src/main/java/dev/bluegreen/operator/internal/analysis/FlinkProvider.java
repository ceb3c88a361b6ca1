package dev.bluegreen.operator.internal.analysis;

import dev.bluegreen.core.Color;
import dev.bluegreen.core.analysis.MetricRequest;
import dev.bluegreen.operator.internal.observe.ChildJob;
import dev.bluegreen.operator.resource.FlinkProviderSpec;

import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The {@code flink} provider: the job metrics of both children from their JobManager REST APIs
 * ({@link JobMetrics}), as the maps {@code candidate}, {@code incumbent}, {@code blue} and {@code
 * green} and as {@code result = {candidate: ..., incumbent: ..., blue: ..., green: ...}} (the
 * measurement's value text shows the candidate and the incumbent only). A child without a running
 * job, or a REST API that cannot be read, is a {@link ProviderException} naming the child.
 * Thread-safe.
 */
final class FlinkProvider {
    /** The per-request timeout when {@code timeout} is not set. */
    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);

    private final HttpExchanges http;
    private final Function<String, ChildJob> jobs;

    /**
     * @param jobs the running job of a child FlinkDeployment by name (its REST API and job id), or
     *     {@code null} when it runs none
     */
    FlinkProvider(HttpExchanges http, Function<String, ChildJob> jobs) {
        this.http = http;
        this.jobs = jobs;
    }

    /** Both children's metrics; {@link JobMetrics#requests} requests per child. */
    Reading read(FlinkProviderSpec spec, MetricRequest request) {
        Duration timeout = Timeouts.of("flink.timeout", spec.getTimeout(), DEFAULT_TIMEOUT);
        var reader = new JobMetrics(http, timeout);
        Map<String, Object> candidate = child(reader, request.candidateChild());
        Map<String, Object> incumbent = child(reader, request.incumbentChild());
        boolean blue = request.candidate() == Color.BLUE;
        Map<String, Object> children = new HashMap<>();
        children.put("candidate", candidate);
        children.put("incumbent", incumbent);
        children.put("blue", blue ? candidate : incumbent);
        children.put("green", blue ? incumbent : candidate);
        Map<String, Object> variables = new HashMap<>(children);
        variables.put("result", ordered(children, "candidate", "incumbent", "blue", "green"));
        return new Reading(
                variables, ordered(children, "candidate", "incumbent"), null, reader.requests());
    }

    private Map<String, Object> child(JobMetrics reader, String name) {
        ChildJob job = jobs.apply(name);
        if (job == null) {
            throw new ProviderException("flink: child " + name + " runs no job");
        }
        try {
            return reader.read(job);
        } catch (ProviderException e) {
            throw new ProviderException("flink: child " + name + ": " + e.getMessage(), e);
        }
    }

    private static Map<String, Object> ordered(Map<String, Object> children, String... keys) {
        Map<String, Object> result = new LinkedHashMap<>();
        for (String key : keys) {
            result.put(key, children.get(key));
        }
        return result;
    }
}
