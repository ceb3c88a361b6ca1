package dev.bluegreen.operator.standalone;

import dev.bluegreen.operator.controller.RestEndpoints;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * The settings of a controller process (standalone jar or drop-in plugin): watched namespaces,
 * leader election, the port of the metrics and probes endpoint, and where the children's JobManager
 * REST APIs are. Parsed from command-line flags and environment variables ({@link #parse}) or from
 * the drop-in listener's configuration ({@link #fromListenerConfig}); a flag wins over its
 * variable. Immutable.
 *
 * @param namespaces the watched namespaces; empty = all namespaces (default; an empty value means
 *     the same)
 * @param leaderElection whether a Lease elects one active replica (default true)
 * @param leaseName the Lease name (default {@value #DEFAULT_LEASE_NAME})
 * @param leaseNamespace the Lease namespace (default: the pod's service-account namespace); empty
 *     only without leader election
 * @param identity this replica's name in the Lease (default: {@code HOSTNAME}, i.e. the pod name,
 *     else the host name)
 * @param metricsPort the port of {@code /metrics}, {@code /healthz} and {@code /readyz}, 0 for none
 *     (default {@value #DEFAULT_METRICS_PORT} for the standalone process, 0 for the drop-in)
 * @param restEndpointTemplate the URI template of a child's JobManager REST API, placeholders
 *     {@code {namespace}}, {@code {child}} and {@code {port}} (default {@value
 *     RestEndpoints#IN_CLUSTER_TEMPLATE}, the upstream operator's REST Service; see {@link
 *     RestEndpoints#template})
 * @param extensionsDir a folder of extension jars ({@code --extensions-dir}), loaded by {@link
 *     ExtensionFolder}; empty (default): the extensions on the class path (standalone) or in the
 *     plugin folder (drop-in) only
 * @param dashboardPort the port of the read-only dashboard, 0 for none (default {@value
 *     #DEFAULT_DASHBOARD_PORT} for the standalone process, 0 for the drop-in)
 * @param dashboardAddress the address the dashboard binds (default {@value
 *     #DEFAULT_DASHBOARD_ADDRESS}: reachable from this host or pod only, e.g. through {@code
 *     kubectl port-forward})
 */
public record ControllerOptions(
        Set<String> namespaces,
        boolean leaderElection,
        String leaseName,
        Optional<String> leaseNamespace,
        String identity,
        int metricsPort,
        String restEndpointTemplate,
        Optional<Path> extensionsDir,
        int dashboardPort,
        String dashboardAddress) {
    /** The default Lease name. */
    public static final String DEFAULT_LEASE_NAME = "bluegreen-controller";

    /** The standalone process's default metrics port (the drop-in's default is 0: off). */
    public static final int DEFAULT_METRICS_PORT = 8080;

    /** The standalone process's default dashboard port (the drop-in's default is 0: off). */
    public static final int DEFAULT_DASHBOARD_PORT = 8090;

    /** The default dashboard address: the loopback interface only. */
    public static final String DEFAULT_DASHBOARD_ADDRESS = "127.0.0.1";

    /** Where Kubernetes mounts the pod's namespace. */
    public static final Path SERVICE_ACCOUNT_NAMESPACE =
            Path.of("/var/run/secrets/kubernetes.io/serviceaccount/namespace");

    private static final Pattern SUBDOMAIN =
            Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");

    /** Every option: its flag is {@code --<key>}, its listener key {@code <key>}. */
    public enum Option {
        NAMESPACES("namespaces", "BLUEGREEN_NAMESPACES"),
        LEADER_ELECTION("leader-election", "BLUEGREEN_LEADER_ELECTION"),
        LEASE_NAME("lease-name", "BLUEGREEN_LEASE_NAME"),
        LEASE_NAMESPACE("lease-namespace", "BLUEGREEN_LEASE_NAMESPACE"),
        IDENTITY("identity", "BLUEGREEN_IDENTITY"),
        METRICS_PORT("metrics-port", "BLUEGREEN_METRICS_PORT"),
        REST_ENDPOINT_TEMPLATE("rest-endpoint-template", "BLUEGREEN_REST_ENDPOINT_TEMPLATE"),
        EXTENSIONS_DIR("extensions-dir", "BLUEGREEN_EXTENSIONS_DIR"),
        DASHBOARD_PORT("dashboard-port", "BLUEGREEN_DASHBOARD_PORT"),
        DASHBOARD_ADDRESS("dashboard-address", "BLUEGREEN_DASHBOARD_ADDRESS");

        private final String key;
        private final String env;

        Option(String key, String env) {
            this.key = key;
            this.env = env;
        }

        /** The listener key, e.g. {@code lease-name}. */
        public String key() {
            return key;
        }

        /** The command-line flag, e.g. {@code --lease-name}. */
        public String flag() {
            return "--" + key;
        }

        /** The environment variable, e.g. {@code BLUEGREEN_LEASE_NAME}. */
        public String env() {
            return env;
        }
    }

    /** Copies {@code namespaces}. */
    public ControllerOptions {
        namespaces = Set.copyOf(namespaces);
        Objects.requireNonNull(extensionsDir, "extensionsDir == null");
        if (metricsPort < 0 || metricsPort > 65535) {
            throw new IllegalArgumentException("metricsPort out of 0-65535: " + metricsPort);
        }
        if (dashboardPort < 0 || dashboardPort > 65535) {
            throw new IllegalArgumentException("dashboardPort out of 0-65535: " + dashboardPort);
        }
        Objects.requireNonNull(dashboardAddress, "dashboardAddress == null");
    }

    /** Options without an extensions folder and without a dashboard. */
    public ControllerOptions(
            Set<String> namespaces,
            boolean leaderElection,
            String leaseName,
            Optional<String> leaseNamespace,
            String identity,
            int metricsPort,
            String restEndpointTemplate) {
        this(
                namespaces,
                leaderElection,
                leaseName,
                leaseNamespace,
                identity,
                metricsPort,
                restEndpointTemplate,
                Optional.empty(),
                0,
                DEFAULT_DASHBOARD_ADDRESS);
    }

    /** Options without a metrics endpoint (tests, forks that serve their own). */
    public ControllerOptions(
            Set<String> namespaces,
            boolean leaderElection,
            String leaseName,
            Optional<String> leaseNamespace,
            String identity) {
        this(
                namespaces,
                leaderElection,
                leaseName,
                leaseNamespace,
                identity,
                0,
                RestEndpoints.IN_CLUSTER_TEMPLATE);
    }

    /** These options with {@code namespaces} watched instead (empty = all namespaces). */
    public ControllerOptions withNamespaces(Set<String> namespaces) {
        return new ControllerOptions(
                namespaces,
                leaderElection,
                leaseName,
                leaseNamespace,
                identity,
                metricsPort,
                restEndpointTemplate,
                extensionsDir,
                dashboardPort,
                dashboardAddress);
    }

    /** These options with the dashboard on {@code address}:{@code port} (0 = no dashboard). */
    public ControllerOptions withDashboard(int port, String address) {
        return new ControllerOptions(
                namespaces,
                leaderElection,
                leaseName,
                leaseNamespace,
                identity,
                metricsPort,
                restEndpointTemplate,
                extensionsDir,
                port,
                address);
    }

    /**
     * A comma-separated list of namespaces parsed as {@code --namespaces} parses it: parts trimmed,
     * each a DNS label; a blank {@code text} means all namespaces (empty set).
     *
     * @param source the setting's name for the error, e.g. {@code listener option namespaces}
     * @throws BadOptionException naming {@code source} when a part is not a namespace name
     */
    public static Set<String> parseNamespaces(String source, String text) {
        return new OptionValue(source, text).namespaces();
    }

    /**
     * Where the controller finds each child's JobManager REST API: {@link RestEndpoints#template}
     * of {@link #restEndpointTemplate()}.
     *
     * @throws IllegalArgumentException when the template is not valid (only for a record built
     *     directly: the parsers check it and name the option)
     */
    public RestEndpoints restEndpoints() {
        return RestEndpoints.template(restEndpointTemplate);
    }

    /**
     * Options from command-line {@code args} ({@code --key value} or {@code --key=value}) over
     * {@code env} over the defaults.
     *
     * @param serviceAccountNamespace the file holding the pod's namespace ({@link
     *     #SERVICE_ACCOUNT_NAMESPACE} in production)
     * @param hostName the host name, used when neither {@code --identity} nor {@code HOSTNAME} is
     *     set
     * @throws BadOptionException naming the flag or variable: unknown flag, missing or bad value,
     *     or no Lease namespace while leader election is on
     */
    public static ControllerOptions parse(
            List<String> args,
            Map<String, String> env,
            Path serviceAccountNamespace,
            Supplier<String> hostName) {
        Map<Option, OptionValue> values = OptionSources.fromEnv(env);
        values.putAll(OptionSources.fromArgs(args));
        return resolve(
                values,
                env.get("HOSTNAME"),
                serviceAccountNamespace,
                hostName,
                DEFAULT_METRICS_PORT,
                DEFAULT_DASHBOARD_PORT);
    }

    /**
     * Options from the drop-in listener's configuration (the keys after {@code
     * kubernetes.operator.plugins.listeners.<name>.}); keys that are not options are ignored.
     *
     * @throws BadOptionException naming the key
     */
    public static ControllerOptions fromListenerConfig(
            Map<String, String> config,
            Map<String, String> env,
            Path serviceAccountNamespace,
            Supplier<String> hostName) {
        Map<Option, OptionValue> values = new LinkedHashMap<>();
        for (Option option : Option.values()) {
            String value = config.get(option.key());
            if (value != null) {
                values.put(option, new OptionValue("listener option " + option.key(), value));
            }
        }
        return resolve(values, env.get("HOSTNAME"), serviceAccountNamespace, hostName, 0, 0);
    }

    /** One line per option: flag, variable, meaning and default, for {@code --help}. */
    public static String usage() {
        return ControllerUsage.text();
    }

    private static ControllerOptions resolve(
            Map<Option, OptionValue> values,
            String hostnameEnv,
            Path serviceAccountNamespace,
            Supplier<String> hostName,
            int defaultMetricsPort,
            int defaultDashboardPort) {
        Set<String> namespaces =
                values.containsKey(Option.NAMESPACES)
                        ? values.get(Option.NAMESPACES).namespaces()
                        : Set.of();
        boolean election = election(values);
        return new ControllerOptions(
                namespaces,
                election,
                leaseName(values),
                leaseNamespace(values, election, serviceAccountNamespace),
                OptionValue.identity(values.get(Option.IDENTITY), hostnameEnv, hostName),
                port(values, Option.METRICS_PORT, defaultMetricsPort),
                values.containsKey(Option.REST_ENDPOINT_TEMPLATE)
                        ? values.get(Option.REST_ENDPOINT_TEMPLATE).restEndpointTemplate()
                        : RestEndpoints.IN_CLUSTER_TEMPLATE,
                Optional.ofNullable(values.get(Option.EXTENSIONS_DIR)).map(OptionValue::directory),
                port(values, Option.DASHBOARD_PORT, defaultDashboardPort),
                values.containsKey(Option.DASHBOARD_ADDRESS)
                        ? values.get(Option.DASHBOARD_ADDRESS).address()
                        : DEFAULT_DASHBOARD_ADDRESS);
    }

    private static int port(Map<Option, OptionValue> values, Option option, int defaultPort) {
        return values.containsKey(option) ? values.get(option).port() : defaultPort;
    }

    private static boolean election(Map<Option, OptionValue> values) {
        return !values.containsKey(Option.LEADER_ELECTION)
                || values.get(Option.LEADER_ELECTION).bool();
    }

    private static String leaseName(Map<Option, OptionValue> values) {
        return values.containsKey(Option.LEASE_NAME)
                ? values.get(Option.LEASE_NAME).matching(SUBDOMAIN, 253, "a DNS subdomain")
                : DEFAULT_LEASE_NAME;
    }

    /** The Lease namespace: the option, else the pod's; required while leader election is on. */
    private static Optional<String> leaseNamespace(
            Map<Option, OptionValue> values, boolean election, Path serviceAccountNamespace) {
        Optional<String> namespace =
                values.containsKey(Option.LEASE_NAMESPACE)
                        ? Optional.of(values.get(Option.LEASE_NAMESPACE).label())
                        : OptionValue.podNamespace(serviceAccountNamespace);
        if (election && namespace.isEmpty()) {
            throw noLeaseNamespace(serviceAccountNamespace);
        }
        return namespace;
    }

    private static BadOptionException noLeaseNamespace(Path serviceAccountNamespace) {
        return new BadOptionException(
                Option.LEASE_NAMESPACE.flag(),
                "not set, and "
                        + serviceAccountNamespace
                        + " does not exist (not in a pod?): set "
                        + Option.LEASE_NAMESPACE.flag()
                        + " or "
                        + Option.LEASE_NAMESPACE.env()
                        + ", or turn leader election off with "
                        + Option.LEADER_ELECTION.flag()
                        + " false");
    }
}
