package dev.bluegreen.operator.it;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JobManager REST APIs of every child, faked on one local port: the controller reaches child
 * {@code <child>} in namespace {@code <ns>} at {@code http://127.0.0.1:<port>/<ns>/<child>} (the
 * {@link #template()} for {@code --rest-endpoint-template}). Answers in Flink's shapes: {@code GET
 * /jobs/<id>} (the job's details: RUNNING, no source vertex, so the backlog is unknown), {@code GET
 * /jobs/<id>/checkpoints} (one completed) and {@code GET /jobs/<id>/metrics?get=<ids>} (job
 * metrics: {@code numRestarts} as set per child with {@link #restarts}, default 0, every other
 * metric 0); anything else 404. Thread-safe.
 */
final class FakeJobManagers implements AutoCloseable {
    private static final Pattern JOB =
            Pattern.compile(
                    "/(?<ns>[^/]+)/(?<child>[^/]+)/jobs/(?<job>[^/?]+)(?<rest>/metrics|/checkpoints)?");

    private final HttpServer server;
    private final Map<String, Long> restarts = new ConcurrentHashMap<>();
    private final List<String> requests = java.util.Collections.synchronizedList(new ArrayList<>());

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

    /** The REST endpoint template that points the controller here. */
    String template() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/{namespace}/{child}";
    }

    /** Child {@code child}'s job reports {@code value} restarts from now on. */
    void restarts(String child, long value) {
        restarts.put(child, value);
    }

    /** The requests so far ({@code <path>?<query>}), for failure messages. */
    List<String> requests() {
        return List.copyOf(requests);
    }

    private void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        String query = exchange.getRequestURI().getRawQuery();
        requests.add(path + (query == null ? "" : "?" + query));
        Matcher m = JOB.matcher(path);
        String body = null;
        if ("GET".equals(exchange.getRequestMethod()) && m.matches()) {
            body = answer(m, query);
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

    private String answer(Matcher m, String query) {
        if (m.group("rest") == null) {
            return details(m.group("job"));
        }
        return m.group("rest").equals("/metrics")
                ? metrics(m.group("child"), query)
                : "{\"counts\":{\"completed\":1}}";
    }

    private static String details(String job) {
        return "{\"jid\":\""
                + job
                + "\",\"name\":\"job\",\"state\":\"RUNNING\",\"vertices\":[],\"plan\":{\"jid\":\""
                + job
                + "\",\"nodes\":[]}}";
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
        if (query == null) {
            return ids;
        }
        for (String part : query.split("&")) {
            if (part.startsWith("get=")) {
                String list = URLDecoder.decode(part.substring(4), StandardCharsets.UTF_8);
                ids.addAll(List.of(list.split(",")));
            }
        }
        return ids;
    }

    /** The requests so far, for failure messages. */
    @Override
    public String toString() {
        return "REST requests " + requests();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
