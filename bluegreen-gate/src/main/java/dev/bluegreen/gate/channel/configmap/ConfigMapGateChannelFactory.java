package dev.bluegreen.gate.channel.configmap;

import dev.bluegreen.gate.channel.GateChannel;
import dev.bluegreen.gate.channel.GateChannelFactory;

import java.util.Map;

/**
 * Factory of the {@value #TYPE} channel type: the controller's newest command lives in the
 * ConfigMap {@code <parent>-gate} (key {@code command}) of the channel's namespace, and one poller
 * per JVM and ConfigMap reads it for every gate subtask. Uses only the JDK ({@code java.net.http}).
 *
 * <p>Configuration keys (all optional in a pod): {@code bluegreen.gate.configmap.api-url} (default
 * {@code https://$KUBERNETES_SERVICE_HOST:$KUBERNETES_SERVICE_PORT}), {@code .namespace} (when the
 * channel name has none; default the service account's namespace), {@code .token-file} and {@code
 * .ca-file} (default the service account's), {@code .poll-interval} (default 1 s), {@code
 * .request-timeout} (default 5 s). Stateless and thread-safe.
 */
public final class ConfigMapGateChannelFactory implements GateChannelFactory {
    /** Channel type name used in the {@code bluegreen.gate.channel.type} option. */
    public static final String TYPE = "configmap";

    /**
     * The configuration key of the API server's base URL, {@value}: unset in a pod (the in-cluster
     * address is used), set for a job outside a cluster (tests, a local stand-in).
     */
    public static final String API_URL = ConfigMapSettings.API_URL;

    private final Map<String, String> environment;

    /** Creates the factory (used by {@link java.util.ServiceLoader}); reads the process env. */
    public ConfigMapGateChannelFactory() {
        this(System.getenv());
    }

    ConfigMapGateChannelFactory(Map<String, String> environment) {
        this.environment = environment;
    }

    @Override
    public String type() {
        return TYPE;
    }

    /**
     * Opens a handle on the shared poller of the channel's ConfigMap.
     *
     * @throws IllegalArgumentException naming the key when the channel name or an option is invalid
     */
    @Override
    public GateChannel open(String name, Map<String, String> configuration) {
        ConfigMapSettings settings = ConfigMapSettings.resolve(name, configuration, environment);
        return new ConfigMapGateChannel(ConfigMapPoller.acquire(settings, ConfigMapReader::new));
    }
}
