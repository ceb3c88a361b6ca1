package dev.bluegreen.ingress;

import dev.bluegreen.core.Color;

import java.util.Objects;

/**
 * A child's REST Service as a routing target: the child's colour and its {@code rest.port}.
 *
 * @param color the child's colour
 * @param restPort the REST port, 1..65535 (see {@link RestPort#fromFlinkConfiguration})
 * @param childName the child's name when it is not the derived one (an adopted blue, see {@link
 *     ChildNames}), else {@code null}: the Service is {@code childName + "-rest"}, or {@link
 *     ResourceNames#restService(String, Color)}
 */
public record ChildBackend(Color color, int restPort, String childName) {

    /**
     * Validates the components.
     *
     * @throws NullPointerException if {@code color} is {@code null}
     * @throws IllegalArgumentException naming {@code rest.port} if the port is out of range
     */
    public ChildBackend {
        Objects.requireNonNull(color, "color == null");
        RestPort.check(restPort, RestPort.KEY);
        if (childName != null) {
            ChildNames.validateAdopted(childName, "childName");
        }
    }

    /** The target with the derived child name. */
    public ChildBackend(Color color, int restPort) {
        this(color, restPort, null);
    }

    /** The target of the child of {@code color} named by {@code names}. */
    public static ChildBackend of(ChildNames names, Color color, int restPort) {
        String name = names.child(color);
        return new ChildBackend(
                color,
                restPort,
                name.equals(ResourceNames.child(names.parent(), color)) ? null : name);
    }

    /** The target on Flink's default port {@value RestPort#DEFAULT}. */
    public static ChildBackend onDefaultPort(Color color) {
        return new ChildBackend(color, RestPort.DEFAULT);
    }

    /** The name of the REST Service of this child of {@code parent}. */
    public String serviceName(String parent) {
        return childName != null
                ? childName + ResourceNames.REST_SERVICE_SUFFIX
                : ResourceNames.restService(parent, color);
    }
}
