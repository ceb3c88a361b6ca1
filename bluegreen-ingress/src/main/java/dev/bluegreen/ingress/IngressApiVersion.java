package dev.bluegreen.ingress;

/**
 * The Ingress API the parent ingress is built for. The caller picks it (e.g. from the server
 * version it already knows); nothing here talks to a server.
 */
public enum IngressApiVersion {
    /** {@code networking.k8s.io/v1}: Kubernetes 1.19 and later. The default choice. */
    NETWORKING_V1("networking.k8s.io/v1"),
    /**
     * {@code networking.k8s.io/v1beta1}: for servers older than 1.19 (removed in 1.22). Backends
     * use {@code serviceName}/{@code servicePort} and paths carry no {@code pathType}.
     */
    NETWORKING_V1BETA1("networking.k8s.io/v1beta1");

    private final String apiVersion;

    IngressApiVersion(String apiVersion) {
        this.apiVersion = apiVersion;
    }

    /** The {@code apiVersion} string, e.g. {@code "networking.k8s.io/v1"}. */
    public String apiVersion() {
        return apiVersion;
    }
}
