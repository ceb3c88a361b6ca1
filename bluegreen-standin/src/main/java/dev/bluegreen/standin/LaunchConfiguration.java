package dev.bluegreen.standin;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The Flink configuration a job runs with: the FlinkDeployment's {@code flinkConfiguration},
 * checkpoint and savepoint directories under the stand-in's work directory (always, since a remote
 * path of a real deployment means nothing locally), no restarts unless the spec asks for a restart
 * strategy (so an injected failure ends FAILED), retained checkpoints, and the fail-after-records
 * fault for the example job. Pure.
 */
final class LaunchConfiguration {
    /** The job configuration key the example job reads its fault from. */
    static final String FAIL_AFTER_RECORDS_KEY = "bluegreen.standin.fail-after-records";

    private LaunchConfiguration() {}

    static Map<String, String> of(
            Map<String, String> flinkConfiguration,
            Path checkpoints,
            Path savepoints,
            FaultSettings faults) {
        Map<String, String> config = new LinkedHashMap<>(flinkConfiguration);
        config.put("state.checkpoints.dir", checkpoints.toUri().toString());
        config.put("state.savepoints.dir", savepoints.toUri().toString());
        if (!config.containsKey("restart-strategy.type")
                && !config.containsKey("restart-strategy")) {
            config.put("restart-strategy.type", "none");
        }
        config.putIfAbsent(
                "execution.checkpointing.externalized-checkpoint-retention",
                "RETAIN_ON_CANCELLATION");
        faults.failAfterRecords()
                .ifPresent(n -> config.put(FAIL_AFTER_RECORDS_KEY, Long.toString(n)));
        return config;
    }
}
