package dev.bluegreen.ingress;

import java.util.Map;
import java.util.Objects;

/**
 * The port of a child's REST Service, as the Flink operator exposes it: the {@code rest.port} entry
 * of the child's {@code flinkConfiguration}, {@value #DEFAULT} when absent.
 *
 * <p>This class is stateless and thread-safe.
 */
public final class RestPort {

    /** Flink's default REST port. */
    public static final int DEFAULT = 8081;

    /** The Flink configuration key. */
    public static final String KEY = "rest.port";

    private static final String FIELD = "spec.template.spec.flinkConfiguration." + KEY;

    private RestPort() {}

    /**
     * The REST port from a child's {@code flinkConfiguration}; {@value #DEFAULT} if the key is
     * absent. Surrounding blanks are ignored.
     *
     * @throws IllegalArgumentException naming {@code
     *     spec.template.spec.flinkConfiguration.rest.port} if the value is not an integer in
     *     1..65535
     * @throws NullPointerException if {@code flinkConfiguration} is {@code null}
     */
    public static int fromFlinkConfiguration(Map<String, String> flinkConfiguration) {
        Objects.requireNonNull(flinkConfiguration, "spec.template.spec.flinkConfiguration == null");
        String raw = flinkConfiguration.get(KEY);
        if (raw == null) {
            return DEFAULT;
        }
        int port;
        try {
            port = Integer.parseInt(raw.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    FIELD + ": expected an integer port number, got " + DnsNames.quote(raw), e);
        }
        return check(port, FIELD);
    }

    /**
     * Returns {@code port} if it is a valid TCP port (1..65535).
     *
     * @param field the field named in the error
     * @throws IllegalArgumentException naming {@code field} otherwise
     */
    static int check(int port, String field) {
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException(
                    field + ": expected a port number in 1..65535, got " + port);
        }
        return port;
    }
}
