package dev.bluegreen.standin;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Flink configuration a job runs with: the FlinkDeployment's {@code flinkConfiguration} over
 * the stand-in's default configuration ({@link StandInSettings#defaultFlinkConfiguration()}),
 * checkpoint and savepoint directories under the stand-in's work directory (always, since a remote
 * path of a real deployment means nothing locally), no restarts unless the spec asks for a restart
 * strategy (so an injected failure ends FAILED), retained checkpoints, and the fail-after-records
 * fault for the example job. Pure.
 */
final class LaunchConfiguration {
    /** The job configuration key the example job reads its fault from. */
    static final String FAIL_AFTER_RECORDS_KEY = "bluegreen.standin.fail-after-records";

    /** Flink's key for extra parent-first class name prefixes of user code (';'-separated). */
    static final String PARENT_FIRST_KEY = "classloader.parent-first-patterns.additional";

    /**
     * The gate's package prefix: loaded from the stand-in's classpath even when the job jar bundles
     * the gate, so there is one {@code InMemoryGateChannel} registry per JVM.
     */
    static final String GATE_PACKAGE = "dev.bluegreen.gate.";

    /** Other keys of the two directories (Flink 1.20's names and older ones): ours win. */
    private static final List<String> LOCAL_DIR_ALIASES =
            List.of(
                    "execution.checkpointing.dir",
                    "execution.checkpointing.savepoint-dir",
                    "state.backend.fs.checkpointdir",
                    "savepoints.state.backend.fs.dir");

    private LaunchConfiguration() {}

    static Map<String, String> of(
            Map<String, String> flinkConfiguration,
            Path checkpoints,
            Path savepoints,
            FaultSettings faults) {
        return of(Map.of(), flinkConfiguration, checkpoints, savepoints, faults);
    }

    /** {@link #of} with {@code defaults} under the FlinkDeployment's own keys. */
    static Map<String, String> of(
            Map<String, String> defaults,
            Map<String, String> flinkConfiguration,
            Path checkpoints,
            Path savepoints,
            FaultSettings faults) {
        Map<String, String> config = new LinkedHashMap<>(defaults);
        config.putAll(flinkConfiguration);
        LOCAL_DIR_ALIASES.forEach(config::remove);
        config.put("state.checkpoints.dir", checkpoints.toUri().toString());
        config.put("state.savepoints.dir", savepoints.toUri().toString());
        putStandInDefaults(config);
        config.put(PARENT_FIRST_KEY, withGatePattern(config.get(PARENT_FIRST_KEY)));
        faults.failAfterRecords()
                .ifPresent(n -> config.put(FAIL_AFTER_RECORDS_KEY, Long.toString(n)));
        return config;
    }

    /** No restarts and retained checkpoints, unless the configuration says otherwise. */
    private static void putStandInDefaults(Map<String, String> config) {
        if (!config.containsKey("restart-strategy.type")
                && !config.containsKey("restart-strategy")) {
            config.put("restart-strategy.type", "none");
        }
        config.putIfAbsent(
                "execution.checkpointing.externalized-checkpoint-retention",
                "RETAIN_ON_CANCELLATION");
    }

    private static String withGatePattern(String patterns) {
        if (patterns == null || patterns.isBlank()) {
            return GATE_PACKAGE;
        }
        for (String pattern : patterns.split(";")) {
            if (GATE_PACKAGE.startsWith(pattern.trim()) && !pattern.isBlank()) {
                return patterns;
            }
        }
        return patterns + ";" + GATE_PACKAGE;
    }
}
