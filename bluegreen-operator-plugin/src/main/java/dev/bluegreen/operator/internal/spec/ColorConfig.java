package dev.bluegreen.operator.internal.spec;

import dev.bluegreen.core.Color;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The colour key the controller writes into the {@code flinkConfiguration} of every child it
 * creates, in BASIC and ADVANCED mode: {@code bluegreen.color: BLUE|GREEN}. A job reads it from its
 * configuration (the gate module's {@code ColorScope}) to give its per-colour names: the
 * transactional sink's uid and transactional-id prefix, the consumer group. A running child the
 * parent adopted does not get it ({@link ChildSpecs#adoptedInPlace}): the upstream operator would
 * redeploy the job for a new configuration key. Stateless and thread-safe.
 */
public final class ColorConfig {
    /** The child's colour, {@code BLUE} or {@code GREEN}. */
    public static final String COLOR = "bluegreen.color";

    private ColorConfig() {}

    /**
     * Writes {@value #COLOR} into {@code spec.flinkConfiguration} (created when absent), over any
     * value the template set.
     *
     * @param spec the child spec tree, changed in place
     * @param color the child's colour
     * @throws IllegalArgumentException naming the field when {@code flinkConfiguration} is not an
     *     object
     */
    public static void inject(ObjectNode spec, Color color) {
        flinkConfiguration(spec).put(COLOR, color.name());
    }

    /**
     * The child's {@code flinkConfiguration} object, created when absent or null.
     *
     * @throws IllegalArgumentException naming the field when it is not an object
     */
    static ObjectNode flinkConfiguration(ObjectNode spec) {
        var node = spec.get("flinkConfiguration");
        if (node == null || node.isNull()) {
            return spec.putObject("flinkConfiguration");
        }
        if (!node.isObject()) {
            throw new IllegalArgumentException(
                    "spec.template.spec.flinkConfiguration: expected an object, got " + node);
        }
        return (ObjectNode) node;
    }
}
