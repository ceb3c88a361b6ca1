package dev.bluegreen.operator.it;

import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A controller's metrics and probes endpoint on the loopback interface, as a scraper sees it. */
final class Endpoint {
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final int port;

    Endpoint(int port) {
        this.port = port;
    }

    /** A port nobody listens on right now. */
    static int freePort() throws IOException {
        try (var socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    int port() {
        return port;
    }

    /** The answer to GET {@code path}: status and body; status 0 while nothing listens. */
    Answer get(String path) throws IOException, InterruptedException {
        var request =
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .timeout(Duration.ofSeconds(5))
                        .build();
        try {
            var response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return new Answer(response.statusCode(), response.body());
        } catch (ConnectException e) {
            return new Answer(0, "");
        }
    }

    /** The Prometheus text of GET /metrics. */
    String scrape() throws IOException, InterruptedException {
        return get("/metrics").body();
    }

    /**
     * The value of the sample {@code name{labels}} in a scrape (labels exactly as exported, sorted
     * by name), or null when there is no such sample.
     */
    static Double sample(String scrape, String nameAndLabels) {
        Matcher m =
                Pattern.compile("(?m)^" + Pattern.quote(nameAndLabels) + " (\\S+)$")
                        .matcher(scrape);
        return m.find() ? Double.valueOf(m.group(1)) : null;
    }

    /** The sum of every sample of {@code name}, whatever its labels; 0 when there is none. */
    static double sum(String scrape, String name) {
        Matcher m =
                Pattern.compile("(?m)^" + Pattern.quote(name) + "(\\{[^}]*\\})? (\\S+)$")
                        .matcher(scrape);
        double sum = 0;
        while (m.find()) {
            sum += Double.parseDouble(m.group(2));
        }
        return sum;
    }

    record Answer(int status, String body) {}
}
