package dev.bluegreen.operator.internal.analysis;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;

/**
 * One HTTP exchange of a provider through {@code java.net.http}, with the request's own timeout.
 * Thread-safe.
 */
final class HttpExchanges {
    private final HttpClient http;

    HttpExchanges(HttpClient http) {
        this.http = http;
    }

    /**
     * The response to {@code request}, whatever its status.
     *
     * @throws ProviderException naming the method and URL when there is no answer (connection
     *     refused, timeout, interrupt)
     */
    HttpResponse<String> send(HttpRequest request) {
        String what = request.method() + " " + request.uri();
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (HttpTimeoutException e) {
            throw new ProviderException(
                    what + ": no answer within " + request.timeout().orElseThrow(), e);
        } catch (IOException e) {
            throw new ProviderException(what + ": " + describe(e), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProviderException(what + ": interrupted", e);
        }
    }

    /** An exception's message, else its class (a refused connection has no message). */
    static String describe(Throwable e) {
        String message = e.getMessage();
        if (message == null && e.getCause() != null) {
            return describe(e.getCause());
        }
        return message == null ? e.getClass().getSimpleName() : message;
    }
}
