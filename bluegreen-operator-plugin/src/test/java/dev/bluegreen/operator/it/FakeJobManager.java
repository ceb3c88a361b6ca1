package dev.bluegreen.operator.it;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The JobManager REST API of every child, in upstream's shape (one JDK HTTP server for all of
 * them): {@code GET /jobs/<id>/metrics?get=numRestarts} answers {@code
 * [{"id":"numRestarts","value":"0"}]}, {@code /jobs/<id>/checkpoints} 3 completed checkpoints,
 * {@code /jobs/<id>} a job without a source vertex (its backlog is unknown). Records the paths.
 */
final class FakeJobManager implements AutoCloseable {
    private final HttpServer server;
    private final List<String> requests = new CopyOnWriteArrayList<>();

    FakeJobManager() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", this::answer);
        server.start();
    }

    /** The base URI of every child's REST API. */
    URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
    }

    /** The paths (with queries) asked so far. */
    List<String> requests() {
        return List.copyOf(requests);
    }

    private void answer(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        String query = exchange.getRequestURI().getQuery();
        requests.add(query == null ? path : path + "?" + query);
        String body = body(path, query);
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(
                body.isEmpty() ? 404 : 200, body.isEmpty() ? -1 : bytes.length);
        if (!body.isEmpty()) {
            exchange.getResponseBody().write(bytes);
        }
        exchange.close();
    }

    private static String body(String path, String query) {
        if (path.endsWith("/metrics") && "get=numRestarts".equals(query)) {
            return "[{\"id\":\"numRestarts\",\"value\":\"0\"}]";
        }
        if (path.endsWith("/checkpoints")) {
            return "{\"counts\":{\"completed\":3}}";
        }
        if (path.matches("/jobs/[^/]+")) {
            return "{\"jid\":\"j\",\"vertices\":[],\"plan\":{\"nodes\":[]}}";
        }
        return "";
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
