package dev.bluegreen.operator.standalone;

import dev.bluegreen.operator.controller.RestEndpoints;

/** The {@code --help} text of the standalone process: every option with its variable. */
final class ControllerUsage {
    private ControllerUsage() {}

    /** The dashboard's two options. */
    private static String dashboard() {
        return String.join(
                System.lineSeparator(),
                "  --dashboard-port PORT   BLUEGREEN_DASHBOARD_PORT   port of the read-only"
                        + " dashboard; 0 = off (default: "
                        + ControllerOptions.DEFAULT_DASHBOARD_PORT
                        + ")",
                "  --dashboard-address A   BLUEGREEN_DASHBOARD_ADDRESS  address it binds"
                        + " (default: "
                        + ControllerOptions.DEFAULT_DASHBOARD_ADDRESS
                        + ", this host or pod only)");
    }

    /** One line per option: flag, variable, meaning and default. */
    static String text() {
        return String.join(
                System.lineSeparator(),
                "Options (a flag wins over its environment variable):",
                "  --namespaces a,b        BLUEGREEN_NAMESPACES       watched namespaces"
                        + " (default: all)",
                "  --leader-election BOOL  BLUEGREEN_LEADER_ELECTION  elect one active replica"
                        + " with a Lease (default: true)",
                "  --lease-name NAME       BLUEGREEN_LEASE_NAME       Lease name (default: "
                        + ControllerOptions.DEFAULT_LEASE_NAME
                        + ")",
                "  --lease-namespace NS    BLUEGREEN_LEASE_NAMESPACE  Lease namespace (default:"
                        + " the pod's namespace)",
                "  --identity ID           BLUEGREEN_IDENTITY         name in the Lease"
                        + " (default: HOSTNAME, the pod name)",
                "  --metrics-port PORT     BLUEGREEN_METRICS_PORT     port of /metrics, /healthz"
                        + " and /readyz; 0 = off (default: "
                        + ControllerOptions.DEFAULT_METRICS_PORT
                        + ")",
                "  --rest-endpoint-template URI  BLUEGREEN_REST_ENDPOINT_TEMPLATE  a child's"
                        + " JobManager REST API, with {namespace}, {child} and {port}",
                "                          (default: " + RestEndpoints.IN_CLUSTER_TEMPLATE + ")",
                "  --extensions-dir DIR    BLUEGREEN_EXTENSIONS_DIR   a folder of extension jars"
                        + " (policies parents pick with",
                "                          kubernetes.operator.bluegreen.extension; default: none)",
                dashboard(),
                "Kubernetes access: KUBECONFIG, ~/.kube/config or the in-cluster service account.");
    }
}
