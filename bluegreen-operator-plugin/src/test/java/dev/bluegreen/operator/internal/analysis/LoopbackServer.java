package dev.bluegreen.operator.internal.analysis;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.function.Function;

/**
 * A JDK HTTP server on a free loopback port that plays the far side of a provider (Prometheus, a
 * webhook, JobManagers): answers are set per path (without the query), and queued answers are used
 * one per request before the path's standing answer; unknown paths answer 404. Records every
 * request; {@link #reset} forgets both. Thread-safe.
 */
final class LoopbackServer implements AutoCloseable {
    /** One answer: status, JSON or text body, and how long to wait before sending it. */
    record Answer(int status, String body, long delayMillis) {
        static Answer of(int status, String body) {
            return new Answer(status, body, 0);
        }
    }

    /** One request as received. */
    record Request(String method, URI uri, Map<String, List<String>> headers, String body) {
        String header(String name) {
            return headers.entrySet().stream()
                    .filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().get(0))
                    .findFirst()
                    .orElse(null);
        }
    }

    private final HttpServer server;
    private final Map<String, Function<Request, Answer>> standing = new ConcurrentHashMap<>();
    private final Map<String, ConcurrentLinkedDeque<Answer>> queued = new ConcurrentHashMap<>();
    private final List<Request> requests = Collections.synchronizedList(new ArrayList<>());

    LoopbackServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::handle);
        server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        server.start();
    }

    /** The server's base URI, {@code http://127.0.0.1:<port>}. */
    String base() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Answers {@code path} with {@code answer} from now on. */
    LoopbackServer on(String path, Answer answer) {
        return on(path, request -> answer);
    }

    /** Answers {@code path} with what {@code answer} makes of the request. */
    LoopbackServer on(String path, Function<Request, Answer> answer) {
        standing.put(path, answer);
        return this;
    }

    /** Answers the next requests to {@code path} with {@code answers}, one each, in order. */
    LoopbackServer next(String path, Answer... answers) {
        queued.computeIfAbsent(path, p -> new ConcurrentLinkedDeque<>()).addAll(List.of(answers));
        return this;
    }

    /** Forgets every answer and request (a server shared by the tests of a class). */
    void reset() {
        standing.clear();
        queued.clear();
        requests.clear();
    }

    /** The requests so far. */
    List<Request> requests() {
        return List.copyOf(requests);
    }

    private void handle(HttpExchange exchange) throws IOException {
        byte[] in = exchange.getRequestBody().readAllBytes();
        var request =
                new Request(
                        exchange.getRequestMethod(),
                        exchange.getRequestURI(),
                        Map.copyOf(exchange.getRequestHeaders()),
                        new String(in, StandardCharsets.UTF_8));
        requests.add(request);
        Answer answer = answer(exchange.getRequestURI().getPath(), request);
        pause(answer.delayMillis());
        byte[] out = answer.body().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        try {
            exchange.sendResponseHeaders(answer.status(), out.length == 0 ? -1 : out.length);
            if (out.length > 0) {
                exchange.getResponseBody().write(out);
            }
        } catch (IOException e) {
            // the client gave up (a timeout test)
        } finally {
            exchange.close();
        }
    }

    private Answer answer(String path, Request request) {
        var waiting = queued.get(path);
        Answer next = waiting == null ? null : waiting.poll();
        if (next != null) {
            return next;
        }
        var answer = standing.get(path);
        return answer == null
                ? Answer.of(404, "{\"errors\":[\"Not found: " + path + "\"]}")
                : answer.apply(request);
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
