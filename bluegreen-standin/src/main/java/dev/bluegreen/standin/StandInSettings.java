package dev.bluegreen.standin;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Settings of a {@link FlinkStandIn}: where checkpoints and savepoints go, how {@code local://} jar
 * URIs map to local directories, how often jobs are observed, and the default Flink configuration
 * every job starts with. Immutable and thread-safe; built with {@link #builder()}.
 */
public final class StandInSettings {
    private final Path workDir;
    private final Map<String, Path> uriMappings;
    private final Duration pollInterval;
    private final Map<String, String> defaultFlinkConfiguration;

    private StandInSettings(Builder builder) {
        this.workDir = builder.workDir;
        this.uriMappings = Collections.unmodifiableMap(new LinkedHashMap<>(builder.uriMappings));
        this.pollInterval = builder.pollInterval;
        this.defaultFlinkConfiguration =
                Collections.unmodifiableMap(new LinkedHashMap<>(builder.defaultFlinkConfiguration));
    }

    /**
     * A builder with the defaults: a new temporary work directory, no URI mappings, 200 ms, no
     * default Flink configuration.
     */
    public static Builder builder() {
        return new Builder();
    }

    /** Directory of checkpoints ({@code checkpoints/<ns>/<name>}) and savepoints. */
    public Path workDir() {
        return workDir;
    }

    /** URI prefix to local directory, in the order they were added. */
    public Map<String, Path> uriMappings() {
        return uriMappings;
    }

    /** How often every deployment's job is observed and its status refreshed. */
    public Duration pollInterval() {
        return pollInterval;
    }

    /**
     * Flink configuration every job starts with under its FlinkDeployment's own {@code
     * flinkConfiguration} (which wins key by key), like the upstream operator's default
     * configuration; in the order the keys were added.
     */
    public Map<String, String> defaultFlinkConfiguration() {
        return defaultFlinkConfiguration;
    }

    /** Builder of {@link StandInSettings}. Not thread-safe. */
    public static final class Builder {
        private Path workDir;
        private final Map<String, Path> uriMappings = new LinkedHashMap<>();
        private Duration pollInterval = Duration.ofMillis(200);
        private final Map<String, String> defaultFlinkConfiguration = new LinkedHashMap<>();

        private Builder() {}

        /**
         * Adds {@code key: value} to the configuration of every job the stand-in starts, unless its
         * FlinkDeployment sets the key. What a pod of a real cluster gets from its environment goes
         * here for a local run, e.g. where the gate's {@code configmap} channel finds the API
         * server ({@code bluegreen.gate.configmap.api-url}).
         *
         * @throws IllegalArgumentException when the key is blank or the value is null
         */
        public Builder defaultFlinkConfiguration(String key, String value) {
            if (key == null || key.isBlank() || value == null) {
                throw new IllegalArgumentException(
                        "defaultFlinkConfiguration: expected a key and a value, got "
                                + key
                                + ": "
                                + value);
            }
            defaultFlinkConfiguration.put(key, value);
            return this;
        }

        /** Directory for checkpoints and savepoints; default: a new temporary directory. */
        public Builder workDir(Path workDir) {
            this.workDir = Objects.requireNonNull(workDir, "workDir");
            return this;
        }

        /**
         * Maps jar URIs starting with {@code prefix} to files under {@code dir}, e.g. {@code
         * ("local:///opt/flink/usrlib/", Path.of("target/usrlib"))} turns {@code
         * local:///opt/flink/usrlib/job.jar} into {@code target/usrlib/job.jar}. The longest
         * matching prefix wins. {@code file:} URIs need no mapping.
         *
         * @throws IllegalArgumentException when the prefix is blank
         */
        public Builder mapLocalUri(String prefix, Path dir) {
            if (prefix == null || prefix.isBlank()) {
                throw new IllegalArgumentException("mapLocalUri: prefix must not be blank");
            }
            uriMappings.put(prefix, Objects.requireNonNull(dir, "dir"));
            return this;
        }

        /**
         * How often jobs are observed; default 200 ms.
         *
         * @throws IllegalArgumentException when not positive
         */
        public Builder pollInterval(Duration pollInterval) {
            if (pollInterval == null || pollInterval.isNegative() || pollInterval.isZero()) {
                throw new IllegalArgumentException(
                        "pollInterval: expected a positive duration, got " + pollInterval);
            }
            this.pollInterval = pollInterval;
            return this;
        }

        /**
         * The settings.
         *
         * @throws UncheckedIOException when the default temporary directory cannot be created
         */
        public StandInSettings build() {
            if (workDir == null) {
                try {
                    workDir = Files.createTempDirectory("flink-standin");
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot create a temporary work directory", e);
                }
            }
            return new StandInSettings(this);
        }
    }
}
