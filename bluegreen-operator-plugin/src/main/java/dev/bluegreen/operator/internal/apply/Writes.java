package dev.bluegreen.operator.internal.apply;

import io.fabric8.kubernetes.client.KubernetesClientException;

import java.net.HttpURLConnection;
import java.util.function.Supplier;

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
}
