package dev.bluegreen.gate.channel;

import java.util.Map;

/** Factory of the {@value InMemoryGateChannel#TYPE} channel type. Stateless and thread-safe. */
public final class InMemoryGateChannelFactory implements GateChannelFactory {

    /** Creates the factory (used by {@link java.util.ServiceLoader}). */
    public InMemoryGateChannelFactory() {}

    @Override
    public String type() {
        return InMemoryGateChannel.TYPE;
    }

    @Override
    public GateChannel open(String name, Map<String, String> configuration) {
        return InMemoryGateChannel.named(name);
    }
}
