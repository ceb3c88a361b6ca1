package dev.bluegreen.gate.channel;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/** Opens control channels by type through the {@link GateChannelFactory} service providers. */
public final class GateChannels {
    private GateChannels() {}

    /**
     * Opens a channel.
     *
     * @param type the channel type, e.g. {@value InMemoryGateChannel#TYPE}
     * @param name the channel name
     * @param configuration the job's configuration as strings
     * @param classLoader the loader to find providers with (the user-code class loader in a job)
     * @return the channel
     * @throws IllegalArgumentException naming {@code bluegreen.gate.channel.type} when no provider
     *     serves the type
     */
    public static GateChannel open(
            String type, String name, Map<String, String> configuration, ClassLoader classLoader) {
        List<String> known = new ArrayList<>();
        for (GateChannelFactory factory :
                ServiceLoader.load(GateChannelFactory.class, classLoader)) {
            if (factory.type().equals(type)) {
                return factory.open(name, configuration);
            }
            known.add(factory.type());
        }
        return builtIn(type, name, configuration, known);
    }

    /** The built-in in-memory channel, for jars that lost the service files; else unknown. */
    private static GateChannel builtIn(
            String type, String name, Map<String, String> configuration, List<String> known) {
        if (InMemoryGateChannel.TYPE.equals(type)) {
            // Shaded or repackaged user jars may drop service files; the built-in type still works.
            return new InMemoryGateChannelFactory().open(name, configuration);
        }
        throw new IllegalArgumentException(
                "bluegreen.gate.channel.type: no channel provider for \""
                        + type
                        + "\", known: "
                        + known);
    }
}
