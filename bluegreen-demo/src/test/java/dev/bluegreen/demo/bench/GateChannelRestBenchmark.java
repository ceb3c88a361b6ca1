package dev.bluegreen.demo.bench;

import dev.bluegreen.core.Color;
import dev.bluegreen.demo.cluster.EmbeddedCluster;
import dev.bluegreen.operator.internal.apply.GateControls;
import dev.bluegreen.operator.internal.config.HandoverSettings;
import dev.bluegreen.operator.internal.observe.ChildJob;
import dev.bluegreen.operator.internal.observe.JobManagerReports;
import dev.bluegreen.operator.internal.spec.Owners;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.client.KubernetesClient;

import java.io.InputStream;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * REST calls per reconcile of the gate channel, and their latency, while a hand-over waits
 * (docs/performance.md, "Gate channel over REST"). Runs the demo's parent in ADVANCED mode on the
 * ConfigMap channel (embedded API, the stand-in's real MiniCluster jobs, parallelism 2), upgrades
 * it with a catch-up bound green cannot meet (so the hand-over waits in {@code WaitingForCutover}
 * with both jobs running), then, once a second like the controller, does exactly the REST reads of
 * one reconcile ({@code GateControls.open(...).reports()} over both children) through a timing
 * {@link HttpClient}, once every gate subtask of both jobs reports. Prints one line per round and a
 * summary. Not a test: numbers go to the doc.
 *
 * <p>Arguments: {@code --usrlib DIR} (the example job's jar; default {@code
 * bluegreen-demo/target/usrlib}), {@code --rounds N} (default 60), {@code --warmup N} (default 5).
 */
public final class GateChannelRestBenchmark {
    /** The gate parallelism of the demo's orders.yaml. */
    private static final int PARALLELISM = 2;

    private GateChannelRestBenchmark() {}

