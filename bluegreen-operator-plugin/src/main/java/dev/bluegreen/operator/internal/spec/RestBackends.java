package dev.bluegreen.operator.internal.spec;

import dev.bluegreen.core.Color;
import dev.bluegreen.ingress.ChildBackend;
import dev.bluegreen.ingress.ChildNames;
import dev.bluegreen.ingress.RestPort;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentSpec;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Map;
import java.util.TreeMap;

/**
 * A child's REST Service as a routing target, its port read from the template's {@code
 * flinkConfiguration} ({@code rest.port}, flat or nested; 8081 when absent). Stateless.
 */
public final class RestBackends {
    private RestBackends() {}

    /**
     * The REST backend of the {@code color} child (named by {@code names}) of a parent with {@code
     * spec}.
     *
     * @throws IllegalArgumentException naming {@code rest.port} when it is not a port number
     */
    public static ChildBackend of(
            FlinkBlueGreenDeploymentSpec spec, ChildNames names, Color color) {
        Map<String, String> config = new TreeMap<>();
        JsonNode flinkConfiguration =
                spec.getTemplate() == null || spec.getTemplate().getSpec() == null
                        ? null
                        : spec.getTemplate().getSpec().get("flinkConfiguration");
        JsonNode port = flinkConfiguration == null ? null : flinkConfiguration.get(RestPort.KEY);
        if (port == null && flinkConfiguration != null) {
            port = flinkConfiguration.path("rest").get("port");
        }
        if (port != null && port.isValueNode()) {
            config.put(RestPort.KEY, port.asText());
        }
        return ChildBackend.of(names, color, RestPort.fromFlinkConfiguration(config));
    }
}
