package dev.bluegreen.gate.channel;

import java.util.Map;

/**
 * Service-provider interface that opens a {@link GateChannel} of one type. Implementations are
 * found with {@link java.util.ServiceLoader} (file {@code
 * META-INF/services/dev.bluegreen.gate.channel.GateChannelFactory}); the built-in type is {@value
 * InMemoryGateChannel#TYPE}. A remote type (a ConfigMap watched once per TaskManager JVM) plugs in
 * here later.
 */
public interface GateChannelFactory {

    /** The type name this factory serves, matched against {@code bluegreen.gate.channel.type}. */
    String type();

    /**
     * Opens (or shares) the channel with this name.
     *
     * @param name the channel name from {@code bluegreen.gate.channel}
     * @param configuration the job's configuration as strings, for type-specific options
     * @return the channel; thread-safe
     * @throws IllegalArgumentException when the name or an option is invalid (message names it)
     */
    GateChannel open(String name, Map<String, String> configuration);
}
