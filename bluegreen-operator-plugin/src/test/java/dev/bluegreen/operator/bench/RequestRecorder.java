package dev.bluegreen.operator.bench;

import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.http.RecordedRequest;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Drains the mock server's request log (which otherwise keeps every request, body included, in
 * memory) into a {@link RequestTally} every 100 ms, and keeps a running count of the controller's
 * writes for quiet-period detection and the controller's requests per second. Thread-safe.
 */
final class RequestRecorder implements AutoCloseable {
    private final KubernetesMockServer server;
    private final String controllerAgent;
    private final AtomicLong controllerWrites = new AtomicLong();
    private final ScheduledExecutorService drainer;
    private RequestTally current = new RequestTally();
    private final java.util.TreeMap<Long, Integer> controllerPerSecond = new java.util.TreeMap<>();

    RequestRecorder(KubernetesMockServer server, String controllerAgent) {
        this.server = server;
        this.controllerAgent = controllerAgent;
        this.drainer =
                Executors.newSingleThreadScheduledExecutor(
                        task -> {
                            var thread = new Thread(task, "bench-request-drainer");
                            thread.setDaemon(true);
                            return thread;
                        });
        drainer.scheduleWithFixedDelay(this::drainNow, 100, 100, TimeUnit.MILLISECONDS);
    }

    /** The requests since the previous cut (everything received so far is included). */
    synchronized RequestTally cut() {
        drain();
        var phase = current;
        current = new RequestTally();
        return phase;
    }

    /** The controller's writes since the recorder started (after draining what arrived). */
    synchronized long controllerWrites() {
        drain();
        return controllerWrites.get();
    }

    /**
     * The controller's requests per wall-clock second between two times (ms since the epoch), by
     * the second they were drained in (requests are drained every 100 ms).
     */
    synchronized java.util.SortedMap<Long, Integer> controllerPerSecond(long fromMs, long toMs) {
        drain();
        return new java.util.TreeMap<>(
                controllerPerSecond.subMap(fromMs / 1000, true, toMs / 1000, true));
    }

    private synchronized void drainNow() {
        drain();
    }

    private void drain() {
        try {
            RecordedRequest request;
            while ((request = server.takeRequest(0, TimeUnit.MILLISECONDS)) != null) {
                var classified =
                        ApiRequest.of(
                                request.getHeader("User-Agent"),
                                request.getMethod(),
                                request.getPath());
                if (classified.agent().equals(controllerAgent)) {
                    controllerPerSecond.merge(System.currentTimeMillis() / 1000, 1, Integer::sum);
                    if (classified.write()) {
                        controllerWrites.incrementAndGet();
                    }
                }
                current.add(classified);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        drainer.shutdownNow();
    }
}
