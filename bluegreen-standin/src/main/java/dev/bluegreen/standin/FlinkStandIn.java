package dev.bluegreen.standin;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Plays the upstream operator for FlinkDeployment + FlinkStateSnapshot with real MiniCluster jobs.
 *
 * <p>Informers watch both kinds in all namespaces; each FlinkDeployment gets a worker thread that
 * runs its job in its own MiniCluster and writes its status (PUT with resourceVersion to the status
 * subresource), on every change and every {@link StandInSettings#pollInterval()}. See
 * docs/standin.md for the status semantics. Thread-safe.
 */
public final class FlinkStandIn implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(FlinkStandIn.class);

    private final StandInContext ctx;
    private final Map<String, DeploymentWorker> workers = new ConcurrentHashMap<>();
    private final ScheduledExecutorService ticker =
            Executors.newSingleThreadScheduledExecutor(
                    r -> {
                        Thread t = new Thread(r, "standin-poll");
                        t.setDaemon(true);
                        return t;
                    });
    private final AtomicBoolean closed = new AtomicBoolean();
    private final SharedIndexInformer<GenericKubernetesResource> deployments;
    private final SharedIndexInformer<GenericKubernetesResource> snapshots;

    private FlinkStandIn(KubernetesClient client, StandInSettings settings) {
        this.ctx = context(client, settings);
        this.deployments =
                client.genericKubernetesResources(Crds.DEPLOYMENTS)
                        .inAnyNamespace()
                        .inform(handler(this::onDeployment, this::onDeploymentDeleted), 0);
        this.snapshots =
                client.genericKubernetesResources(Crds.SNAPSHOTS)
                        .inAnyNamespace()
                        .inform(handler(this::onSnapshot, deleted -> {}), 0);
    }

    private static StandInContext context(KubernetesClient client, StandInSettings settings) {
        return new StandInContext(
                client,
                new StatusWriter(client),
                settings,
                new UriMapping(settings.uriMappings()),
                new Faults(),
                Clock.systemUTC(),
                new RestAddresses());
    }

    /**
     * Starts watching FlinkDeployments and FlinkStateSnapshots in all namespaces. The CRDs must
     * exist ({@link #installCrds} creates minimal ones).
     *
     * @throws io.fabric8.kubernetes.client.KubernetesClientException when the kinds cannot be
     *     listed
     */
    public static FlinkStandIn start(KubernetesClient client, StandInSettings settings) {
        var standIn = new FlinkStandIn(client, settings);
        long poll = settings.pollInterval().toMillis();
        standIn.ticker.scheduleWithFixedDelay(standIn::poll, poll, poll, TimeUnit.MILLISECONDS);
        return standIn;
    }

    /**
     * The real REST address (Flink's REST API, served by the MiniCluster) of the job that
     * FlinkDeployment {@code namespace/name} runs now: what its {@code <name>-rest} Service would
     * reach in a cluster. Empty while no job runs. Thread-safe.
     */
    public Optional<URI> restAddress(String namespace, String name) {
        return ctx.restAddresses().of(namespace, name);
    }

    /**
     * Installs minimal FlinkDeployment and FlinkStateSnapshot CRDs (status subresource) when
     * absent.
     */
    public static void installCrds(KubernetesClient client) {
        Crds.install(client);
    }

    /** The faults to inject; see {@link Faults}. */
    public Faults faults() {
        return ctx.faults();
    }

    /** Cancels every job and shuts every MiniCluster down. Idempotent. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        ticker.shutdownNow();
        deployments.stop();
        snapshots.stop();
        List<DeploymentWorker> all = List.copyOf(workers.values());
        workers.clear();
        CompletableFuture.allOf(
                        all.stream()
                                .map(w -> CompletableFuture.runAsync(w::close))
                                .toArray(CompletableFuture[]::new))
                .join();
    }

    private void poll() {
        try {
            pollDeployments();
            snapshots.getStore().list().forEach(this::onSnapshot);
        } catch (RuntimeException e) {
            LOG.warn("stand-in poll failed; retrying", e);
        }
    }

    /** Offers every deployment to its worker; retires the workers of deployments gone. */
    private void pollDeployments() {
        Set<String> live = new HashSet<>();
        for (GenericKubernetesResource fd : deployments.getStore().list()) {
            live.add(fd.getMetadata().getUid());
            onDeployment(fd);
        }
        workers.keySet().stream().filter(uid -> !live.contains(uid)).toList().forEach(this::retire);
    }

    private void onDeployment(GenericKubernetesResource fd) {
        if (closed.get()) {
            return;
        }
        if (fd.getMetadata().getDeletionTimestamp() != null) {
            retire(fd.getMetadata().getUid());
            return;
        }
        workers.computeIfAbsent(fd.getMetadata().getUid(), uid -> new DeploymentWorker(ctx, fd))
                .offer(fd);
    }

    private void onDeploymentDeleted(GenericKubernetesResource fd) {
        retire(fd.getMetadata().getUid());
    }

    /** A deleted deployment: cancel its job and drop its MiniCluster, off the caller's thread. */
    private void retire(String uid) {
        DeploymentWorker worker = workers.remove(uid);
        if (worker != null) {
            CompletableFuture.runAsync(worker::close);
        }
    }

    private void onSnapshot(GenericKubernetesResource snapshot) {
        if (closed.get() || !needsWork(snapshot)) {
            return;
        }
        GenericKubernetesResource fd = referenced(snapshot);
        DeploymentWorker worker = fd == null ? null : workers.get(fd.getMetadata().getUid());
        if (worker != null) {
            worker.offerSnapshot(snapshot);
        } else if (fd == null) {
            SnapshotReconciler.reconcile(ctx, snapshot, null);
        }
    }

    /** The deployment the snapshot's {@code spec.jobReference} names, or {@code null}. */
    private GenericKubernetesResource referenced(GenericKubernetesResource snapshot) {
        String ns = snapshot.getMetadata().getNamespace();
        Object spec = snapshot.getAdditionalProperties().get("spec");
        Object reference =
                spec instanceof Map<?, ?> s && s.get("jobReference") instanceof Map<?, ?> r
                        ? r.get("name")
                        : null;
        return reference == null ? null : deployments.getStore().getByKey(ns + "/" + reference);
    }

    private static boolean needsWork(GenericKubernetesResource snapshot) {
        Object status = snapshot.getAdditionalProperties().get("status");
        Object state = status instanceof Map<?, ?> m ? m.get("state") : null;
        return state == null || "TRIGGER_PENDING".equals(state);
    }

    private static ResourceEventHandler<GenericKubernetesResource> handler(
            Consumer<GenericKubernetesResource> onChange,
            Consumer<GenericKubernetesResource> onDelete) {
        return new Handler(onChange, onDelete);
    }

    /** Calls {@code onChange} with a resource added or updated, {@code onDelete} on a delete. */
    private record Handler(
            Consumer<GenericKubernetesResource> onChange,
            Consumer<GenericKubernetesResource> onDelete)
            implements ResourceEventHandler<GenericKubernetesResource> {
        @Override
        public void onAdd(GenericKubernetesResource resource) {
            onChange.accept(resource);
        }

        @Override
        public void onUpdate(GenericKubernetesResource old, GenericKubernetesResource now) {
            onChange.accept(now);
        }

        @Override
        public void onDelete(GenericKubernetesResource resource, boolean unknownFinalState) {
            onDelete.accept(resource);
        }
    }
}
