package dev.bluegreen.demo.readiness;

import dev.bluegreen.operator.internal.observe.ChildJob;
import dev.bluegreen.operator.internal.observe.ReadinessMetrics;
import dev.bluegreen.operator.internal.observe.SourceBacklog;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * How soon traffic moves once the incoming child's backlog is within the bound, on the real Kafka
 * broker with the controller reading the real jobs' REST APIs (docs/performance.md, "Readiness by
 * backlog"). One rig (broker, embedded API, stand-in, controller), input fed at 200 records/s,
 * {@code readiness.max-lag: 200}, soak 0 s; {@code --runs} transitions back and forth (v2, v3,
 * ...), each incoming job restored from the serving one's savepoint and throttled to 130 records/s
 * per source subtask, so it starts behind and catches up in seconds.
 *
 * <p>Per run a probe reads, every 100 ms, exactly what the controller reads in one reconcile (the
 * incoming job's checkpoints and backlog, the serving job's backlog: 7 GETs) and times it; the
 * "within" time is the first probe that finds the incoming backlog at most the serving one's plus
 * the bound, the "switch" time the first probe that finds {@code status.activeColor} changed.
 * Prints one line per run and the medians. Arguments: {@code [--runs N] [--out DIR]}.
 */
public final class ReadinessByBacklogBenchmark {
    static final long BOUND = 200;
    static final long PROBE_MILLIS = 100;

    private ReadinessByBacklogBenchmark() {}

    public static void main(String[] args) throws Exception {
        int runs = Integer.parseInt(arg(args, "--runs", "5"));
        Path out = Path.of(arg(args, "--out", "target/readiness-bench"));
        var lagMillis = new ArrayList<Long>();
        var readMillis = new ArrayList<Double>();
        try (var rig = KafkaReadinessRig.start(out)) {
            rig.deploy(
                    200,
                    Map.of(
                            "readiness.max-lag",
                            Long.toString(BOUND),
                            "readiness.max-lag-window",
                            "0 s",
                            "catch-up.timeout",
                            "5 min"));
            rig.awaitState("blue active", Duration.ofMinutes(3), "ACTIVE_BLUE"::equals);
            for (int run = 1; run <= runs; run++) {
                String serving = rig.parent().getStatus().getActiveColor().toLowerCase(Locale.ROOT);
                String incoming = serving.equals("blue") ? "green" : "blue";
                rig.upgradeTo("v" + (run + 1), "--max-records-per-second", "130");
                Optional<Long> lag = measure(rig, serving, incoming, readMillis);
                lag.ifPresent(lagMillis::add);
                System.out.printf(
                        Locale.ROOT,
                        "run %d (%s -> %s): within bound -> traffic switch %s%n",
                        run,
                        serving,
                        incoming,
                        lag.map(ms -> ms + " ms").orElse("not measured (never seen behind)"));
                rig.awaitState(
                        "the retirement", Duration.ofMinutes(3), s -> s.startsWith("ACTIVE_"));
            }
        }
        Collections.sort(lagMillis);
        Collections.sort(readMillis);
        System.out.printf(
                Locale.ROOT,
                "within bound -> switch: median %d ms, min %d, max %d (%d runs)%n"
                        + "one reconcile's readiness reads (7 GETs): median %.1f ms, p95 %.1f ms,"
                        + " max %.1f ms (%d reads)%n",
                median(lagMillis),
                lagMillis.get(0),
                lagMillis.get(lagMillis.size() - 1),
                lagMillis.size(),
                readMillis.get(readMillis.size() / 2),
                readMillis.get((int) (readMillis.size() * 0.95)),
                readMillis.get(readMillis.size() - 1),
                readMillis.size());
    }

    /** Probes until traffic moved to {@code incoming}; the time from within-bound to the switch. */
    static Optional<Long> measure(
            KafkaReadinessRig rig, String serving, String incoming, List<Double> readMillis)
            throws InterruptedException {
        var metrics = new ReadinessMetrics(Duration.ofSeconds(2));
        boolean seenBehind = false;
        Long withinAt = null;
        long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
        while (System.nanoTime() < deadline) {
            long now = System.nanoTime();
            if (incoming.equalsIgnoreCase(rig.parent().getStatus().getActiveColor())) {
                return seenBehind && withinAt != null
                        ? Optional.of((now - withinAt) / 1_000_000)
                        : Optional.empty();
            }
            var read = readAsTheControllerDoes(rig, metrics, serving, incoming, readMillis);
            if (read.isPresent()) {
                long in = read.get()[0];
                long reference = read.get()[1];
                seenBehind |= in > reference + BOUND;
                if (seenBehind && withinAt == null && in <= reference + BOUND) {
                    withinAt = now;
                }
            }
            Thread.sleep(PROBE_MILLIS);
        }
        throw new AssertionError("traffic did not move to " + incoming + " within 5 min");
    }

    /** Checkpoints and backlog of the incoming job, backlog of the serving one, timed. */
    static Optional<long[]> readAsTheControllerDoes(
            KafkaReadinessRig rig,
            ReadinessMetrics metrics,
            String serving,
            String incoming,
            List<Double> readMillis) {
        Optional<ChildJob> in = rig.job(incoming);
        Optional<ChildJob> ref = rig.job(serving);
        if (in.isEmpty() || ref.isEmpty()) {
            return Optional.empty();
        }
        try {
            long start = System.nanoTime();
            metrics.completedCheckpoints(in.get());
            SourceBacklog incomingBacklog = metrics.backlog(in.get());
            SourceBacklog servingBacklog = metrics.backlog(ref.get());
            readMillis.add((System.nanoTime() - start) / 1e6);
            if (!incomingBacklog.known() || !servingBacklog.known()) {
                return Optional.empty();
            }
            return Optional.of(new long[] {incomingBacklog.records(), servingBacklog.records()});
        } catch (RuntimeException e) {
            return Optional.empty(); // a job not up yet: probe again
        }
    }

    static long median(List<Long> sorted) {
        return sorted.get(sorted.size() / 2);
    }

    static String arg(String[] args, String name, String fallback) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        return fallback;
    }
}
