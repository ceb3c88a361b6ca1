package dev.bluegreen.operator.internal.spec;

import dev.bluegreen.core.Color;
import dev.bluegreen.ingress.Owner;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The gate keys the controller writes into each child's {@code flinkConfiguration} in ADVANCED mode
 * (docs/gate.md, "Configuration keys"): the child's colour, the channel name and the channel type;
 * for the ConfigMap channel also how often the JobManager refreshes the metrics its REST API serves
 * (the gate reports), unless the template sets it. Stateless and thread-safe.
 */
public final class GateConfig {
    /** The child's colour, {@code BLUE} or {@code GREEN}. */
    public static final String COLOR = "bluegreen.gate.color";

    /** The control channel's name. */
    public static final String CHANNEL = "bluegreen.gate.channel";

    /** The control channel's type ({@code configmap} or {@code memory}). */
    public static final String CHANNEL_TYPE = "bluegreen.gate.channel.type";

    /**
     * Flink's key of how often the JobManager fetches metrics from the TaskManagers for its REST
     * API; the gate reports the controller reads are at most this old (Flink's default: 10 s).
     */
    public static final String METRICS_FETCH_INTERVAL = "metrics.fetcher.update-interval";

    /** What {@link #METRICS_FETCH_INTERVAL} is set to for the ConfigMap channel: 1 s. */
    public static final String GATE_METRICS_FETCH_INTERVAL = "1 s";

    /** The gate-side name of the ConfigMap channel type. */
    private static final String CONFIGMAP_TYPE = "configmap";

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
     * value the template set; for the {@code configmap} channel also {@link
     * #METRICS_FETCH_INTERVAL} = {@value #GATE_METRICS_FETCH_INTERVAL} when the template does not
     * set it (the controller reads the gates' reports as REST metrics: with Flink's 10 s default
     * they would lag the gates by up to 10 s).
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
        if (CONFIGMAP_TYPE.equals(channelType) && !config.has(METRICS_FETCH_INTERVAL)) {
            config.put(METRICS_FETCH_INTERVAL, GATE_METRICS_FETCH_INTERVAL);
        }
    }
}
