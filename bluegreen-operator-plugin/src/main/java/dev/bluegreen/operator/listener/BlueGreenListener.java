package dev.bluegreen.operator.listener;

import dev.bluegreen.operator.standalone.ControllerOptions;

import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.kubernetes.operator.api.FlinkDeployment;
import org.apache.flink.kubernetes.operator.api.FlinkSessionJob;
import org.apache.flink.kubernetes.operator.api.listener.FlinkResourceListener;
import org.apache.flink.kubernetes.operator.api.status.FlinkDeploymentStatus;
import org.apache.flink.kubernetes.operator.api.status.FlinkSessionJobStatus;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The drop-in plugin for the upstream Flink Kubernetes Operator image: a {@link
 * FlinkResourceListener} that runs the FlinkBlueGreenDeployment controller inside the operator
 * process, with its own Kubernetes client and its own Lease leader election.
 *
 * <p>Enable it with {@code kubernetes.operator.plugins.listeners.bluegreen.class:
 * dev.bluegreen.operator.listener.BlueGreenListener}; its options are the keys after {@code
 * kubernetes.operator.plugins.listeners.bluegreen.}: those of {@link ControllerOptions.Option}
 * ({@code namespaces}, {@code leader-election}, {@code lease-name}, {@code lease-namespace}, {@code
 * identity}, {@code metrics-port}: the port of its own {@code /metrics}, {@code /healthz} and
 * {@code /readyz}, default 0 = off, since the operator's Flink metric reporters cannot see the
 * plugin's meters; {@code extensions-dir}: a folder of extension jars) and {@value #MASTER_URL}
 * (default: fabric8's standard resolution, in-cluster in the operator pod). Without its own {@code
 * namespaces} key it watches the namespaces the operator watches ({@code
 * kubernetes.operator.watched.namespaces}, read from the operator's configuration file; see {@link
 * WatchedNamespaces}).
 *
 * <p>Extensions ({@code dev.bluegreen.core.extension.BlueGreenExtension}, picked by parents with
 * {@code kubernetes.operator.bluegreen.extension}): every one in the jars next to ours in the
 * plugin folder (Flink's plugin loader gives the folder's jars one class loader) and in the {@code
 * extensions-dir} folder; one that cannot be loaded is logged and left out ({@link
 * DropInExtensions}), the controller and the operator keep running.
 *
 * <p>{@link #configure} never throws and never blocks: it starts the controller on a daemon thread
 * ({@link ControllerRunner}, retrying with back-off while it cannot start) and stops it from a
 * shutdown hook (the listener interface has no stop method). The callbacks map a FlinkDeployment or
 * FlinkStateSnapshot to its owning parent and ask the controller to reconcile it at once; they
 * never block and swallow every error, because the operator calls them on its reconcile threads
 * without catching. Thread-safe.
 */
public final class BlueGreenListener implements FlinkResourceListener, AutoCloseable {
    /** The listener key of the API server URL (tests; default: standard resolution). */
    public static final String MASTER_URL = "master-url";

    private static final Logger LOG = LoggerFactory.getLogger(BlueGreenListener.class);

    private volatile ControllerRunner runner;
    private volatile Thread shutdownHook;

    /** Starts the controller in the background; logs instead of throwing. */
    @Override
    public void configure(Configuration config) {
        try {
            if (runner != null) {
                LOG.warn("FlinkBlueGreenDeployment controller already configured; ignored");
                return;
            }
            Map<String, String> keys = keys(config);
            var options = options(keys, System.getenv());
            var started =
                    ControllerRunner.start(options, extensions(options), keys.get(MASTER_URL));
            runner = started;
            shutdownHook = new Thread(started::close, "bluegreen-listener-shutdown");
            Runtime.getRuntime().addShutdownHook(shutdownHook);
        } catch (Throwable e) { // an exception here would stop the operator from starting
            LOG.error("FlinkBlueGreenDeployment controller not started: {}", e.getMessage(), e);
        }
    }

    /**
     * Stops the controller (releasing its Lease) now instead of at JVM exit, e.g. in tests; the
     * operator itself never calls it. Idempotent; never throws.
     */
    @Override
    public void close() {
        try {
            var current = runner;
            runner = null;
            if (current != null) {
                current.close();
            }
            var hook = shutdownHook;
            shutdownHook = null;
            if (hook != null) {
                Runtime.getRuntime().removeShutdownHook(hook);
            }
        } catch (Throwable e) { // IllegalStateException while the JVM is shutting down
            LOG.debug("Listener close: {}", e.toString());
        }
    }

    /** Reconciles the deployment's parent at once (a child's status changed). */
    @Override
    public void onDeploymentStatusUpdate(
            StatusUpdateContext<FlinkDeployment, FlinkDeploymentStatus> context) {
        trigger(() -> context.getFlinkResource().getMetadata());
    }

    /** Reconciles the deployment's parent at once (the operator emitted an event about it). */
    @Override
    public void onDeploymentEvent(ResourceEventContext<FlinkDeployment> context) {
        trigger(() -> context.getFlinkResource().getMetadata());
    }

    /** Session jobs are never children of a FlinkBlueGreenDeployment: nothing to do. */
    @Override
    public void onSessionJobStatusUpdate(
            StatusUpdateContext<FlinkSessionJob, FlinkSessionJobStatus> context) {}

    /** Session jobs are never children of a FlinkBlueGreenDeployment: nothing to do. */
    @Override
    public void onSessionJobEvent(ResourceEventContext<FlinkSessionJob> context) {}

    /** Reconciles the snapshot's parent at once (a hand-over savepoint progressed). */
    @Override
    public void onStateSnapshotStatusUpdate(FlinkStateSnapshotStatusUpdateContext context) {
        trigger(() -> context.getStateSnapshot().getMetadata());
    }

    /** Reconciles the snapshot's parent at once. */
    @Override
    public void onStateSnapshotEvent(FlinkStateSnapshotEventContext context) {
        trigger(() -> context.getStateSnapshot().getMetadata());
    }

    /**
     * The extensions of the plugin's class loader (jars next to ours in the plugin folder) and of
     * the {@code extensions-dir} key; each one that cannot be loaded is logged and left out.
     */
    private static DropInExtensions.Loaded extensions(ControllerOptions options) {
        var loaded =
                DropInExtensions.load(
                        options.extensionsDir(), BlueGreenListener.class.getClassLoader());
        for (String problem : loaded.problems()) {
            LOG.error(
                    "FlinkBlueGreenDeployment extension not loaded: {} (the controller runs"
                            + " without it; parents naming it get an invalid-spec error)",
                    problem);
        }
        LOG.info("FlinkBlueGreenDeployment extensions: {}", loaded.extensions().names());
        return loaded;
    }

    private void trigger(Supplier<ObjectMeta> metadata) {
        try {
            var current = runner;
            if (current != null) {
                ParentRefs.of(metadata.get())
                        .ifPresent(parent -> current.trigger(parent.namespace(), parent.name()));
            }
        } catch (Throwable e) { // the operator's reconcile thread must never see our failures
            LOG.debug("Listener callback failed: {}", e.toString());
        }
    }

    /**
     * The options of {@code keys}, watching the namespaces {@link WatchedNamespaces} chooses: the
     * listener key, else what the operator watches.
     */
    private static ControllerOptions options(Map<String, String> keys, Map<String, String> env) {
        var options =
                ControllerOptions.fromListenerConfig(
                        keys,
                        env,
                        ControllerOptions.SERVICE_ACCOUNT_NAMESPACE,
                        () -> "bluegreen-" + ProcessHandle.current().pid());
        var watched =
                WatchedNamespaces.choose(
                        Optional.ofNullable(keys.get(ControllerOptions.Option.NAMESPACES.key())),
                        () -> OperatorConfigFiles.read(env));
        LOG.info("FlinkBlueGreenDeployment controller watches {}", watched.describe());
        return options.withNamespaces(watched.namespaces());
    }

    private static Map<String, String> keys(Configuration config) {
        Map<String, String> keys = new LinkedHashMap<>();
        for (var option : ControllerOptions.Option.values()) {
            read(config, option.key(), keys);
        }
        read(config, MASTER_URL, keys);
        return keys;
    }

    private static void read(Configuration config, String key, Map<String, String> into) {
        String value = config.get(ConfigOptions.key(key).stringType().noDefaultValue());
        if (value != null) {
            into.put(key, value);
        }
    }
}
