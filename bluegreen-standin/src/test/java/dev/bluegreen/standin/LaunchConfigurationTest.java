package dev.bluegreen.standin;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class LaunchConfigurationTest {
    private static final Path CP = Path.of("/work/checkpoints/ns/a");
    private static final Path SP = Path.of("/work/savepoints/ns/a");

    @Test
    void addsLocalDirectoriesNoRestartsAndRetainedCheckpoints() {
        var config =
                LaunchConfiguration.of(
                        Map.of("execution.checkpointing.interval", "1 s"),
                        CP,
                        SP,
                        FaultSettings.NONE);

        assertThat(config)
                .containsEntry("execution.checkpointing.interval", "1 s")
                .containsEntry("state.checkpoints.dir", "file:///work/checkpoints/ns/a")
                .containsEntry("state.savepoints.dir", "file:///work/savepoints/ns/a")
                .containsEntry("restart-strategy.type", "none")
                .containsEntry(
                        "execution.checkpointing.externalized-checkpoint-retention",
                        "RETAIN_ON_CANCELLATION")
                .doesNotContainKey(LaunchConfiguration.FAIL_AFTER_RECORDS_KEY);
    }

    @Test
    void specDirectoriesUnderAnyKeyGiveWayToLocalOnes() {
        var config =
                LaunchConfiguration.of(
                        Map.of(
                                "execution.checkpointing.dir", "s3://b/cp",
                                "execution.checkpointing.savepoint-dir", "s3://b/sp",
                                "state.checkpoints.dir", "s3://b/old-cp"),
                        CP,
                        SP,
                        FaultSettings.NONE);

        assertThat(config)
                .doesNotContainKeys(
                        "execution.checkpointing.dir", "execution.checkpointing.savepoint-dir")
                .containsEntry("state.checkpoints.dir", "file:///work/checkpoints/ns/a")
                .containsEntry("state.savepoints.dir", "file:///work/savepoints/ns/a");
    }

    @Test
    void specRestartStrategyAndRetentionAreKept() {
        var config =
                LaunchConfiguration.of(
                        Map.of(
                                "restart-strategy.type", "fixed-delay",
                                "execution.checkpointing.externalized-checkpoint-retention",
                                        "DELETE_ON_CANCELLATION"),
                        CP,
                        SP,
                        FaultSettings.NONE);

        assertThat(config)
                .containsEntry("restart-strategy.type", "fixed-delay")
                .containsEntry(
                        "execution.checkpointing.externalized-checkpoint-retention",
                        "DELETE_ON_CANCELLATION");
    }

    @Test
    void legacyRestartStrategyKeyAlsoCounts() {
        var config =
                LaunchConfiguration.of(
                        Map.of("restart-strategy", "fixed-delay"), CP, SP, FaultSettings.NONE);

        assertThat(config).doesNotContainKey("restart-strategy.type");
    }

    @Test
    void remoteDirectoriesOfTheSpecAreReplaced() {
        var config =
                LaunchConfiguration.of(
                        Map.of("state.savepoints.dir", "s3://bucket/sp"),
                        CP,
                        SP,
                        FaultSettings.NONE);

        assertThat(config).containsEntry("state.savepoints.dir", "file:///work/savepoints/ns/a");
    }

    @Test
    void failAfterRecordsGoesIntoTheJobConfiguration() {
        var config =
                LaunchConfiguration.of(
                        Map.of(), CP, SP, FaultSettings.NONE.withFailAfterRecords(500));

        assertThat(config).containsEntry("bluegreen.standin.fail-after-records", "500");
    }

    @Test
    void gateClassesAreLoadedParentFirst() {
        var config = LaunchConfiguration.of(Map.of(), CP, SP, FaultSettings.NONE);

        assertThat(config)
                .containsEntry(
                        "classloader.parent-first-patterns.additional", "dev.bluegreen.gate.");
    }

    @Test
    void gatePatternIsAppendedToTheSpecsParentFirstPatterns() {
        var config =
                LaunchConfiguration.of(
                        Map.of("classloader.parent-first-patterns.additional", "com.example."),
                        CP,
                        SP,
                        FaultSettings.NONE);

        assertThat(config)
                .containsEntry(
                        "classloader.parent-first-patterns.additional",
                        "com.example.;dev.bluegreen.gate.");
    }

    @Test
    void specPatternCoveringTheGateIsKeptAsIs() {
        var config =
                LaunchConfiguration.of(
                        Map.of("classloader.parent-first-patterns.additional", "dev.bluegreen."),
                        CP,
                        SP,
                        FaultSettings.NONE);

        assertThat(config)
                .containsEntry("classloader.parent-first-patterns.additional", "dev.bluegreen.");
    }

    @Test
    void defaultConfigurationGoesUnderTheDeploymentsOwnKeys() {
        var config =
                LaunchConfiguration.of(
                        Map.of(
                                "bluegreen.gate.configmap.api-url", "http://127.0.0.1:4711",
                                "parallelism.default", "4"),
                        Map.of("parallelism.default", "2"),
                        CP,
                        SP,
                        FaultSettings.NONE);

        assertThat(config)
                .containsEntry("bluegreen.gate.configmap.api-url", "http://127.0.0.1:4711")
                .containsEntry("parallelism.default", "2");
    }

    @Test
    void defaultConfigurationCannotMoveTheLocalDirectories() {
        var config =
                LaunchConfiguration.of(
                        Map.of("state.checkpoints.dir", "s3://b/cp"),
                        Map.of(),
                        CP,
                        SP,
                        FaultSettings.NONE);

        assertThat(config).containsEntry("state.checkpoints.dir", "file:///work/checkpoints/ns/a");
    }

    @Test
    void pipelineNameDefaultsToTheDeploymentsName() {
        var config =
                LaunchConfiguration.forDeployment(
                        "orders-green", Map.of(), Map.of(), CP, SP, FaultSettings.NONE);

        assertThat(config).containsEntry("pipeline.name", "orders-green");
    }

    @Test
    void pipelineNameOfTheSpecOrTheDefaultsWins() {
        assertThat(
                        LaunchConfiguration.forDeployment(
                                "orders-green",
                                Map.of(),
                                Map.of("pipeline.name", "orders"),
                                CP,
                                SP,
                                FaultSettings.NONE))
                .containsEntry("pipeline.name", "orders");
        assertThat(
                        LaunchConfiguration.forDeployment(
                                "orders-green",
                                Map.of("pipeline.name", "shared"),
                                Map.of(),
                                CP,
                                SP,
                                FaultSettings.NONE))
                .containsEntry("pipeline.name", "shared");
    }

    @Test
    void metricReporterOfTheSpecPassesThrough() {
        var config =
                LaunchConfiguration.forDeployment(
                        "orders-green",
                        Map.of(),
                        Map.of(
                                "metrics.reporter.prom.factory.class",
                                "org.apache.flink.metrics.prometheus.PrometheusReporterFactory",
                                "metrics.reporter.prom.port",
                                "9250-9270"),
                        CP,
                        SP,
                        FaultSettings.NONE);

        assertThat(config)
                .containsEntry(
                        "metrics.reporter.prom.factory.class",
                        "org.apache.flink.metrics.prometheus.PrometheusReporterFactory")
                .containsEntry("metrics.reporter.prom.port", "9250-9270");
    }
}
