package dev.bluegreen.demo.analysis;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The user's confirmation service in the webhook scenario, served by the test: it answers the first
 * {@code refusals} calls {@code 403} ("no") and every later one {@code 200} ("yes"), and keeps
 * every payload it received.
 */
final class ConfirmationWebhook implements AutoCloseable {
    private final HttpServer server;
    private final int refusals;
    private final List<String> payloads = new CopyOnWriteArrayList<>();

    private ConfirmationWebhook(HttpServer server, int refusals) {
        this.server = server;
        this.refusals = refusals;
    }

    static ConfirmationWebhook start(int refusals) throws IOException {
        var server =
                HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        var hook = new ConfirmationWebhook(server, refusals);
        server.createContext("/confirm", hook::answer);
        server.start();
        return hook;
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/confirm";
    }

    List<String> payloads() {
        return List.copyOf(payloads);
    }

    private void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            payloads.add(
                    new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            boolean yes = payloads.size() > refusals;
            byte[] body =
                    (yes ? "go ahead" : "not yet: smoke test still running")
                            .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(yes ? 200 : 403, body.length);
            try (OutputStream os = exchange.getResponseBody()) {
                os.write(body);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
