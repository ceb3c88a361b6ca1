package dev.bluegreen.standin;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One thread per FlinkDeployment: passes run there, so a slow Flink call (a savepoint, a start
 * delay) holds up only this deployment. Offers coalesce: while a pass is queued, newer offers
 * replace the object it will see. Thread-safe.
 */
final class DeploymentWorker {
    private static final Logger LOG = LoggerFactory.getLogger(DeploymentWorker.class);

    private final StandInContext ctx;
    private final DeploymentReconciler reconciler;
    private final ExecutorService thread;
    private final AtomicReference<GenericKubernetesResource> latest = new AtomicReference<>();
    private final Map<String, GenericKubernetesResource> snapshots = new ConcurrentHashMap<>();
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private volatile boolean closed;

    DeploymentWorker(StandInContext ctx, GenericKubernetesResource fd) {
        this.ctx = ctx;
        var meta = fd.getMetadata();
        this.reconciler =
                new DeploymentReconciler(ctx, meta.getNamespace(), meta.getName(), meta.getUid());
        String threadName = "standin-" + meta.getNamespace() + "-" + meta.getName();
        this.thread =
                Executors.newSingleThreadExecutor(
                        r -> {
                            Thread t = new Thread(r, threadName);
                            t.setDaemon(true);
                            return t;
                        });
    }

    /** Schedules a pass over the newest {@code fd}. */
    void offer(GenericKubernetesResource fd) {
        latest.set(fd);
        reconciler.offered(fd.getMetadata().getGeneration());
        schedule();
    }

    /** Schedules a pass that also moves {@code snapshot} on. */
    void offerSnapshot(GenericKubernetesResource snapshot) {
        snapshots.put(snapshot.getMetadata().getUid(), snapshot);
        schedule();
    }

    private void schedule() {
        if (!closed && scheduled.compareAndSet(false, true)) {
            try {
                thread.execute(this::pass);
            } catch (RejectedExecutionException closing) {
                scheduled.set(false);
            }
        }
    }

    private void pass() {
        scheduled.set(false);
        if (closed) {
            return;
        }
        try {
            reconciler.reconcile(latest.get());
        } catch (Exception e) {
            LOG.warn("stand-in pass failed; retrying on the next poll", e);
        }
        snapshotPass();
    }

    /** Reconciles the snapshots offered since the last pass, on this deployment's thread. */
    private void snapshotPass() {
        for (String uid : snapshots.keySet()) {
            GenericKubernetesResource snapshot = snapshots.remove(uid);
            try {
                SnapshotReconciler.reconcile(ctx, snapshot, reconciler);
            } catch (RuntimeException e) {
                LOG.warn("stand-in snapshot pass failed; retrying on the next poll", e);
            }
        }
    }

    /** Stops passes, cancels the job and shuts its MiniCluster down. Blocks up to ~90 s. */
    void close() {
        closed = true;
        reconciler.interrupt();
        thread.shutdown();
        try {
            if (!thread.awaitTermination(80, TimeUnit.SECONDS)) {
                thread.shutdownNow();
                thread.awaitTermination(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        reconciler.stop();
    }
}
