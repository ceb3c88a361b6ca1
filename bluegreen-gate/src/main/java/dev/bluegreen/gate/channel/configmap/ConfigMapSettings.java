package dev.bluegreen.gate.channel.configmap;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/**
 * Where a gate finds its ConfigMap and how it polls it, resolved from the channel name, the job
 * configuration and the pod's environment (in-cluster defaults). Immutable and thread-safe.
 *
 * <p>The channel name is {@code <namespace>/<parent>} (as the controller injects it) or {@code
 * <parent>} with the namespace from {@value #NAMESPACE} or the service account; the ConfigMap is
 * {@code <parent>-gate} and the command text is under the key {@value #COMMAND_KEY}.
 */
final class ConfigMapSettings {
    /** Key of the command text in the ConfigMap's {@code data}. */
    static final String COMMAND_KEY = "command";

    static final String PREFIX = "bluegreen.gate.configmap.";
    static final String API_URL = PREFIX + "api-url";
    static final String NAMESPACE = PREFIX + "namespace";
    static final String TOKEN_FILE = PREFIX + "token-file";
    static final String CA_FILE = PREFIX + "ca-file";
    static final String POLL_INTERVAL = PREFIX + "poll-interval";
    static final String REQUEST_TIMEOUT = PREFIX + "request-timeout";

    static final String SERVICE_ACCOUNT = "/var/run/secrets/kubernetes.io/serviceaccount/";
    static final Duration DEFAULT_POLL_INTERVAL = Duration.ofSeconds(1);
    static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(5);

    private final URI apiUrl;
    private final String namespace;
    private final String configMap;
    private final Path tokenFile;
    private final Path caFile;
    private final Duration pollInterval;
    private final Duration requestTimeout;

    private ConfigMapSettings(
            URI apiUrl,
            String namespace,
            String configMap,
            Path tokenFile,
            Path caFile,
            Duration pollInterval,
            Duration requestTimeout) {
        this.apiUrl = apiUrl;
        this.namespace = namespace;
        this.configMap = configMap;
        this.tokenFile = tokenFile;
        this.caFile = caFile;
        this.pollInterval = pollInterval;
        this.requestTimeout = requestTimeout;
    }

    /**
     * Resolves the settings.
     *
     * @param channel the channel name, {@code <namespace>/<parent>} or {@code <parent>}
     * @param configuration the job configuration as strings
     * @param environment the process environment (for {@code KUBERNETES_SERVICE_HOST/PORT})
     * @throws IllegalArgumentException naming the key or the channel when something is missing or
     *     invalid
     */
    static ConfigMapSettings resolve(
            String channel, Map<String, String> configuration, Map<String, String> environment) {
        String[] parts = splitChannel(channel);
        String namespace = parts[0] != null ? parts[0] : configuredNamespace(configuration);
        Path account = Path.of(SERVICE_ACCOUNT);
        return new ConfigMapSettings(
                apiUrl(configuration, environment),
                namespace,
                parts[1] + "-gate",
                Path.of(configuration.getOrDefault(TOKEN_FILE, account.resolve("token") + "")),
                Path.of(configuration.getOrDefault(CA_FILE, account.resolve("ca.crt") + "")),
                duration(configuration, POLL_INTERVAL, DEFAULT_POLL_INTERVAL),
                duration(configuration, REQUEST_TIMEOUT, DEFAULT_REQUEST_TIMEOUT));
    }

    private static String[] splitChannel(String channel) {
        String name = channel == null ? "" : channel.trim();
        int slash = name.indexOf('/');
        String namespace = slash < 0 ? null : name.substring(0, slash);
        String parent = slash < 0 ? name : name.substring(slash + 1);
        if (parent.isEmpty()
                || (namespace != null && namespace.isEmpty())
                || parent.contains("/")) {
            throw new IllegalArgumentException(
                    "bluegreen.gate.channel: expected <namespace>/<name> or <name>, got \""
                            + channel
                            + "\"");
        }
        return new String[] {namespace, parent};
    }

    private static String configuredNamespace(Map<String, String> configuration) {
        String configured = configuration.get(NAMESPACE);
        if (configured != null && !configured.isBlank()) {
            return configured.trim();
        }
        return podNamespace(Path.of(SERVICE_ACCOUNT, "namespace"));
    }

