package dev.bluegreen.operator.bench;

import dev.bluegreen.operator.controller.BlueGreenReconciler;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.javaoperatorsdk.operator.api.reconciler.Cleaner;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.DeleteControl;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The controller's reconciler, measured: the CPU time of its reconcile threads spent in {@link
 * BlueGreenReconciler#reconcile} (thread CPU time, so waiting for the API server costs nothing) and
 * the number of reconciles. Registered with the same JOSDK configuration as the reconciler (the
 * annotation below repeats {@link BlueGreenReconciler}'s). Thread-safe.
 */
@ControllerConfiguration(name = BlueGreenReconciler.NAME, generationAwareEventProcessing = false)
final class TimedReconciler
        implements Reconciler<FlinkBlueGreenDeployment>, Cleaner<FlinkBlueGreenDeployment> {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final BlueGreenReconciler inner;
    private final AtomicLong firstCpuNanos = new AtomicLong();
    private final AtomicLong firstReconciles = new AtomicLong();
    private final AtomicLong laterCpuNanos = new AtomicLong();
    private final AtomicLong laterReconciles = new AtomicLong();
    private final java.util.Set<String> seen = java.util.concurrent.ConcurrentHashMap.newKeySet();

    TimedReconciler(BlueGreenReconciler inner) {
        this.inner = inner;
    }

    /**
     * CPU nanoseconds and count of the reconciles so far: of each parent's first reconcile by this
     * instance (a full decision: nothing is known yet), and of the later ones.
     */
    Totals totals() {
        return new Totals(
                firstCpuNanos.get(),
                firstReconciles.get(),
                laterCpuNanos.get(),
                laterReconciles.get());
    }

    /** Forgets which parents were reconciled (it would count as the controller's heap). */
    void forgetSeen() {
        seen.clear();
    }

    /** CPU time and count of first and later reconciles. */
    record Totals(long firstCpuNanos, long first, long laterCpuNanos, long later) {
        long reconciles() {
            return first + later;
        }
    }

    @Override
    public UpdateControl<FlinkBlueGreenDeployment> reconcile(
            FlinkBlueGreenDeployment resource, Context<FlinkBlueGreenDeployment> context)
            throws Exception {
        boolean first = seen.add(resource.getMetadata().getUid());
        long start = THREADS.getCurrentThreadCpuTime();
        try {
            return inner.reconcile(resource, context);
        } finally {
            long cpu = THREADS.getCurrentThreadCpuTime() - start;
            (first ? firstCpuNanos : laterCpuNanos).addAndGet(cpu);
            (first ? firstReconciles : laterReconciles).incrementAndGet();
        }
    }

    @Override
    public List<EventSource<?, FlinkBlueGreenDeployment>> prepareEventSources(
            EventSourceContext<FlinkBlueGreenDeployment> context) {
        return inner.prepareEventSources(context);
    }

    @Override
    public DeleteControl cleanup(
            FlinkBlueGreenDeployment resource, Context<FlinkBlueGreenDeployment> context) {
        return inner.cleanup(resource, context);
    }
}
