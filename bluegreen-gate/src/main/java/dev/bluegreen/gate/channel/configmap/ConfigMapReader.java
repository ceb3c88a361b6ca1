package dev.bluegreen.gate.channel.configmap;

import dev.bluegreen.gate.rule.GateCommand;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the gate's ConfigMap with one GET through the JDK's {@link HttpClient}: the bearer token of
 * the pod's service account (read on every request, since kubelets rotate it) and the cluster's CA
 * when the files exist. Thread-safe.
 */
final class ConfigMapReader {
    private final ConfigMapSettings settings;
    private final HttpClient http;

    ConfigMapReader(ConfigMapSettings settings) {
        this.settings = settings;
        HttpClient.Builder builder =
                HttpClient.newBuilder().connectTimeout(settings.requestTimeout());
        if ("https".equalsIgnoreCase(settings.apiUrl().getScheme())
                && Files.isReadable(settings.caFile())) {
            builder.sslContext(trusting(settings));
        }
        this.http = builder.build();
    }

    /**
     * The command in the ConfigMap.
     *
     * @return the command, or empty while the ConfigMap does not exist (no command sent yet)
     * @throws ConfigMapException naming the ConfigMap (and the key) when the request fails, the
     *     answer is not a ConfigMap, the key is missing, or the command text is malformed
     * @throws InterruptedException when interrupted while waiting for the answer
     */
    Optional<GateCommand> read() throws InterruptedException {
        HttpResponse<String> response = get();
        if (response.statusCode() == 404) {
            return Optional.empty();
        }
        if (response.statusCode() != 200) {
            throw new ConfigMapException(
                    settings.describe() + ": GET returned HTTP " + response.statusCode());
        }
        return Optional.of(command(response.body()));
    }

    private HttpResponse<String> get() throws InterruptedException {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(settings.configMapUri())
                        .timeout(settings.requestTimeout())
                        .header("Accept", "application/json")
                        .GET();
        token().ifPresent(token -> request.header("Authorization", "Bearer " + token));
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new ConfigMapException(settings.describe() + ": GET failed: " + e, e);
        }
    }

    private Optional<String> token() {
        if (!Files.isReadable(settings.tokenFile())) {
            return Optional.empty();
        }
        try {
            String token = Files.readString(settings.tokenFile(), StandardCharsets.UTF_8).trim();
            return token.isEmpty() ? Optional.empty() : Optional.of(token);
        } catch (IOException e) {
            throw new ConfigMapException(
                    ConfigMapSettings.TOKEN_FILE + ": cannot read " + settings.tokenFile(), e);
        }
    }

    private GateCommand command(String body) {
        String where = settings.describe() + ": data." + ConfigMapSettings.COMMAND_KEY;
        Object data = data(body);
        Object text =
                data instanceof Map ? ((Map<?, ?>) data).get(ConfigMapSettings.COMMAND_KEY) : null;
        if (!(text instanceof String)) {
            throw new ConfigMapException(where + ": missing");
        }
        try {
            return GateCommand.parse((String) text);
        } catch (IllegalArgumentException e) {
            throw new ConfigMapException(where + ": " + e.getMessage(), e);
        }
    }

    /** The ConfigMap's {@code data}, or {@code null} when it has none. */
    private Object data(String body) {
        try {
            Object root = JsonText.parse(body);
            return root instanceof Map ? ((Map<?, ?>) root).get("data") : null;
        } catch (IllegalArgumentException e) {
            throw new ConfigMapException(
                    settings.describe() + ": not a ConfigMap: " + e.getMessage(), e);
        }
    }

    private static SSLContext trusting(ConfigMapSettings settings) {
        try (InputStream in = Files.newInputStream(settings.caFile())) {
            TrustManagerFactory trust =
                    TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(caStore(in));
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException(
                    ConfigMapSettings.CA_FILE + ": cannot load " + settings.caFile() + ": " + e, e);
        }
    }

    /** A key store holding every certificate in {@code in} (PEM or DER). */
    private static KeyStore caStore(InputStream in) throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
        store.load(null, null);
        int i = 0;
        for (Certificate ca : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
            store.setCertificateEntry("ca-" + i++, ca);
        }
        return store;
    }
}