    /** The pod's namespace from its service account {@code file}. */
    private static String podNamespace(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    NAMESPACE
                            + ": required when bluegreen.gate.channel has no namespace and "
                            + file
                            + " cannot be read ("
                            + e
                            + ")");
        }
    }

    private static URI apiUrl(Map<String, String> configuration, Map<String, String> environment) {
        String configured = configuration.get(API_URL);
        return configured != null && !configured.isBlank()
                ? configuredApiUrl(configured)
                : inPodApiUrl(environment);
    }

    private static URI configuredApiUrl(String configured) {
        try {
            URI uri = URI.create(configured.trim());
            if (uri.getScheme() == null || uri.getHost() == null) {
                throw new IllegalArgumentException("no scheme or host");
            }
            return uri;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    API_URL + ": expected an http(s) URL, got \"" + configured + "\"", e);
        }
    }

    /** The API server's address inside a pod, from the service environment variables. */
    private static URI inPodApiUrl(Map<String, String> environment) {
        String host = environment.get("KUBERNETES_SERVICE_HOST");
        String port = environment.getOrDefault("KUBERNETES_SERVICE_PORT", "443");
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException(
                    API_URL
                            + ": required outside a Kubernetes pod (KUBERNETES_SERVICE_HOST is not"
                            + " set)");
        }
        String bracketed = host.contains(":") ? "[" + host + "]" : host;
        return URI.create("https://" + bracketed + ":" + port.trim());
    }

    /** Parses {@code 500 ms}, {@code 2 s}, {@code 1 min} or a plain number of milliseconds. */
    static Duration duration(Map<String, String> configuration, String key, Duration fallback) {
        String text = configuration.get(key);
        if (text == null || text.isBlank()) {
            return fallback;
        }
        Duration parsed = positiveDuration(text.trim().toLowerCase(Locale.ROOT));
        if (parsed == null) {
            throw new IllegalArgumentException(
                    key
                            + ": expected a positive duration such as \"500 ms\", got \""
                            + text
                            + "\"");
        }
        return parsed;
    }

    /** The duration {@code value} (trimmed, lower case) stands for, or null unless positive. */
    private static Duration positiveDuration(String value) {
        int split = 0;
        while (split < value.length() && Character.isDigit(value.charAt(split))) {
            split++;
        }
        try {
            long amount = Long.parseLong(value.substring(0, split));
            Duration parsed = ofUnit(amount, value.substring(split).trim());
            return parsed != null && amount > 0 ? parsed : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Duration ofUnit(long amount, String unit) {
        switch (unit) {
            case "":
            case "ms":
                return Duration.ofMillis(amount);
            case "s":
                return Duration.ofSeconds(amount);
            case "min":
                return Duration.ofMinutes(amount);
            default:
                return null;
        }
    }

    /** The API server's base URL. */
    URI apiUrl() {
        return apiUrl;
    }

    /** The ConfigMap's namespace. */
    String namespace() {
        return namespace;
    }

    /** The ConfigMap's name, {@code <parent>-gate}. */
    String configMap() {
        return configMap;
    }

    /** The bearer token file; may not exist (then no token is sent). */
    Path tokenFile() {
        return tokenFile;
    }

    /** The CA bundle (PEM) that signs the API server's certificate; may not exist. */
    Path caFile() {
        return caFile;
    }

    /** Time between two polls of the shared poller. */
    Duration pollInterval() {
        return pollInterval;
    }

    /** Timeout of one GET. */
    Duration requestTimeout() {
        return requestTimeout;
    }

    /** The ConfigMap's API path, {@code /api/v1/namespaces/<ns>/configmaps/<name>}. */
    URI configMapUri() {
        String base = apiUrl.toString().replaceAll("/+$", "");
        return URI.create(base + "/api/v1/namespaces/" + namespace + "/configmaps/" + configMap);
    }

    /** Identity of the shared poller: one per API server and ConfigMap in a JVM. */
    String key() {
        return configMapUri().toString();
    }

    /** {@code <namespace>/<configmap>}, for messages. */
    String describe() {
        return "configmap " + namespace + "/" + configMap;
    }
}
