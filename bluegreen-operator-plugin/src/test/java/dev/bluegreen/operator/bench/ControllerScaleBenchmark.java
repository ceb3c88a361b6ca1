package dev.bluegreen.operator.bench;

import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.client.utils.Serialization;

import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The controller's scale benchmark (a program, not a test): N FlinkBlueGreenDeployments on the
 * embedded API with the fake upstream operator. It measures the time to steady state, the requests
 * of a full resync (a controller restart: the new informers list every parent and JOSDK reconciles
 * each once), heap per parent, the CPU time of a reconcile at rest, for a sample of parents one at
 * a time the wall time and the requests of a blue-to-green savepoint transition, and the same for
 * many parents at once. Prints a Markdown report.
 *
 * <p>Arguments: {@code [N (default 1000)] [sampled transitions (default 20)] [transitions at once
 * (default 100, at most N / 2; 0: none)]}. Run in a fresh JVM:
 *
 * <pre>
 * mvn -B -ntp -o -pl bluegreen-operator-plugin test-compile exec:exec -Dexec.executable=java \
 *   -Dexec.classpathScope=test \
 *   -Dexec.args="-Xmx2g -cp %classpath dev.bluegreen.operator.bench.ControllerScaleBenchmark 1000 20"
 * </pre>
 */
public final class ControllerScaleBenchmark {
    private static final long STEADY_TIMEOUT_MS = 15 * 60_000;

    /**
     * The mock server logs every request at INFO through java.util.logging; at 1,000 parents that
     * is most of the CPU. Held here so the level is not lost when the logger is collected.
     */
    private static final Logger MOCK_SERVER_LOG =
            Logger.getLogger("io.fabric8.mockwebserver.MockWebServer");

    private ControllerScaleBenchmark() {}

