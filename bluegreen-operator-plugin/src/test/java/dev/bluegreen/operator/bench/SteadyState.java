package dev.bluegreen.operator.bench;

import java.lang.management.ManagementFactory;

/**
 * The steady-state phase of {@link ControllerScaleBenchmark}: every parent rests, the informer
 * caches are full, and the benchmark asks the controller to reconcile parents through its {@code
 * ParentTriggers} (as the drop-in listener does; no API request) until at least {@code target}
 * reconciles ran, one round over all parents at a time, after as many untimed ones. Measures the
 * reconciler's CPU time per reconcile, the whole process's CPU time per reconcile (everything in
 * this JVM: JOSDK's event handling, the trigger loop, GC, the idle mock server), and the
 * controller's requests.
 */
final class SteadyState {
    /**
     * The result.
     *
     * @param reconciles reconciles measured
     * @param reconcileCpuNanos the reconciler's CPU time over them
     * @param processCpuNanos the JVM's CPU time over the phase
     * @param wallNanos the phase's wall time
     * @param requests the requests of the phase (the controller's should be none)
     */
    record Result(
            long reconciles,
            long reconcileCpuNanos,
            long processCpuNanos,
            long wallNanos,
            RequestTally requests) {
        double reconcileMicros() {
            return reconcileCpuNanos / 1000.0 / reconciles;
        }

        double processMicros() {
            return processCpuNanos / 1000.0 / reconciles;
        }
    }

    private SteadyState() {}

    /**
     * Reconciles {@code target} times untimed (the JIT compiles the path), then measures at least
     * {@code target} reconciles.
     */
    static Result measure(BenchCluster cluster, int n, int target) {
        reconcileAll(cluster, n, target);
        var os =
                (com.sun.management.OperatingSystemMXBean)
                        ManagementFactory.getOperatingSystemMXBean();
        cluster.recorder.cut();
        var before = cluster.reconcileCpu();
        long processBefore = os.getProcessCpuTime();
        long start = System.nanoTime();
        reconcileAll(cluster, n, target);
        long wall = System.nanoTime() - start;
        long process = os.getProcessCpuTime() - processBefore;
        var after = cluster.reconcileCpu();
        return new Result(
                after.reconciles() - before.reconciles(),
                after.firstCpuNanos()
                        + after.laterCpuNanos()
                        - before.firstCpuNanos()
                        - before.laterCpuNanos(),
                process,
                wall,
                cluster.recorder.cut());
    }

    /** Triggers all {@code n} parents, round after round, until {@code target} reconciles ran. */
    private static void reconcileAll(BenchCluster cluster, int n, int target) {
        long from = cluster.reconcileCpu().reconciles();
        long done = 0;
        while (done < target) {
            for (int i = 0; i < n; i++) {
                if (!cluster.trigger(BenchParents.name(i))) {
                    throw new IllegalStateException("the controller does not run");
                }
            }
            done += n;
            while (cluster.reconcileCpu().reconciles() - from < done) {
                Pause.millis(5);
            }
        }
    }
}
