package dev.bluegreen.standin.prometheus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The parts of Prometheus' HTTP API the tests use: readiness ({@code /-/ready}), target health
 * ({@code /api/v1/targets}) and instant queries ({@code /api/v1/query}). Thread-safe; every call
 * times out after 5 s.
 */
public final class PrometheusApi {
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

    /** A client of the server at {@code base} (e.g. {@code http://127.0.0.1:41234/}). */
    public PrometheusApi(URI base) {
        this.base = base;
    }

    /** Whether {@code /-/ready} answers 200; false while the server starts or when unreachable. */
    public boolean ready() {
        try {
            return send("-/ready").statusCode() == 200;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The health of every active target by its {@code instance} label ({@code host:port}): {@code
     * up}, {@code down} or {@code unknown} (not scraped yet).
     *
     * @throws IOException when the server does not answer or answers with an error
     */
    public Map<String, String> targetHealth() throws IOException {
        Map<String, String> health = new LinkedHashMap<>();
        for (JsonNode target : data("api/v1/targets?state=active").path("activeTargets")) {
            health.put(
                    target.path("labels").path("instance").asText(),
                    target.path("health").asText());
        }
        return health;
    }

    /**
     * Evaluates {@code promql} at the current time: one sample per series of a vector, one
     * label-less sample for a scalar, none when nothing matched.
     *
     * @throws IOException when the server does not answer, or refuses the query (the message has
     *     Prometheus' {@code errorType} and {@code error})
     */
    public List<Sample> query(String promql) throws IOException {
        JsonNode data =
                data("api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8));
        JsonNode result = data.path("result");
        List<Sample> samples = new ArrayList<>();
        if ("scalar".equals(data.path("resultType").asText())) {
            samples.add(new Sample(Map.of(), Sample.parseValue(result.path(1).asText())));
            return samples;
        }
        for (JsonNode series : result) {
            Map<String, String> labels = new LinkedHashMap<>();
            series.path("metric")
                    .fields()
                    .forEachRemaining(f -> labels.put(f.getKey(), f.getValue().asText()));
            samples.add(
                    new Sample(labels, Sample.parseValue(series.path("value").path(1).asText())));
        }
        return samples;
    }

    private JsonNode data(String pathAndQuery) throws IOException {
        HttpResponse<String> response = send(pathAndQuery);
        JsonNode body = JSON.readTree(response.body());
        if (!"success".equals(body.path("status").asText())) {
            throw new IOException(
                    "Prometheus answered "
                            + response.statusCode()
                            + " to "
                            + pathAndQuery
                            + ": "
                            + body.path("errorType").asText()
                            + ": "
                            + body.path("error").asText());
        }
        return body.path("data");
    }

    private HttpResponse<String> send(String pathAndQuery) throws IOException {
        HttpRequest request =
                HttpRequest.newBuilder(base.resolve(pathAndQuery)).timeout(TIMEOUT).GET().build();
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while calling " + request.uri(), e);
        }
    }
}
