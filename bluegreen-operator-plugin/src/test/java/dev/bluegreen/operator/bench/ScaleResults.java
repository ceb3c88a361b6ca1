package dev.bluegreen.operator.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The numbers one run of {@link ControllerScaleBenchmark} collects, and their Markdown report.
 * Filled by the benchmark's phases in order; not thread-safe.
 */
final class ScaleResults {
    private static final String C = BenchCluster.CONTROLLER;

    /** One sampled blue-to-green transition: wall times from the spec change, and its requests. */
    record Transition(String parent, long greenMillis, long retiredMillis, RequestTally requests) {
        int controllerWrites() {
            return requests.writes(C);
        }

        int controllerGets() {
            return requests.verb(C, "get");
        }

        @Override
        public String toString() {
            return parent
                    + ": ACTIVE_GREEN after "
                    + greenMillis
                    + " ms, blue deleted after "
                    + retiredMillis
                    + " ms, controller writes "
                    + controllerWrites()
                    + ", gets "
                    + controllerGets();
        }
    }

    final int n;
    final int samples;
    final List<Transition> transitions = new ArrayList<>();
    long heapNoController;
    long heapEmptyController;
    long heapSteady;
    long heapServerOnly;
    long heapAfterResync;
    long heapWithCopies;
    long storedJsonBytes;
    long deployMillis;
    long resyncMillis;
    long resyncReconciles;
    long resyncReconcilesAfterQuiet;
    TimedReconciler.Totals resyncCpu;
    SteadyState.Result steady;
    ConcurrentTransitions.Result concurrent;
    List<String> withoutRunningChild = List.of();
    RequestTally firstDeployment;
    RequestTally resync;

    ScaleResults(int n, int samples) {
        this.n = n;
        this.samples = samples;
    }

    /** KB per parent of a heap difference. */
    private double perParentKb(long bytes) {
        return bytes / 1024.0 / n;
    }

    /** The controller's share: growth with the controller minus the mock server's growth. */
    double controllerKbPerParent(long heapWithController) {
        long controllerAtZero = heapEmptyController - heapNoController;
        return perParentKb(heapWithController - heapServerOnly - controllerAtZero);
    }

    String markdown() {
        var out = new StringBuilder();
        var runtime = Runtime.getRuntime();
        out.append(
                String.format(
                        "ControllerScaleBenchmark: N = %d parents, %d sampled transitions; %s %s, %d CPUs, max heap %d MB%n%n",
                        n,
                        samples,
                        System.getProperty("java.vm.name"),
                        System.getProperty("java.version"),
                        runtime.availableProcessors(),
                        runtime.maxMemory() / (1024 * 1024)));
        out.append("| Measure | Result | Target / upstream |\n|---|---|---|\n");
        steadyRows(out);
        heapRows(out);
        LoadRows.cpu(out, this);
        transitionRows(out);
        LoadRows.concurrent(out, this);
        out.append("\nRequests of the full resync, by sender and verb: ")
                .append(byVerb(resync))
                .append("\n\nController requests of the full resync: ")
                .append(resync.byKind(C, r -> true))
                .append("\n\nController requests of one blue→green transition (")
                .append(transitions.get(0).parent())
                .append("): ")
                .append(transitions.get(0).requests().byKind(C, r -> true))
                .append('\n');
        // the distinct write mixes of the sampled transitions, with how many had each
        transitions.stream()
                .collect(
                        Collectors.groupingBy(
                                t -> t.requests().byKind(C, ApiRequest::write).toString(),
                                java.util.TreeMap::new,
                                Collectors.counting()))
                .forEach(
                        (writes, count) ->
                                out.append("\nController writes in ")
                                        .append(count)
                                        .append(" of ")
                                        .append(transitions.size())
                                        .append(" transitions: ")
                                        .append(writes)
                                        .append('\n'));
        return out.toString();
    }