    /** Waits (at most 120 s) until both children's gates report with every subtask. */
    private static void awaitEveryReport(
            GateControls controls,
            FlinkBlueGreenDeployment parent,
            List<ChildJob> jobs,
            int subtasks)
            throws InterruptedException {
        for (int i = 0; i < 600; i++) {
            if (controls.open(Owners.of(parent), HandoverSettings.DEFAULTS, jobs).reports().size()
                    >= subtasks) {
                return;
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("the gates do not report with " + subtasks + " subtasks");
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> flags = flags(args);
        Path usrlib = Path.of(flags.getOrDefault("--usrlib", "bluegreen-demo/target/usrlib"));
        int rounds = Integer.parseInt(flags.getOrDefault("--rounds", "60"));
        int warmup = Integer.parseInt(flags.getOrDefault("--warmup", "5"));
        Path work = Files.createTempDirectory("gate-rest-bench");
        try (var cluster = EmbeddedCluster.start(work, usrlib)) {
            KubernetesClient client = cluster.client();
            FlinkBlueGreenDeployment parent = waitingHandover(client, work);
            List<ChildJob> jobs = jobs(cluster, parent.getMetadata().getName());
            var http = new CountingHttpClient(HttpClient.newBuilder().build());
            var reports = new JobManagerReports(http, Duration.ofSeconds(2));
            var controls = new GateControls(client, reports);
            awaitEveryReport(controls, parent, jobs, 2 * PARALLELISM);
            http.drain();
            List<Long> perRound = new ArrayList<>();
            List<Long> perCall = new ArrayList<>();
            List<Integer> calls = new ArrayList<>();
            for (int i = 0; i < warmup + rounds; i++) {
                long start = System.nanoTime();
                int seen =
                        controls.open(Owners.of(parent), HandoverSettings.DEFAULTS, jobs)
                                .reports()
                                .size();
                long took = System.nanoTime() - start;
                List<Long> each = http.drain();
                if (i >= warmup) {
                    perRound.add(took);
                    perCall.addAll(each);
                    calls.add(each.size());
                }
                System.out.printf(
                        "round %d: %d calls, %.1f ms, %d reports, state %s%n",
                        i, each.size(), took / 1e6, seen, state(client, parent));
                Thread.sleep(1000);
            }
            summary(jobs.size(), calls, perRound, perCall, state(client, parent));
        }
    }

    /** Applies the ADVANCED parent, waits for blue, upgrades with a bound green never meets. */
    private static FlinkBlueGreenDeployment waitingHandover(KubernetesClient client, Path work)
            throws Exception {
        FlinkBlueGreenDeployment parent;
        try (InputStream yaml =
                GateChannelRestBenchmark.class.getResourceAsStream("/demo/orders.yaml")) {
            parent = client.resources(FlinkBlueGreenDeployment.class).load(yaml).item();
        }
        parent.getSpec().setTransitionMode(dev.bluegreen.operator.resource.TransitionMode.ADVANCED);
        var configuration = new java.util.LinkedHashMap<>(parent.getSpec().getConfiguration());
        configuration.put("kubernetes.operator.bluegreen.advanced.catch-up-bound", "1 ms");
        parent.getSpec().setConfiguration(configuration);
        setArg(parent, "--output", work.resolve("output").toString());
        client.resource(parent).create();
        String name = parent.getMetadata().getName();
        awaitState(client, parent, "ACTIVE_BLUE");
        var live = get(client, name);
        setArg(live, "--version", "v2");
        client.resource(live).update();
        awaitState(client, parent, "TRANSITIONING_TO_GREEN");
        return get(client, name);
    }

    /** Both children's jobs at their MiniClusters' real REST addresses, once both run. */
    private static List<ChildJob> jobs(EmbeddedCluster cluster, String name)
            throws InterruptedException {
        List<ChildJob> jobs = new ArrayList<>();
        for (Color color : Color.values()) {
            String child = name + "-" + color.lowerCase();
            for (int i = 0; ; i++) {
                var job = cluster.childJob(child, color);
                if (job.isPresent()) {
                    jobs.add(job.get());
                    break;
                }
                if (i > 600) {
                    throw new IllegalStateException(child + " does not run");
                }
                Thread.sleep(200);
            }
        }
        return jobs;
    }

    private static void summary(
            int children,
            List<Integer> calls,
            List<Long> perRound,
            List<Long> perCall,
            String state) {
        System.out.printf(
                "%nGate channel over REST: %d rounds, %d children (parallelism %d), state at the"
                        + " end %s%n",
                perRound.size(), children, PARALLELISM, state);
        System.out.printf(
                "calls per reconcile: min %d, max %d; calls in total %d%n",
                Collections.min(calls), Collections.max(calls), perCall.size());
        System.out.println("| What | median | p90 | p99 | max |");
        System.out.println("|---|---|---|---|---|");
        row("one REST call, ms", perCall);
        row("all gate-channel reads of one reconcile, ms", perRound);
    }

    private static void row(String what, List<Long> nanos) {
        var sorted = new ArrayList<>(nanos);
        Collections.sort(sorted);
        System.out.printf(
                "| %s | %.1f | %.1f | %.1f | %.1f |%n",
                what,
                pct(sorted, 50),
                pct(sorted, 90),
                pct(sorted, 99),
                sorted.get(sorted.size() - 1) / 1e6);
    }

    private static double pct(List<Long> sorted, int p) {
        int index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, index)) / 1e6;
    }

    private static void setArg(FlinkBlueGreenDeployment parent, String flag, String value) {
        var args = parent.getSpec().getTemplate().getSpec().path("job").path("args");
        for (int i = 0; i + 1 < args.size(); i++) {
            if (args.get(i).asText().equals(flag)) {
                ((com.fasterxml.jackson.databind.node.ArrayNode) args).set(i + 1, value);
                return;
            }
        }
        throw new IllegalArgumentException("job.args has no " + flag);
    }

    private static FlinkBlueGreenDeployment get(KubernetesClient client, String name) {
        return client.resources(FlinkBlueGreenDeployment.class)
                .inNamespace(EmbeddedCluster.NAMESPACE)
                .withName(name)
                .get();
    }

    private static String state(KubernetesClient client, FlinkBlueGreenDeployment parent) {
        var live = get(client, parent.getMetadata().getName());
        return live.getStatus() == null ? "" : live.getStatus().getState();
    }

    private static void awaitState(
            KubernetesClient client, FlinkBlueGreenDeployment parent, String prefix)
            throws InterruptedException {
        for (int i = 0; i < 900; i++) {
            if (state(client, parent).startsWith(prefix)) {
                return;
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException(
                "not " + prefix + " within 180 s: " + state(client, parent));
    }

    private static Map<String, String> flags(String[] args) {
        var flags = new java.util.HashMap<String, String>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            flags.put(args[i], args[i + 1]);
        }
        return flags;
    }
}
