package dev.bluegreen.demo.readiness;

import dev.bluegreen.operator.internal.observe.ChildJob;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Test support: what a job's real REST API says about whether it ever restarted: its state ({@code
 * GET /jobs/<id>}) and the root causes in its exception history ({@code GET /jobs/<id>/exceptions},
 * empty for a job that never failed). Stateless.
 */
final class JobRest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private JobRest() {}

    /**
     * {@code state} (e.g. {@code RUNNING}) and {@code exceptionHistory} (the root-cause exception
     * names, oldest last) of {@code job}.
     *
     * @throws IOException when the REST API cannot be read
     */
    static Map<String, Object> read(ChildJob job) throws IOException, InterruptedException {
        Map<String, Object> read = new LinkedHashMap<>();
        read.put("state", get(job.rest(), "jobs/" + job.jobId()).path("state").asText());
        List<String> history = new ArrayList<>();
        for (JsonNode entry :
                get(job.rest(), "jobs/" + job.jobId() + "/exceptions")
                        .path("exceptionHistory")
                        .path("entries")) {
            history.add(entry.path("exceptionName").asText());
        }
        read.put("exceptionHistory", history);
        return read;
    }

    private static JsonNode get(URI rest, String path) throws IOException, InterruptedException {
        URI uri = rest.resolve("/" + path);
        HttpResponse<String> response =
                HTTP.send(
                        HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build(),
                        HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("GET " + uri + ": HTTP " + response.statusCode());
        }
        return JSON.readTree(response.body());
    }
}
