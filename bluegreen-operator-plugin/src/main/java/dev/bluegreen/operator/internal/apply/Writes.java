package dev.bluegreen.operator.internal.apply;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;

import java.net.HttpURLConnection;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/** Runs one write and turns an HTTP 409 into a {@link WriteConflictException}. */
final class Writes {
    private Writes() {}

    static <T> T guarded(String what, Supplier<T> write) {
        try {
            return write.get();
        } catch (KubernetesClientException e) {
            if (e.getCode() == HttpURLConnection.HTTP_CONFLICT) {
                throw new WriteConflictException(what, e);
            }
            throw e;
        }
    }

    static void guarded(String what, Runnable write) {
        guarded(
                what,
                () -> {
                    write.run();
                    return null;
                });
    }

    /**
     * Creates {@code desired}. When its name is taken (HTTP 409: an object the informer cache did
     * not show yet, or one without our label), reads that object (one GET) and answers {@code
     * overExisting} of it instead.
     *
     * @return the created object, or what {@code overExisting} answers
     * @throws WriteConflictException when the object of that name is gone again by the GET
     */
    static <T extends HasMetadata> T create(
            KubernetesClient client, String what, T desired, UnaryOperator<T> overExisting) {
        try {
            return client.resource(desired).create();
        } catch (KubernetesClientException e) {
            if (e.getCode() != HttpURLConnection.HTTP_CONFLICT) {
                throw e;
            }
            T existing = guarded(what, () -> client.resource(desired).get());
            if (existing == null) {
                throw new WriteConflictException(what, e);
            }
            return overExisting.apply(existing);
        }
    }
}
