package dev.bluegreen.operator.internal.spec;

import dev.bluegreen.core.Color;
import dev.bluegreen.ingress.Owner;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The gate keys the controller writes into each child's {@code flinkConfiguration} in ADVANCED mode
 * (docs/gate.md, "Configuration keys"): the child's colour, the channel name and the channel type.
 * Stateless and thread-safe.
 */
public final class GateConfig {
    /** The child's colour, {@code BLUE} or {@code GREEN}. */
    public static final String COLOR = "bluegreen.gate.color";

    /** The control channel's name. */
    public static final String CHANNEL = "bluegreen.gate.channel";

    /** The control channel's type ({@code configmap} or {@code memory}). */
    public static final String CHANNEL_TYPE = "bluegreen.gate.channel.type";

    private GateConfig() {}

    /**
     * The channel name of a parent: {@code <namespace>/<name>}, unique in the cluster.
     *
     * @param owner the parent
     */
    public static String channelName(Owner owner) {
        return owner.namespace() + "/" + owner.name();
    }

    /**
     * Writes the three keys into {@code spec.flinkConfiguration} (created when absent), over any
     * value the template set.
     *
     * @param spec the child spec tree, changed in place
     * @param owner the parent
     * @param color the child's colour
     * @param channelType the gate-side channel type
     * @throws IllegalArgumentException naming the field when {@code flinkConfiguration} is not an
     *     object
     */
    public static void inject(ObjectNode spec, Owner owner, Color color, String channelType) {
        ObjectNode config = ColorConfig.flinkConfiguration(spec);
        config.put(COLOR, color.name());
        config.put(CHANNEL, channelName(owner));
        config.put(CHANNEL_TYPE, channelType);
    }
}
