package dev.bluegreen.operator.it;

import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.Interceptor;

import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Fails a seeded random share of the controller's requests before they are sent, with a 409
 * Conflict, a 500 or a timeout. Informer list and watch requests are spared (the informers retry on
 * their own); single-object reads and every write can fail.
 */
final class Chaos implements Interceptor {
    private final Random random;
    private final double rate;
    private final AtomicInteger injected = new AtomicInteger();

    Chaos(long seed, double rate) {
        this.random = new Random(seed);
        this.rate = rate;
    }

    int injected() {
        return injected.get();
    }

    @Override
    public void before(BasicBuilder builder, HttpRequest request, RequestTags tags) {
        String query = request.uri().getQuery();
        // API discovery at registration is spared too: start-up failures are not the subject here
        boolean discovery = request.uri().getPath().matches("/apis?(/[^/]+){0,2}");
        boolean informer =
                discovery
                        || "GET".equals(request.method())
                                && (query != null
                                        && (query.contains("watch")
                                                || query.contains("resourceVersion")
                                                || query.contains("labelSelector")
                                                || query.contains("limit")));
        boolean fail;
        int kind;
        synchronized (random) {
            fail = !informer && random.nextDouble() < rate;
            kind = random.nextInt(3);
        }
        if (!fail) {
            return;
        }
        injected.incrementAndGet();
        int code = kind == 0 ? 409 : 500;
        if (kind == 2) {
            throw new KubernetesClientException(
                    "injected timeout of " + request.method() + " " + request.uri(),
                    new java.net.SocketTimeoutException("injected"));
        }
        Status status = new StatusBuilder().withCode(code).withMessage("injected").build();
        throw new KubernetesClientException(status);
    }
}
