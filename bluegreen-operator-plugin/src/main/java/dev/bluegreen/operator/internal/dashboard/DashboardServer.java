package dev.bluegreen.operator.internal.dashboard;

import dev.bluegreen.operator.internal.http.DaemonHttpServer;

import com.sun.net.httpserver.HttpExchange;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Serves the dashboard read-only on its own address and port:
 *
 * <ul>
 *   <li>{@code GET /?namespace=NS&state=STATE}: all parents ({@link ParentsPage});
 *   <li>{@code GET /parents/NS/NAME}: one parent ({@link ParentPage}), 404 when it is not cached.
 * </ul>
 *
 * Every other path answers 404, a malformed {@code %}-escape 400, every method but GET and HEAD
 * 405, any request while no controller runs 503. Every answer carries {@link Pages#CSP}, {@code
 * X-Content-Type-Options: nosniff}, {@code Referrer-Policy: no-referrer} and {@code Cache-Control:
 * no-store}. Pages are built from {@link DashboardData} only: serving one makes no request to the
 * API server or to a JobManager. Requests are served one at a time on one daemon thread.
 * Thread-safe.
 */
public final class DashboardServer implements AutoCloseable {
    private static final String HTML = "text/html; charset=utf-8";
    private static final String TEXT = "text/plain; charset=utf-8";

    private final DaemonHttpServer server;

    private DashboardServer(DaemonHttpServer server) {
        this.server = server;
    }

    /**
     * Starts serving on {@code address}:{@code port}.
     *
     * @param port 1-65535, or 0 for a free port (tests)
     * @param data the current controller's data, or {@code null} while none runs
     * @throws IOException when the address cannot be bound
     */
    public static DashboardServer start(
            String address, int port, Supplier<DashboardData> data, Clock clock)
            throws IOException {
        Objects.requireNonNull(data, "data == null");
        return new DashboardServer(
                DaemonHttpServer.start(
                        new InetSocketAddress(address, port),
                        "bluegreen-dashboard",
                        exchange -> serve(exchange, data, clock)));
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

    private static void serve(HttpExchange exchange, Supplier<DashboardData> data, Clock clock)
            throws IOException {
        try (exchange) {
            String method = exchange.getRequestMethod();
            if (!method.equals("GET") && !method.equals("HEAD")) {
                exchange.getResponseHeaders().set("Allow", "GET, HEAD");
                respond(exchange, 405, TEXT, "read-only: GET or HEAD only\n");
                return;
            }
            DashboardData current = data.get();
            if (current == null) {
                respond(exchange, 503, TEXT, "controller not started yet\n");
                return;
            }
            route(exchange, current, clock);
        } catch (IllegalArgumentException e) { // a malformed %-escape in the path or query
            respond(exchange, 400, TEXT, "bad request: malformed escape\n");
        } catch (RuntimeException e) {
            respond(exchange, 500, TEXT, "dashboard error: " + e.getClass().getSimpleName() + "\n");
        }
    }

    private static void route(HttpExchange exchange, DashboardData data, Clock clock)
            throws IOException {
        String path = exchange.getRequestURI().getRawPath();
        if (path.equals("/")) {
            Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
            respond(
                    exchange,
                    200,
                    HTML,
                    ParentsPage.render(data.all(), query.get("namespace"), query.get("state")));
            return;
        }
        String[] parts = path.split("/", -1);
        if (parts.length == 4 && parts[1].equals("parents")) {
            Optional<ParentView> parent = data.one(decode(parts[2]), decode(parts[3]));
            if (parent.isPresent()) {
                respond(exchange, 200, HTML, ParentPage.render(parent.get(), clock.instant()));
                return;
            }
        }
        respond(exchange, 404, TEXT, "not found: / or /parents/NAMESPACE/NAME\n");
    }

    /** The query parameters (the last of a repeated one wins). */
    static Map<String, String> query(String raw) {
        Map<String, String> params = new HashMap<>();
        if (raw == null || raw.isEmpty()) {
            return params;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String key = decode(eq < 0 ? pair : pair.substring(0, eq));
            params.put(key, eq < 0 ? "" : decode(pair.substring(eq + 1)));
        }
        return params;
    }

    private static String decode(String text) {
        return URLDecoder.decode(text, StandardCharsets.UTF_8);
    }

    private static void respond(HttpExchange exchange, int status, String type, String body)
            throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        var headers = exchange.getResponseHeaders();
        headers.set("Content-Type", type);
        headers.set("Content-Security-Policy", Pages.CSP);
        headers.set("X-Content-Type-Options", "nosniff");
        headers.set("Referrer-Policy", "no-referrer");
        headers.set("Cache-Control", "no-store");
        boolean head = exchange.getRequestMethod().equals("HEAD");
        exchange.sendResponseHeaders(status, head ? -1 : bytes.length);
        if (!head) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }
}
