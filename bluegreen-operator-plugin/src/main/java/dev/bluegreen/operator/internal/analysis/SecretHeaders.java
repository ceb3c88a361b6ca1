package dev.bluegreen.operator.internal.analysis;

import dev.bluegreen.operator.internal.apply.Secrets;

import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;

/**
 * The headers of a web check from a Secret: each entry of its {@code data} (base64, decoded) is one
 * header, the key its name. One GET of the Secret per measurement ({@link Secrets}), through the
 * reconcile's client. Thread-safe.
 */
final class SecretHeaders {
    private final KubernetesClient client;

    SecretHeaders(KubernetesClient client) {
        this.client = client;
    }

    /**
     * The headers in Secret {@code name} of {@code namespace}.
     *
     * @throws ProviderException naming the Secret when it is missing, cannot be read, or an entry
     *     is not base64
     */
    Map<String, String> read(String namespace, String name) {
        Secret secret;
        try {
            secret = Secrets.get(client, namespace, name);
        } catch (KubernetesClientException e) {
            throw new ProviderException(
                    describe(namespace, name) + " cannot be read: " + e.getMessage(), e);
        }
        if (secret == null) {
            throw new ProviderException(describe(namespace, name) + " not found");
        }
        Map<String, String> headers = new TreeMap<>();
        Map<String, String> data = secret.getData() == null ? Map.of() : secret.getData();
        data.forEach((key, value) -> headers.put(key, decode(namespace, name, key, value)));
        return headers;
    }

    private static String decode(String namespace, String name, String key, String value) {
        try {
            return new String(Base64.getDecoder().decode(value), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new ProviderException(
                    describe(namespace, name) + ": entry '" + key + "' is not base64", e);
        }
    }

    private static String describe(String namespace, String name) {
        return "web.headersSecretRef: Secret '" + name + "' in namespace '" + namespace + "'";
    }
}