    private void steadyRows(StringBuilder out) {
        row(out, "N parents created → all ACTIVE_BLUE", seconds(deployMillis), "");
        row(
                out,
                "first deployment, controller writes / GETs per parent",
                String.format(
                        "%.1f / %.1f",
                        firstDeployment.writes(C) / (double) n,
                        firstDeployment.verb(C, "get") / (double) n),
                "upstream 10 (+3) / 4");
        row(
                out,
                "full resync (controller restart): reconciles until all N done",
                resyncReconciles
                        + " in "
                        + seconds(resyncMillis)
                        + " ("
                        + resyncReconcilesAfterQuiet
                        + " after a 3 s quiet window)",
                "");
        row(out, "full resync: controller **writes**", "**" + resync.writes(C) + "**", "0");
        row(
                out,
                "full resync: controller reads (get / list / watch / discovery)",
                resync.verb(C, "get")
                        + " / "
                        + resync.verb(C, "list")
                        + " / "
                        + resync.verb(C, "watch")
                        + " / "
                        + resync.verb(C, "discovery"),
                "");
    }

    private void heapRows(StringBuilder out) {
        row(
                out,
                "heap, no controller, 0 parents (mock server, fake, clients)",
                mb(heapNoController),
                "");
        row(out, "heap, controller running, 0 parents", mb(heapEmptyController), "");
        row(out, "heap, controller running, N steady parents", mb(heapSteady), "");
        row(
                out,
                "heap, controller stopped, N parents stored (mock server alone)",
                mb(heapServerOnly),
                "");
        row(out, "heap, controller restarted (after the resync)", mb(heapAfterResync), "");
        row(
                out,
                "growth per parent, everything (controller + mock server)",
                kb(perParentKb(heapSteady - heapEmptyController)),
                "");
        row(
                out,
                "growth per parent, mock server storage",
                kb(perParentKb(heapServerOnly - heapNoController)),
                String.format("stored JSON %.1f KB", perParentKb(storedJsonBytes)));
        row(
                out,
                "growth per parent, **controller** (steady / after resync)",
                "**"
                        + kb(controllerKbPerParent(heapSteady))
                        + "** / "
                        + kb(controllerKbPerParent(heapAfterResync)),
                "≤ 20 KB");
        row(
                out,
                "cross-check: one deserialized copy of parents, children, snapshots, ingresses",
                kb(perParentKb(heapWithCopies - heapServerOnly)),
                "");
    }

    private void transitionRows(StringBuilder out) {
        var green = transitions.stream().mapToLong(Transition::greenMillis).sorted().toArray();
        var retired = transitions.stream().mapToLong(Transition::retiredMillis).sorted().toArray();
        row(
                out,
                "blue→green (savepoint), spec change → ACTIVE_GREEN, median / max",
                "**" + green[green.length / 2] + " / " + green[green.length - 1] + " ms**",
                "≤ 2000 ms; upstream up to 30.5 s added");
        row(
                out,
                "blue→green, spec change → blue deleted, median / max",
                retired[retired.length / 2] + " / " + retired[retired.length - 1] + " ms",
                "");
        row(
                out,
                "fake operator: steps an object after its watch event, delay",
                BenchCluster.FAKE_STEP_DELAY_MS + " ms",
                "");
        row(
                out,
                "controller requests per transition: writes (min–max)",
                range(Transition::controllerWrites),
                "upstream 17 (+5)");
        row(
                out,
                "controller requests per transition: GETs (min–max)",
                range(Transition::controllerGets),
                "upstream 8");
        row(
                out,
                "controller list / watch requests during the transitions",
                transitions.stream()
                                .mapToInt(
                                        t ->
                                                t.requests().verb(C, "list")
                                                        + t.requests().verb(C, "watch"))
                                .sum()
                        + "",
                "upstream polls every 15 s");
    }

    private String range(java.util.function.ToIntFunction<Transition> metric) {
        var stats = transitions.stream().mapToInt(metric).summaryStatistics();
        return stats.getMin() + "–" + stats.getMax();
    }

    private static String byVerb(RequestTally tally) {
        return List.of(C, BenchCluster.FAKE, BenchCluster.BENCH).stream()
                .map(agent -> agent + " " + tally.byVerb(agent))
                .collect(Collectors.joining("; "));
    }

    static void row(StringBuilder out, String measure, String result, String target) {
        out.append("| ")
                .append(measure)
                .append(" | ")
                .append(result)
                .append(" | ")
                .append(target)
                .append(" |\n");
    }

    static String seconds(long millis) {
        return String.format("%.1f s", millis / 1000.0);
    }

    private static String mb(long bytes) {
        return String.format("%.1f MB", bytes / 1024.0 / 1024.0);
    }

    private static String kb(double kb) {
        return String.format("%.1f KB", kb);
    }
}
