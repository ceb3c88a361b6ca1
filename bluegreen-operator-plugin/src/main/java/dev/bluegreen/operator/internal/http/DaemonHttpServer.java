package dev.bluegreen.operator.internal.http;

import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The JDK's HTTP server on one daemon thread of its own, serving one handler at {@code /}: what the
 * process endpoint and the dashboard share. Requests are handled one at a time on that thread.
 */
public final class DaemonHttpServer implements AutoCloseable {
    private final HttpServer server;
    private final ExecutorService thread;

    private DaemonHttpServer(HttpServer server, ExecutorService thread) {
        this.server = server;
        this.thread = thread;
    }

    /**
     * Binds {@code address} and starts serving {@code handler} on a daemon thread named {@code
     * threadName}.
     *
     * @throws IOException when the address cannot be bound (e.g. the port is in use)
     */
    public static DaemonHttpServer start(
            InetSocketAddress address, String threadName, HttpHandler handler) throws IOException {
        Objects.requireNonNull(handler, "handler == null");
        HttpServer server = HttpServer.create(address, 0);
        ExecutorService thread =
                Executors.newSingleThreadExecutor(
                        r -> {
                            var t = new Thread(r, threadName);
                            t.setDaemon(true);
                            return t;
                        });
        server.setExecutor(thread);
        server.createContext("/", handler);
        server.start();
        return new DaemonHttpServer(server, thread);
    }

    /** The port served on. */
    public int port() {
        return server.getAddress().getPort();
    }

    /** Stops serving at once. Idempotent. */
    @Override
    public void close() {
        server.stop(0);
        thread.shutdownNow();
    }
}
