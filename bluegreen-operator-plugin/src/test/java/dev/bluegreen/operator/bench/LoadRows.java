package dev.bluegreen.operator.bench;

import static dev.bluegreen.operator.bench.ScaleResults.row;

/** The report rows of the CPU and concurrency phases of {@link ControllerScaleBenchmark}. */
final class LoadRows {
    private static final String C = BenchCluster.CONTROLLER;

    private LoadRows() {}

    static void cpu(StringBuilder out, ScaleResults r) {
        var resync = r.resyncCpu;
        row(
                out,
                "full resync: reconciler CPU per first reconcile of a parent (full decision)",
                String.format(
                        "%.0f µs (%d reconciles)",
                        resync.firstCpuNanos() / 1000.0 / Math.max(1, resync.first()),
                        resync.first()),
                "");
        row(
                out,
                "full resync: reconciler CPU per later reconcile (informer ADD events, at rest)",
                String.format(
                        "%.1f µs (%d reconciles)",
                        resync.laterCpuNanos() / 1000.0 / Math.max(1, resync.later()),
                        resync.later()),
                "");
        var steady = r.steady;
        row(
                out,
                "steady state: reconciler CPU per reconcile of a resting parent",
                String.format(
                        "**%.1f µs** (%d reconciles in %s)",
                        steady.reconcileMicros(),
                        steady.reconciles(),
                        ScaleResults.seconds(steady.wallNanos() / 1_000_000)),
                "≤ 20 µs; upstream 0.7–1.2 ms");
        row(
                out,
                "steady state: whole JVM CPU per reconcile (JOSDK, trigger loop, GC, idle server)",
                String.format("%.1f µs", steady.processMicros()),
                "");
        row(
                out,
                "steady state: controller requests",
                "**" + steady.requests().count(q -> q.agent().equals(C)) + "**",
                "0; upstream 2 writes per reconcile");
    }

    static void concurrent(StringBuilder out, ScaleResults r) {
        row(
                out,
                "parents seen without a running child (watcher, all transitions)",
                "**" + r.withoutRunningChild.size() + "**" + examples(r.withoutRunningChild),
                "0");
        var c = r.concurrent;
        if (c == null) {
            return;
        }
        row(
                out,
                c.k() + " transitions at once: finished / off the expected states / resting moved",
                c.greenMillis().length
                        + " / "
                        + c.offPath().size()
                        + examples(c.offPath())
                        + " / "
                        + c.restingMoved().size()
                        + examples(c.restingMoved()),
                c.k() + " / 0 / 0");
        if (c.greenMillis().length > 0) {
            row(
                    out,
                    c.k() + " at once: spec change → ACTIVE_GREEN, p50 / p99 / max",
                    "**"
                            + c.percentile(0.5)
                            + " / "
                            + c.percentile(0.99)
                            + " ms** / "
                            + c.greenMillis()[c.greenMillis().length - 1]
                            + " ms",
                    "");
        }
        row(
                out,
                c.k()
                        + " at once: controller requests, total (writes) in "
                        + ScaleResults.seconds(c.wallMillis()),
                c.requests().count(q -> q.agent().equals(C)) + " (" + c.requests().writes(C) + ")",
                "");
        row(
                out,
                c.k() + " at once: controller requests per second, peak",
                "**" + c.peakPerSecond() + "**",
                "");
        out.append("\nController requests per second during the ")
                .append(c.k())
                .append(" transitions: ")
                .append(c.perSecond().values())
                .append("\n\nController writes of the ")
                .append(c.k())
                .append(" transitions: ")
                .append(c.requests().byKind(C, ApiRequest::write))
                .append("\n\n");
    }

    private static String examples(java.util.List<String> items) {
        return items.isEmpty()
                ? ""
                : " (" + String.join(", ", items.subList(0, Math.min(3, items.size()))) + ")";
    }
}
