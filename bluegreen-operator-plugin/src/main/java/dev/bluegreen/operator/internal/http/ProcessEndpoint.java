package dev.bluegreen.operator.internal.http;

import com.sun.net.httpserver.HttpExchange;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The HTTP endpoint of a controller process, on all interfaces:
 *
 * <ul>
 *   <li>{@code GET /metrics}: 200, the Prometheus text format (version 0.0.4);
 *   <li>{@code GET /healthz}: 200 when {@link Health#live()}, else 503;
 *   <li>{@code GET /readyz}: 200 when {@link Health#ready()}, else 503; both with {@link
 *       Health#detail()} as a one-line text body.
 * </ul>
 *
 * Any other path answers 404, any other method than GET or HEAD 405. Requests are served one at a
 * time on one daemon thread; the suppliers are called on it and must not block. Thread-safe.
 */
public final class ProcessEndpoint implements AutoCloseable {
    /** The content type of {@code /metrics}. */
    public static final String METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private final DaemonHttpServer server;

    private ProcessEndpoint(DaemonHttpServer server) {
        this.server = server;
    }

    /**
     * Starts serving on {@code port}.
     *
     * @param port 1-65535, or 0 for a free port chosen by the system (tests)
     * @param metrics the current metrics text
     * @param health the current health
     * @throws IOException when the port cannot be bound (e.g. in use)
     */
    public static ProcessEndpoint start(int port, Supplier<String> metrics, Supplier<Health> health)
            throws IOException {
        Objects.requireNonNull(metrics, "metrics == null");
        Objects.requireNonNull(health, "health == null");
        return new ProcessEndpoint(
                DaemonHttpServer.start(
                        new InetSocketAddress(port),
                        "bluegreen-endpoint",
                        exchange -> serve(exchange, metrics, health)));
    }

    /** The port served on. */
    public int port() {
        return server.port();
    }

    /** Stops serving at once. Idempotent. */
    @Override
    public void close() {
        server.close();
    }

    private static void serve(
            HttpExchange exchange, Supplier<String> metrics, Supplier<Health> health)
            throws IOException {
        try (exchange) {
            String method = exchange.getRequestMethod();
            if (!method.equals("GET") && !method.equals("HEAD")) {
                respond(exchange, 405, "text/plain; charset=utf-8", "GET or HEAD only\n");
                return;
            }
            route(exchange, metrics, health);
        } catch (RuntimeException e) {
            respond(exchange, 500, "text/plain; charset=utf-8", e + "\n");
        }
    }

    private static void route(
            HttpExchange exchange, Supplier<String> metrics, Supplier<Health> health)
            throws IOException {
        switch (exchange.getRequestURI().getPath()) {
            case "/metrics" -> respond(exchange, 200, METRICS_CONTENT_TYPE, metrics.get());
            case "/healthz" -> probe(exchange, health.get(), Health::live);
            case "/readyz" -> probe(exchange, health.get(), Health::ready);
            default ->
                    respond(
                            exchange,
                            404,
                            "text/plain; charset=utf-8",
                            "not found: /metrics, /healthz, /readyz\n");
        }
    }

    private static void probe(
            HttpExchange exchange, Health health, java.util.function.Predicate<Health> passes)
            throws IOException {
        respond(
                exchange,
                passes.test(health) ? 200 : 503,
                "text/plain; charset=utf-8",
                health.detail() + "\n");
    }

    private static void respond(HttpExchange exchange, int status, String type, String body)
            throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        boolean head = exchange.getRequestMethod().equals("HEAD");
        exchange.sendResponseHeaders(status, head ? -1 : bytes.length);
        if (!head) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }
}
