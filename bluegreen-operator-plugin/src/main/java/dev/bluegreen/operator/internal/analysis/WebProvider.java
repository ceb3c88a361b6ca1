package dev.bluegreen.operator.internal.analysis;

import dev.bluegreen.core.analysis.AnalysisStage;
import dev.bluegreen.core.analysis.MetricRequest;
import dev.bluegreen.operator.internal.spec.SpecJson;
import dev.bluegreen.operator.resource.WebProviderSpec;

import com.fasterxml.jackson.core.JsonProcessingException;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code web} provider, Flagger's webhook contract: a JSON POST of {@code name} (the resource),
 * {@code namespace}, {@code phase} ({@code PrePromotion} or {@code PostPromotion}), {@code
 * checksum} (the judged child's name) and {@code metadata} (the check's own entries, template
 * variables filled in, then {@code check}, {@code stage}, {@code color}, {@code child}, {@code
 * incumbentColor} and {@code incumbentChild}, which the check's entries cannot override). Headers
 * come from the Secret {@code headersSecretRef}. The result is {@code {status: <code>, body: <JSON
 * value, or the text>}}.
 *
 * <p>A 2xx answer passes (the conditions, if any, then judge the result); any other final status
 * fails the measurement with the body as the message. Flagger passes only up to 202; 203-299 pass
 * here. A connection error, a timeout or a 5xx answer other than 501 is retried up to {@code
 * retries} times (as go-retryablehttp, which Flagger uses), after 100 ms doubling up to 1 s; no
 * answer after the last try is a {@link ProviderException}. Thread-safe.
 */
final class WebProvider {
    /** The per-attempt timeout when {@code timeout} is not set. */
    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    private static final long FIRST_PAUSE_MILLIS = 100;
    private static final long LONGEST_PAUSE_MILLIS = 1000;

    private final HttpExchanges http;
    private final SecretHeaders secrets;

    WebProvider(HttpExchanges http, SecretHeaders secrets) {
        this.http = http;
        this.secrets = secrets;
    }

    /** The webhook's answer; 1 + retries requests at most, plus the Secret's GET. */
    Reading read(String check, WebProviderSpec spec, MetricRequest request) {
        Duration timeout = Timeouts.of("web.timeout", spec.getTimeout(), DEFAULT_TIMEOUT);
        int retries = spec.getRetries() == null ? 0 : spec.getRetries();
        if (retries < 0) {
            throw new ProviderException("web.retries: must be 0 or more, was " + retries);
        }
        Map<String, String> headers =
                spec.getHeadersSecretRef() == null
                        ? Map.of()
                        : secrets.read(request.namespace(), spec.getHeadersSecretRef());
        HttpRequest post = post(spec, timeout, headers, payload(check, spec, request));
        Attempts attempts = send(post, retries);
        return reading(
                attempts.response(),
                attempts.count() + (spec.getHeadersSecretRef() == null ? 0 : 1));
    }

    /** {@code {status, body}}; failed unless the status is 2xx. */
    private static Reading reading(HttpResponse<String> response, int requests) {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("status", response.statusCode());
        result.put("body", body(response.body()));
        Reading reading = Reading.of(result, requests);
        int status = response.statusCode();
        if (status >= 200 && status < 300) {
            return reading;
        }
        String failure =
                "webhook answered HTTP " + status + ": " + ValueText.shortened(response.body());
        return reading.failed(failure);
    }

    private static HttpRequest post(
            WebProviderSpec spec, Duration timeout, Map<String, String> headers, String payload) {
        URI uri;
        try {
            uri = URI.create(Fields.required("web.url", spec.getUrl()));
        } catch (IllegalArgumentException e) {
            throw new ProviderException("web.url: not a URL: " + spec.getUrl(), e);
        }
        try {
            var builder =
                    HttpRequest.newBuilder(uri)
                            .timeout(timeout)
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString(payload));
            headers.forEach(builder::header);
            return builder.build();
        } catch (IllegalArgumentException e) {
            throw new ProviderException("web: cannot send " + uri + ": " + e.getMessage(), e);
        }
    }

    /** The answer after at most {@code retries} retries, and the attempts it took. */
    private Attempts send(HttpRequest post, int retries) {
        for (int attempt = 0; ; attempt++) {
            try {
                HttpResponse<String> response = http.send(post);
                if (attempt == retries || !retried(response.statusCode())) {
                    return new Attempts(response, attempt + 1);
                }
            } catch (ProviderException e) {
                if (attempt == retries || Thread.currentThread().isInterrupted()) {
                    throw retries == 0
                            ? e
                            : new ProviderException(
                                    e.getMessage() + " (after " + (attempt + 1) + " attempts)", e);
                }
            }
            pause(attempt);
        }
    }

    private static boolean retried(int status) {
        return status >= 500 && status != 501;
    }

    private static void pause(int attempt) {
        long millis = Math.min(LONGEST_PAUSE_MILLIS, FIRST_PAUSE_MILLIS << Math.min(attempt, 10));
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProviderException("web: interrupted between attempts", e);
        }
    }

    /** The final answer and how many requests it took. */
    private record Attempts(HttpResponse<String> response, int count) {}

    /** Flagger's payload for this check. */
    static String payload(String check, WebProviderSpec spec, MetricRequest request) {
        Map<String, String> metadata = new LinkedHashMap<>();
        if (spec.getMetadata() != null) {
            spec.getMetadata()
                    .forEach((key, value) -> metadata.put(key, Templates.fill(value, request)));
        }
        metadata.put("check", check);
        metadata.put("stage", request.stage().field());
        metadata.put("color", lower(request.candidate().name()));
        metadata.put("child", request.candidateChild());
        metadata.put("incumbentColor", lower(request.candidate().opposite().name()));
        metadata.put("incumbentChild", request.incumbentChild());
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("name", request.parent());
        payload.put("namespace", request.namespace());
        payload.put("phase", phase(request.stage()));
        payload.put("checksum", request.candidateChild());
        payload.put("metadata", metadata);
        try {
            return SpecJson.mapper().writeValueAsString(payload);
        } catch (JsonProcessingException e) {
            throw new ProviderException("web: cannot write the payload: " + e.getMessage(), e);
        }
    }

    /** The payload's {@code phase}: {@code PrePromotion} or {@code PostPromotion}. */
    static String phase(AnalysisStage stage) {
        return stage == AnalysisStage.PRE_PROMOTION ? "PrePromotion" : "PostPromotion";
    }

    private static String lower(String text) {
        return text.toLowerCase(Locale.ROOT);
    }

    /** The body as a JSON value (maps, lists, numbers, text), or as text when it is not JSON. */
    private static Object body(String text) {
        try {
            return SpecJson.mapper().readValue(text, Object.class);
        } catch (JsonProcessingException e) {
            return text;
        }
    }
}
