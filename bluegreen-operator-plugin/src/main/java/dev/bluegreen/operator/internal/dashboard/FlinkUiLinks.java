package dev.bluegreen.operator.internal.dashboard;

import java.util.Map;
import java.util.regex.Pattern;

/**
 * The Flink web UI address of a child FlinkDeployment, from its {@code spec.ingress} as the Flink
 * Kubernetes Operator builds the Ingress: {@code template} with {@code {{name}}} and {@code
 * {{namespace}}} replaced, the path-rewrite suffix {@code (/|$)(.*)} dropped; {@code https} when
 * {@code tls} is set. Only a template with a host gives an address (a path-only template depends on
 * the Ingress controller's host), and only when the result is a plain host and path.
 */
final class FlinkUiLinks {
    private static final Pattern SAFE =
            Pattern.compile("[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[A-Za-z0-9._~/-]*)?");

    private FlinkUiLinks() {}

    /** The address, or {@code null}. */
    static String of(Object spec, String namespace, String name) {
        if (!(spec instanceof Map<?, ?> specMap)
                || !(specMap.get("ingress") instanceof Map<?, ?> ingress)
                || !(ingress.get("template") instanceof String template)) {
            return null;
        }
        String hostAndPath =
                template.replace("{{name}}", name)
                        .replace("{{namespace}}", namespace)
                        .replace("(/|$)(.*)", "");
        if (hostAndPath.startsWith("/") || !SAFE.matcher(hostAndPath).matches()) {
            return null;
        }
        String scheme = ingress.get("tls") != null ? "https://" : "http://";
        return scheme + hostAndPath + (hostAndPath.endsWith("/") ? "" : "/");
    }
}
