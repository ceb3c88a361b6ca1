package dev.bluegreen.operator.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;

/**
 * The concurrent phase of {@link ControllerScaleBenchmark}: {@code k} parents spread over the N get
 * a new image at once (one GET and PUT each, as fast as the benchmark can send them), while the
 * others rest. Waits until the watcher saw every one of them ACTIVE_GREEN and the controller wrote
 * nothing for 2 s, then reports the times from each spec change to ACTIVE_GREEN, the controller's
 * requests (in total and per second), the parents whose states did not follow the expected
 * sequence, and the resting parents whose state changed.
 */
final class ConcurrentTransitions {
    static final List<String> EXPECTED =
            List.of("SAVEPOINTING_BLUE", "TRANSITIONING_TO_GREEN", "RETIRING_BLUE", "ACTIVE_GREEN");
    private static final long TIMEOUT_MS = 10 * 60_000;

    /**
     * The result.
     *
     * @param greenMillis per parent, spec change to ACTIVE_GREEN, sorted
     * @param unfinished parents that did not reach ACTIVE_GREEN before the timeout
     * @param offPath parents whose states after the change were not {@link #EXPECTED}, with them
     * @param restingMoved parents not in the phase whose state changed during it
     * @param requests the requests of the phase
     * @param perSecond the controller's requests per wall-clock second of the phase
     * @param wallMillis from the first spec change to the end of the quiet window
     */
    record Result(
            int k,
            long[] greenMillis,
            List<String> unfinished,
            List<String> offPath,
            List<String> restingMoved,
            RequestTally requests,
            SortedMap<Long, Integer> perSecond,
            long wallMillis) {
        long percentile(double p) {
            return greenMillis[
                    (int) Math.min(greenMillis.length - 1, Math.ceil(p * greenMillis.length) - 1)];
        }

        int peakPerSecond() {
            return perSecond.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        }
    }

    private ConcurrentTransitions() {}

    /** Parent indexes for the phase: {@code k} of {@code n}, none a multiple of {@code avoid}. */
    static List<String> names(int n, int k, int avoid) {
        int step = Math.max(1, n / k);
        var names = new ArrayList<String>();
        for (int i = 1; i < n && names.size() < k; i += step) {
            names.add(BenchParents.name(i % avoid == 0 ? i + 1 : i));
        }
        return names;
    }

    static Result run(BenchCluster cluster, BenchWatcher watcher, List<String> names, int n) {
        cluster.recorder.cut();
        var before = new java.util.HashMap<String, Integer>();
        for (int i = 0; i < n; i++) {
            before.put(BenchParents.name(i), watcher.states(BenchParents.name(i)).size());
        }
        long startMs = System.currentTimeMillis();
        long[] changed = new long[names.size()];
        for (int i = 0; i < names.size(); i++) {
            BenchParents.setImage(cluster.client, names.get(i), "flink:1.20.1");
            changed[i] = System.nanoTime();
        }
        long deadline = startMs + TIMEOUT_MS;
        while (System.currentTimeMillis() < deadline && !allGreen(watcher, names, before)) {
            Pause.millis(50);
        }
        ControllerScaleBenchmark.awaitQuiet(cluster, 2000);
        long endMs = System.currentTimeMillis();
        var green = new ArrayList<Long>();
        var unfinished = new ArrayList<String>();
        var offPath = new ArrayList<String>();
        for (int i = 0; i < names.size(); i++) {
            var after = after(watcher, names.get(i), before);
            var states = after.stream().map(BenchWatcher.StateSeen::state).toList();
            if (!states.contains("ACTIVE_GREEN")) {
                unfinished.add(names.get(i));
                continue;
            }
            long at = after.get(states.indexOf("ACTIVE_GREEN")).nanos();
            green.add((at - changed[i]) / 1_000_000);
            if (!states.equals(EXPECTED)) {
                offPath.add(names.get(i) + " " + states);
            }
        }
        var restingMoved = new ArrayList<String>();
        before.forEach(
                (name, count) -> {
                    if (!names.contains(name) && watcher.states(name).size() != count) {
                        restingMoved.add(name);
                    }
                });
        return new Result(
                names.size(),
                green.stream().mapToLong(Long::longValue).sorted().toArray(),
                unfinished,
                offPath,
                restingMoved,
                cluster.recorder.cut(),
                cluster.recorder.controllerPerSecond(startMs, endMs),
                endMs - startMs);
    }

    private static boolean allGreen(
            BenchWatcher watcher, List<String> names, java.util.Map<String, Integer> before) {
        return names.stream()
                .allMatch(
                        name ->
                                after(watcher, name, before).stream()
                                        .anyMatch(s -> s.state().equals("ACTIVE_GREEN")));
    }

    private static List<BenchWatcher.StateSeen> after(
            BenchWatcher watcher, String name, java.util.Map<String, Integer> before) {
        var all = watcher.states(name);
        return all.subList(Math.min(before.get(name), all.size()), all.size());
    }
}
