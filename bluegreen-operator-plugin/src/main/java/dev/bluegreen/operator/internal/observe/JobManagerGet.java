package dev.bluegreen.operator.internal.observe;

import dev.bluegreen.operator.internal.spec.SpecJson;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Objects;

/**
 * One JSON GET to a JobManager REST API with a per-request timeout ({@code java.net.http}).
 * Thread-safe.
 */
final class JobManagerGet {
    private final HttpClient http;
    private final Duration timeout;

    JobManagerGet(HttpClient http, Duration timeout) {
        this.http = Objects.requireNonNull(http, "http == null");
        this.timeout = Objects.requireNonNull(timeout, "timeout == null");
    }

    /**
     * The JSON body of {@code GET <rest><path>}: {@code path} is appended to {@code rest}, so a
     * REST address with a path of its own (e.g. a {@code kubectl proxy} service URL ending in
     * {@code /proxy}) keeps it.
     *
     * @throws UncheckedIOException naming the URL when the API cannot be reached, times out,
     *     answers other than 200 or with a body that is not JSON
     */
    JsonNode json(URI rest, String path) {
        URI uri = under(rest, path);
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
            throw new UncheckedIOException("GET " + uri + ": " + describe(e), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UncheckedIOException(new IOException("GET " + uri + ": interrupted", e));
        }
    }

    /** {@code path} (starting with {@code /}) appended to {@code rest}'s own path. */
    static URI under(URI rest, String path) {
        String base = rest.toString();
        return URI.create(
                base.endsWith("/") ? base.substring(0, base.length() - 1) + path : base + path);
    }

    private static String describe(IOException e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
