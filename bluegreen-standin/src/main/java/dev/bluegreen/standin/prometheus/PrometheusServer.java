package dev.bluegreen.standin.prometheus;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real Prometheus server in a child process: the {@code prometheus} binary (Debian's package:
 * {@code /usr/bin/prometheus}) on a free {@code 127.0.0.1} port, with a configuration, a targets
 * file and a TSDB in a temporary directory, scraping its targets every second. Start it with {@link
 * #start}; {@link #close} ends the process and deletes the directory. Thread-safe.
 */
public final class PrometheusServer implements AutoCloseable {
    /** How long {@link #start} waits for {@code /-/ready}. */
    public static final Duration READY_TIMEOUT = Duration.ofSeconds(10);

    /** The Debian package's binary. */
    public static final Path DEBIAN_BINARY = Path.of("/usr/bin/prometheus");

    private final Process process;
    private final Path dir;
    private final URI baseUri;
    private final PrometheusApi api;
    private final ScrapeTargets targets;

    private PrometheusServer(Process process, Path dir, URI baseUri, ScrapeTargets targets) {
        this.process = process;
        this.dir = dir;
        this.baseUri = baseUri;
        this.api = new PrometheusApi(baseUri);
        this.targets = targets;
    }

    /**
     * The {@code prometheus} binary: {@link #DEBIAN_BINARY} when it exists, else the first {@code
     * prometheus} on the {@code PATH}; empty when there is none.
     */
    public static Optional<Path> binary() {
        if (Files.isExecutable(DEBIAN_BINARY)) {
            return Optional.of(DEBIAN_BINARY);
        }
        String path = System.getenv().getOrDefault("PATH", "");
        return Stream.of(path.split(File.pathSeparator))
                .filter(entry -> !entry.isBlank())
                .map(entry -> Path.of(entry, "prometheus"))
                .filter(Files::isExecutable)
                .findFirst();
    }

    /**
     * Starts {@code binary} scraping {@code initialTargets} ({@code host:port}, none to add them
     * later with {@link #addTargets}) and waits until it is ready.
     *
     * @throws IOException when the process cannot start, exits, or is not ready within {@link
     *     #READY_TIMEOUT} (the message has the end of its log); nothing is left running then
     */
    public static PrometheusServer start(Path binary, List<String> initialTargets)
            throws IOException {
        Path dir = Files.createTempDirectory("prometheus-");
        ScrapeTargets targets = new ScrapeTargets();
        if (!initialTargets.isEmpty()) {
            targets.add(initialTargets, Map.of());
        }
        Files.writeString(dir.resolve("targets.json"), targets.json());
        Files.writeString(
                dir.resolve("prometheus.yml"),
                ScrapeTargets.configuration(dir.resolve("targets.json")));
        int port = freePort();
        Process process = launch(binary, dir, port);
        var server =
                new PrometheusServer(
                        process, dir, URI.create("http://127.0.0.1:" + port + "/"), targets);
        server.awaitReady();
        return server;
    }

    /**
     * Starts {@code binary} scraping every port from {@code firstPort} to {@code lastPort} on
     * {@code 127.0.0.1}: the range a Flink Prometheus reporter takes its port from (e.g. {@code
     * metrics.reporter.prom.port: 9250-9270}); targets nobody listens on are just {@code down}.
     *
     * @throws IOException as {@link #start(Path, List)}
     */
    public static PrometheusServer scrapingPorts(Path binary, int firstPort, int lastPort)
            throws IOException {
        return start(binary, ScrapeTargets.loopbackPorts(firstPort, lastPort));
    }

    private static Process launch(Path binary, Path dir, int port) throws IOException {
        return new ProcessBuilder(
                        binary.toString(),
                        "--config.file=" + dir.resolve("prometheus.yml"),
                        "--storage.tsdb.path=" + dir.resolve("data"),
                        "--web.listen-address=127.0.0.1:" + port)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("prometheus.log").toFile())
                .start();
    }

    private void awaitReady() throws IOException {
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        while (!api.ready()) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                String why = process.isAlive() ? "not ready within " + READY_TIMEOUT : "exited";
                String log = logTail();
                close();
                throw new IOException("Prometheus " + why + " (" + baseUri + "):\n" + log);
            }
            sleep(Duration.ofMillis(100));
        }
    }

    /** The server's base URI, {@code http://127.0.0.1:<port>/}. */
    public URI baseUri() {
        return baseUri;
    }

    /** A client of this server's HTTP API. */
    public PrometheusApi api() {
        return api;
    }

    /**
     * Adds scrape targets ({@code host:port}) whose series get {@code labels} (e.g. {@code
     * namespace} and {@code pod}, as a Kubernetes scrape configuration adds them). Prometheus
     * re-reads the targets file when it changes and at least every second.
     *
     * @throws IOException when the targets file cannot be written
     */
    public synchronized void addTargets(List<String> hostPorts, Map<String, String> labels)
            throws IOException {
        targets.add(hostPorts, labels);
        Path next = dir.resolve("targets.json.next");
        Files.writeString(next, targets.json());
        Files.move(
                next,
                dir.resolve("targets.json"),
                StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * Whether Prometheus' last scrape of {@code hostPort} succeeded ({@code health} {@code up} in
     * {@code /api/v1/targets}).
     *
     * @throws IOException when the server does not answer
     */
    public boolean isUp(String hostPort) throws IOException {
        return "up".equals(api.targetHealth().get(hostPort));
    }

    /** The last lines of the server's log (its standard output and error). */
    public String logTail() {
        try {
            List<String> lines = Files.readAllLines(dir.resolve("prometheus.log"));
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    /** Ends the process (waits up to 10 s, then kills it) and deletes its directory. Idempotent. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        deleteRecursively(dir);
    }

    private static int freePort() throws IOException {
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static void deleteRecursively(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(PrometheusServer::deleteQuietly);
        } catch (IOException | UncheckedIOException e) {
            // a temporary directory left behind is harmless
        }
    }

    private static void deleteQuietly(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            // see deleteRecursively
        }
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
