package dev.bluegreen.operator.it;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JobManager REST APIs of every child, faked as the HTTP proxy the controller's JVM uses: the
 * controller keeps its default endpoints ({@code http://<child>-rest.<namespace>.svc:<port>}, the
 * REST Services of a real cluster), and {@code http.proxyHost}/{@code http.proxyPort} ({@link
 * #jvmOptions()} for a controller process, {@link #routeThisJvm()} for one in this JVM) send those
 * requests here; requests to {@code localhost}/{@code 127.*} (the embedded API server) stay direct
 * (the JDK's default {@code http.nonProxyHosts}). Answers in Flink's shapes, for the child the
 * request's host names: {@code GET /jobs/<id>} (RUNNING, no source vertex, so the backlog is
 * unknown), {@code GET /jobs/<id>/checkpoints} (one completed) and {@code GET
 * /jobs/<id>/metrics?get=<ids>} ({@code numRestarts} as set per child with {@link #restarts},
 * default 0; every other metric 0); anything else 404. Thread-safe.
 */
final class FakeJobManagers implements AutoCloseable {
    private static final Pattern JOB =
            Pattern.compile("/jobs/(?<job>[^/?]+)(?<rest>/metrics|/checkpoints)?");
    private static final Pattern REST_SERVICE = Pattern.compile("(?<child>.+)-rest\\.[^.]+\\.svc");

    private final HttpServer server;
    private final Map<String, Long> restarts = new ConcurrentHashMap<>();
    private final List<String> requests = Collections.synchronizedList(new ArrayList<>());

    private FakeJobManagers(HttpServer server) {
        this.server = server;
    }

    /** Serves on a free local port. */
    static FakeJobManagers start() throws IOException {
        var server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        var fake = new FakeJobManagers(server);
        server.createContext("/", fake::handle);
        server.start();
        return fake;
    }

    /**
     * The JVM options that make a controller process use this proxy for everything but the local
     * host and {@code apiServer} (the embedded API server's URL).
     */
    List<String> jvmOptions(String apiServer) {
        List<String> options = new ArrayList<>();
        settings(apiServer).forEach((key, value) -> options.add("-D" + key + "=" + value));
        return options;
    }

    /**
     * Makes this JVM use the proxy for everything but the local host and {@code apiServer} until
     * the returned handle is closed, which restores the settings.
     */
    Route routeThisJvm(String apiServer) {
        Map<String, String> before = new java.util.HashMap<>();
        settings(apiServer)
                .forEach(
                        (key, value) -> {
                            before.put(key, System.getProperty(key));
                            System.setProperty(key, value);
                        });
        return () -> before.forEach(FakeJobManagers::restore);
    }

    /** Undoes {@link #routeThisJvm}. */
    interface Route extends AutoCloseable {
        @Override
        void close();
    }

    private Map<String, String> settings(String apiServer) {
        String apiHost = java.net.URI.create(apiServer).getHost();
        return Map.of(
                "http.proxyHost",
                "127.0.0.1",
                "http.proxyPort",
                Integer.toString(port()),
                "http.nonProxyHosts",
                "localhost|127.*|[::1]|" + apiHost);
    }

    private static void restore(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }

    private int port() {
        return server.getAddress().getPort();
    }

    /** Child {@code child}'s job reports {@code value} restarts from now on. */
    void restarts(String child, long value) {
        restarts.put(child, value);
    }

    private void handle(HttpExchange exchange) throws IOException {
        var uri = exchange.getRequestURI();
        String query = uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery();
        requests.add(exchange.getRequestHeaders().getFirst("Host") + uri.getRawPath() + query);
        Matcher service = REST_SERVICE.matcher(host(exchange));
        Matcher job = JOB.matcher(uri.getPath());
        String body = null;
        if ("GET".equals(exchange.getRequestMethod()) && service.matches() && job.matches()) {
            body = answer(service.group("child"), job, uri.getRawQuery());
        }
        byte[] bytes =
                (body == null ? "{\"errors\":[\"Not found.\"]}" : body)
                        .getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(body == null ? 404 : 200, bytes.length);
        try (var out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** The host the request is for, without the port. */
    private static String host(HttpExchange exchange) {
        String host = exchange.getRequestHeaders().getFirst("Host");
        host = host == null ? "" : host;
        int colon = host.indexOf(':');
        return colon < 0 ? host : host.substring(0, colon);
    }

    private String answer(String child, Matcher job, String query) {
        if (job.group("rest") == null) {
            return "{\"jid\":\""
                    + job.group("job")
                    + "\",\"name\":\"job\",\"state\":\"RUNNING\",\"vertices\":[],"
                    + "\"plan\":{\"nodes\":[]}}";
        }
        return job.group("rest").equals("/metrics")
                ? metrics(child, query)
                : "{\"counts\":{\"completed\":1}}";
    }

    /** Flink's job metrics answer: {@code [{"id":"numRestarts","value":"0"}]}. */
    private String metrics(String child, String query) {
        List<String> values = new ArrayList<>();
        for (String id : requested(query)) {
            long value = "numRestarts".equals(id) ? restarts.getOrDefault(child, 0L) : 0;
            values.add("{\"id\":\"" + id + "\",\"value\":\"" + value + "\"}");
        }
        return "[" + String.join(",", values) + "]";
    }

    private static List<String> requested(String query) {
        List<String> ids = new ArrayList<>();
        for (String part : query == null ? new String[0] : query.split("&")) {
            if (part.startsWith("get=")) {
                String list = URLDecoder.decode(part.substring(4), StandardCharsets.UTF_8);
                ids.addAll(List.of(list.split(",")));
            }
        }
        return ids;
    }

    /** The requests so far: host, path and query of each. */
    List<String> requests() {
        return List.copyOf(requests);
    }

    /** The requests so far, for failure messages. */
    @Override
    public String toString() {
        return "REST requests " + List.copyOf(requests);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
