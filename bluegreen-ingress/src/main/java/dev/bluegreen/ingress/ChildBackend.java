package dev.bluegreen.ingress;

import dev.bluegreen.core.Color;

import java.util.Objects;

/**
 * A child's REST Service as a routing target: the child's colour and its {@code rest.port}.
 *
 * @param color the child's colour; the Service is {@link ResourceNames#restService(String, Color)}
 * @param restPort the REST port, 1..65535 (see {@link RestPort#fromFlinkConfiguration})
 */
public record ChildBackend(Color color, int restPort) {

    /**
     * Validates the components.
     *
     * @throws NullPointerException if {@code color} is {@code null}
     * @throws IllegalArgumentException naming {@code rest.port} if the port is out of range
     */
    public ChildBackend {
        Objects.requireNonNull(color, "color == null");
        RestPort.check(restPort, RestPort.KEY);
    }

    /** The target on Flink's default port {@value RestPort#DEFAULT}. */
    public static ChildBackend onDefaultPort(Color color) {
        return new ChildBackend(color, RestPort.DEFAULT);
    }

    /** The name of the REST Service of this child of {@code parent}. */
    public String serviceName(String parent) {
        return ResourceNames.restService(parent, color);
    }
}
