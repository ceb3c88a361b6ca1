package dev.bluegreen.operator.internal.analysis;

import dev.bluegreen.core.analysis.MetricRequest;
import dev.bluegreen.operator.internal.spec.SpecJson;
import dev.bluegreen.operator.resource.PrometheusProviderSpec;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code prometheus} provider: one instant query, {@code GET <address>/api/v1/query?query=...}
 * at "now", with the template variables filled in ({@link Templates}). The result is a number for a
 * {@code scalar}, the sample values for a {@code vector} (labels dropped; {@code []} when there is
 * no data), all samples in one list for a {@code matrix}; Prometheus' value strings {@code NaN},
 * {@code +Inf} and {@code -Inf} become NaN and infinities. An error answer ({@code
 * "status":"error"}), another status than 200, a body that is not Prometheus' JSON or another
 * result type ({@code string}) is a {@link ProviderException} with Prometheus' error text.
 * Thread-safe.
 */
final class PrometheusProvider {
    /** The per-request timeout when {@code timeout} is not set. */
    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    private final HttpExchanges http;

    PrometheusProvider(HttpExchanges http) {
        this.http = http;
    }

    /** The query's value; one request. */
    Reading read(PrometheusProviderSpec spec, MetricRequest request) {
        Duration timeout = Timeouts.of("prometheus.timeout", spec.getTimeout(), DEFAULT_TIMEOUT);
        URI uri =
                queryUri(
                        Fields.required("prometheus.address", spec.getAddress()),
                        Templates.fill(
                                Fields.required("prometheus.query", spec.getQuery()), request));
        HttpResponse<String> response =
                http.send(HttpRequest.newBuilder(uri).timeout(timeout).GET().build());
        return Reading.of(result(answer(response)), 1);
    }

    private static URI queryUri(String address, String query) {
        String base = address.endsWith("/") ? address.substring(0, address.length() - 1) : address;
        try {
            return URI.create(
                    base
                            + "/api/v1/query?query="
                            + URLEncoder.encode(query, StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            throw new ProviderException("prometheus.address: not a URL: " + address, e);
        }
    }

    /** The {@code data} of a successful answer. */
    private static JsonNode answer(HttpResponse<String> response) {
        JsonNode body = json(response);
        if (!"success".equals(body.path("status").asText()) || response.statusCode() != 200) {
            throw new ProviderException(
                    "Prometheus answered HTTP "
                            + response.statusCode()
                            + ": "
                            + body.path("errorType").asText("error")
                            + ": "
                            + body.path("error").asText(""));
        }
        return body.path("data");
    }

    private static JsonNode json(HttpResponse<String> response) {
        try {
            JsonNode body = SpecJson.mapper().readTree(response.body());
            if (body != null && body.isObject()) {
                return body;
            }
        } catch (JsonProcessingException e) {
            // reported below with the body's text
        }
        throw new ProviderException(
                "Prometheus answered HTTP "
                        + response.statusCode()
                        + " without its JSON: "
                        + ValueText.shortened(response.body()));
    }

    /** The value of {@code data} by its {@code resultType}. */
    private static Object result(JsonNode data) {
        String type = data.path("resultType").asText();
        JsonNode result = data.path("result");
        switch (type) {
            case "scalar":
                return sample(result);
            case "vector":
                return samples(result, "value");
            case "matrix":
                return samples(result, "values");
            default:
                throw new ProviderException(
                        "Prometheus result type '"
                                + type
                                + "' is not supported (scalar, vector, matrix)");
        }
    }

    /** The sample values of every series: its {@code value}, or all its {@code values}. */
    private static List<Double> samples(JsonNode series, String field) {
        List<Double> values = new ArrayList<>();
        for (JsonNode one : series) {
            if (field.equals("value")) {
                values.add(sample(one.path("value")));
            } else {
                one.path("values").forEach(pair -> values.add(sample(pair)));
            }
        }
        return values;
    }

    /** The number of a {@code [<time>, "<value>"]} pair. */
    private static double sample(JsonNode pair) {
        return number(pair.path(1).asText(null));
    }

    /** Prometheus' value text as a number: {@code NaN}, {@code +Inf}, {@code -Inf} or decimal. */
    static double number(String text) {
        if (text == null) {
            throw new ProviderException("Prometheus sample without a value");
        }
        switch (text) {
            case "NaN":
                return Double.NaN;
            case "+Inf":
                return Double.POSITIVE_INFINITY;
            case "-Inf":
                return Double.NEGATIVE_INFINITY;
            default:
                try {
                    return Double.parseDouble(text);
                } catch (NumberFormatException e) {
                    throw new ProviderException(
                            "Prometheus sample '" + text + "' is not a number", e);
                }
        }
    }
}