    /**
     * Runs the benchmark and prints the report to standard output (progress goes to standard
     * error).
     *
     * @param args {@code [N] [sampled transitions]}
     */
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        MOCK_SERVER_LOG.setLevel(Level.WARNING);
        int samples = Math.min(n, args.length > 1 ? Integer.parseInt(args[1]) : 20);
        int concurrent = Math.min(n / 2, args.length > 2 ? Integer.parseInt(args[2]) : 100);
        ScaleResults results = new ScaleResults(n, samples);
        try (var cluster = BenchCluster.start()) {
            run(cluster, results, concurrent);
        }
        System.out.println(results.markdown());
    }

    private static void run(BenchCluster cluster, ScaleResults results, int concurrent) {
        results.heapNoController = HeapProbe.usedAfterGc();
        cluster.startController();
        awaitQuiet(cluster, 2000);
        results.heapEmptyController = HeapProbe.usedAfterGc();
        deploy(cluster, results);
        results.heapSteady = HeapProbe.usedAfterGc();
        cluster.stopController();
        cluster.recorder.cut();
        results.heapServerOnly = HeapProbe.usedAfterGc();
        results.storedJsonBytes = storedJsonBytes(cluster);
        results.heapWithCopies = heapWithCopies(cluster);
        resync(cluster, results);
        cluster.forgetReconciled();
        results.heapAfterResync = HeapProbe.usedAfterGc();
        progress("steady state: reconciling resting parents");
        results.steady = SteadyState.measure(cluster, results.n, 10_000);
        try (var watcher = new BenchWatcher(cluster.client)) {
            transitions(cluster, results);
            if (concurrent > 0) {
                progress(concurrent + " transitions at once");
                int step = Math.max(1, results.n / results.samples);
                results.concurrent =
                        ConcurrentTransitions.run(
                                cluster,
                                watcher,
                                ConcurrentTransitions.names(results.n, concurrent, step),
                                results.n);
            }
            results.withoutRunningChild = watcher.withoutRunningChild();
        }
    }

    private static void deploy(BenchCluster cluster, ScaleResults results) {
        cluster.recorder.cut();
        long start = System.nanoTime();
        IntStream.range(0, results.n)
                .forEach(
                        i ->
                                cluster.client
                                        .resource(
                                                BenchParents.parent(
                                                        BenchParents.name(i), "flink:1.20"))
                                        .create());
        long deadline = System.currentTimeMillis() + STEADY_TIMEOUT_MS;
        Map<String, Integer> states = BenchParents.states(cluster.client);
        int polls = 0;
        while (states.getOrDefault("ACTIVE_BLUE", 0) < results.n) {
            if (System.currentTimeMillis() > deadline) {
                throw new IllegalStateException("no steady state after 15 min: " + states);
            }
            if (++polls % 10 == 0) {
                progress("deploying: " + states);
            }
            Pause.millis(1000);
            states = BenchParents.states(cluster.client);
        }
        results.deployMillis = (System.nanoTime() - start) / 1_000_000;
        awaitQuiet(cluster, 2000);
        results.firstDeployment = cluster.recorder.cut();
    }

    private static void resync(BenchCluster cluster, ScaleResults results) {
        long start = System.nanoTime();
        cluster.startController();
        while (cluster.reconciles() < results.n) {
            Pause.millis(20);
        }
        results.resyncMillis = (System.nanoTime() - start) / 1_000_000;
        results.resyncReconciles = (long) cluster.reconciles();
        awaitQuiet(cluster, 3000);
        results.resync = cluster.recorder.cut();
        results.resyncReconcilesAfterQuiet = (long) cluster.reconciles();
        results.resyncCpu = cluster.reconcileCpu();
    }

    private static void transitions(BenchCluster cluster, ScaleResults results) {
        int step = Math.max(1, results.n / results.samples);
        for (int i = 0; i < results.samples; i++) {
            String name = BenchParents.name(i * step);
            cluster.recorder.cut();
            BenchParents.setImage(cluster.client, name, "flink:1.20.1");
            long changed = System.nanoTime();
            while (!"ACTIVE_GREEN".equals(BenchParents.state(cluster.client, name))) {
                Pause.millis(5);
            }
            long green = System.nanoTime();
            while (cluster.client
                            .genericKubernetesResources(
                                    "flink.apache.org/v1beta1", "FlinkDeployment")
                            .inNamespace(BenchCluster.NS)
                            .withName(name + "-blue")
                            .get()
                    != null) {
                Pause.millis(5);
            }
            long retired = System.nanoTime();
            awaitQuiet(cluster, 1000);
            results.transitions.add(
                    new ScaleResults.Transition(
                            name,
                            (green - changed) / 1_000_000,
                            (retired - changed) / 1_000_000,
                            cluster.recorder.cut()));
            progress("transition " + results.transitions.get(i));
        }
    }

    /** Waits until a window of {@code windowMs} passes without a write of the controller. */
    static void awaitQuiet(BenchCluster cluster, long windowMs) {
        long before = cluster.recorder.controllerWrites();
        while (true) {
            Pause.millis(windowMs);
            long now = cluster.recorder.controllerWrites();
            if (now == before) {
                return;
            }
            before = now;
        }
    }

    /**
     * Used heap while one deserialized copy of what the informers cache is held: a cross-check of
     * the controller's share. A method of its own, so that the copy is garbage once it returns.
     */
    private static long heapWithCopies(BenchCluster cluster) {
        List<List<?>> copies = cachedKinds(cluster);
        long heap = HeapProbe.usedAfterGc();
        java.lang.ref.Reference.reachabilityFence(copies);
        return heap;
    }

    /** The JSON size of every object of the namespace the benchmark creates, as stored. */
    private static long storedJsonBytes(BenchCluster cluster) {
        var events = cluster.client.v1().events().inNamespace(BenchCluster.NS).list().getItems();
        return Stream.concat(cachedKinds(cluster).stream(), Stream.of(events))
                .flatMap(List::stream)
                .mapToLong(o -> Serialization.asJson(o).length())
                .sum();
    }

    /**
     * The objects of the kinds the controller's informers cache, deserialized as they do: parents
     * (typed), FlinkDeployments and FlinkStateSnapshots (generic), Ingresses (typed).
     */
    private static List<List<?>> cachedKinds(BenchCluster cluster) {
        var client = cluster.client;
        return List.of(
                client.resources(FlinkBlueGreenDeployment.class)
                        .inNamespace(BenchCluster.NS)
                        .list()
                        .getItems(),
                cluster.flink("FlinkDeployment"),
                cluster.flink("FlinkStateSnapshot"),
                client.network().v1().ingresses().inNamespace(BenchCluster.NS).list().getItems());
    }

    static void progress(String message) {
        System.err.println("[bench] " + message);
    }
}
