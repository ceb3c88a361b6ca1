package dev.bluegreen.operator.controller;

import java.net.URI;
import java.util.Objects;

/**
 * Where the controller finds a child's JobManager REST API, the one place to replace it. The
 * default, {@link #inCluster()}, is the Service the upstream operator creates for every
 * FlinkDeployment: {@code http://<child>-rest.<namespace>.svc:<rest.port>}. A fork or a local run
 * passes its own (see {@link BlueGreenReconciler.Config#withRestEndpoints}); {@link
 * #template(String)} covers a proxy or a port-forward. Implementations must be thread-safe and
 * cheap: the controller calls one on every reconcile that reads a child's REST API.
 */
@FunctionalInterface
public interface RestEndpoints {
    /** The template of {@link #inCluster()}. */
    String IN_CLUSTER_TEMPLATE = "http://{child}-rest.{namespace}.svc:{port}";

    /**
     * The base URI of the REST API of one child.
     *
     * @param namespace the child's namespace
     * @param child the child FlinkDeployment's name, e.g. {@code orders-green}
     * @param port the child's {@code rest.port} (default 8081)
     * @return the base URI; paths such as {@code /jobs/<id>} are resolved against it
     */
    URI resolve(String namespace, String child, int port);

    /** The upstream operator's REST Service: {@code http://<child>-rest.<namespace>.svc:<port>}. */
    static RestEndpoints inCluster() {
        return template(IN_CLUSTER_TEMPLATE);
    }

    /**
     * Endpoints from a URI template with the placeholders {@code {namespace}}, {@code {child}} and
     * {@code {port}}, e.g. {@code http://localhost:8001/api/v1/namespaces/{namespace}/services/
     * {child}-rest:{port}/proxy} for {@code kubectl proxy}.
     *
     * @throws IllegalArgumentException when {@code template} has no {@code {child}} placeholder
     *     (all children would share one URI) or does not make an absolute http(s) URI
     */
    static RestEndpoints template(String template) {
        Objects.requireNonNull(template, "template == null");
        if (!template.contains("{child}")) {
            throw new IllegalArgumentException(
                    "REST endpoint template must contain {child}: " + template);
        }
        URI sample = fill(template, "ns", "child", 8081);
        if (!"http".equals(sample.getScheme()) && !"https".equals(sample.getScheme())) {
            throw new IllegalArgumentException(
                    "REST endpoint template must make an http(s) URI: " + template);
        }
        return (namespace, child, port) -> fill(template, namespace, child, port);
    }

    private static URI fill(String template, String namespace, String child, int port) {
        try {
            return URI.create(
                    template.replace("{namespace}", namespace)
                            .replace("{child}", child)
                            .replace("{port}", Integer.toString(port)));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "REST endpoint template does not make a URI: " + template, e);
        }
    }
}
