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
 * strategy (so an injected failure ends FAILED), retained checkpoints, the fail-after-records fault
 * for the example job, and {@code pipeline.name} defaulting to the FlinkDeployment's name. Metric
 * reporters ({@code metrics.reporter.*}) pass through unchanged: each MiniCluster runs the ones the
 * spec enables, as a real cluster does. Pure.
 */
final class LaunchConfiguration {
    /** The job configuration key the example job reads its fault from. */
    static final String FAIL_AFTER_RECORDS_KEY = "bluegreen.standin.fail-after-records";

    /** Flink's key of the job's name ({@code PipelineOptions.NAME}). */
    static final String PIPELINE_NAME_KEY = "pipeline.name";

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

    /**
     * {@link #of} for the FlinkDeployment {@code name}: {@code pipeline.name} defaults to it unless
     * the defaults or the spec set it, as upstream's {@code FlinkConfigBuilder} does for
     * application deployments (a job that names itself in {@code execute(name)} keeps its own name;
     * one that reads {@code pipeline.name}, as the example job does, is named after its
     * FlinkDeployment, which Flink's metric reporters put into the {@code job_name} label).
     */
    static Map<String, String> forDeployment(
            String name,
            Map<String, String> defaults,
            Map<String, String> flinkConfiguration,
            Path checkpoints,
            Path savepoints,
            FaultSettings faults) {
        Map<String, String> config =
                of(defaults, flinkConfiguration, checkpoints, savepoints, faults);
        config.putIfAbsent(PIPELINE_NAME_KEY, name);
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
