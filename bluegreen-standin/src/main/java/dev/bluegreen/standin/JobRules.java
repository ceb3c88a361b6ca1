package dev.bluegreen.standin;

import com.fasterxml.jackson.databind.JsonNode;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

import static dev.bluegreen.standin.ValidationInput.lower;
import static dev.bluegreen.standin.ValidationInput.text;

/**
 * The {@link DeploymentRules} about {@code spec.job}, {@code spec.jobManager} and {@code
 * spec.taskManager}. Pure and stateless.
 */
final class JobRules {
    static final List<String> STATES = List.of("running", "suspended");
    static final List<String> MODES = List.of("last-state", "savepoint", "stateless");
    static final String CHECKPOINT_DIR = "execution.checkpointing.dir";
    static final String SAVEPOINT_DIR = "execution.checkpointing.savepoint-dir";

    /** Flink 1.20's key for each directory first, then its deprecated keys. */
    private static final String[] CHECKPOINT_KEYS = {
        CHECKPOINT_DIR, "state.checkpoints.dir", "state.backend.fs.checkpointdir"
    };

    private static final String[] SAVEPOINT_KEYS = {
        SAVEPOINT_DIR, "state.savepoints.dir", "savepoints.state.backend.fs.dir"
    };
    private static final String[] JM_MEMORY_KEYS = {
        "jobmanager.memory.process.size",
        "jobmanager.memory.flink.size",
        "jobmanager.memory.heap.size",
        "jobmanager.heap.size",
        "jobmanager.heap.mb"
    };
    private static final String[] TM_MEMORY_KEYS = {
        "taskmanager.memory.process.size", "taskmanager.memory.flink.size"
    };

    private JobRules() {}

    /** The API server's message for a value outside a CRD enum. */
    static String unsupportedValue(String path, String value, List<String> allowed) {
        return path
                + ": Unsupported value: \""
                + value
                + "\": supported values: "
                + allowed.stream().map(v -> "\"" + v + "\"").collect(Collectors.joining(", "));
    }

    static Optional<String> knownState(ValidationInput in) {
        return known(text(in.job(), "state"), "spec.job.state", STATES);
    }

    static Optional<String> knownMode(ValidationInput in) {
        return known(text(in.job(), "upgradeMode"), "spec.job.upgradeMode", MODES);
    }

    private static Optional<String> known(String value, String path, List<String> allowed) {
        return value == null || allowed.contains(value)
                ? Optional.empty()
                : Optional.of(unsupportedValue(path, value, allowed));
    }

    static Optional<String> checkpointDir(ValidationInput in) {
        if (!in.job().isObject()
                || mode(in).equals("stateless")
                || in.configured(CHECKPOINT_KEYS)) {
            return Optional.empty();
        }
        return Optional.of(
                "Checkpoint directory["
                        + CHECKPOINT_DIR
                        + "] must be defined for last-state and savepoint upgrade modes");
    }

    static Optional<String> savepointDir(ValidationInput in) {
        JsonNode job = in.job();
        if (!job.isObject() || in.configured(SAVEPOINT_KEYS)) {
            return Optional.empty();
        }
        return Optional.ofNullable(needsSavepointDir(in, job, "config key[" + SAVEPOINT_DIR + "]"));
    }

    /** What needs the unset savepoint directory ({@code key}), or {@code null}: nothing. */
    private static String needsSavepointDir(ValidationInput in, JsonNode job, String key) {
        if (mode(in).equals("savepoint")) {
            return "Job could not be upgraded with savepoint while " + key + " is not set";
        } else if (present(job, "savepointTriggerNonce")) {
            return "Savepoint could not be manually triggered for the running job while "
                    + key
                    + " is not set";
        } else if (in.config().containsKey("kubernetes.operator.periodic.savepoint.interval")) {
            return "Periodic savepoints cannot be enabled when " + key + " is not set";
        } else if (in.configured(
                "kubernetes.operator.job.upgrade.last-state.max.allowed.checkpoint.age")) {
            return "In order to use max-checkpoint age functionality "
                    + key
                    + " must be set to allow triggering savepoint upgrades.";
        }
        return null;
    }

    static Optional<String> tmReplicasInJob(ValidationInput in) {
        Integer replicas = tmReplicas(in);
        return in.job().isObject() && replicas != null && replicas < 1
                ? Optional.of("TaskManager replicas must be larger than 0")
                : Optional.empty();
    }

    static Optional<String> parallelism(ValidationInput in) {
        JsonNode parallelism = in.job().path("parallelism");
        boolean positive = parallelism.isIntegralNumber() && parallelism.asLong() >= 1;
        return in.job().isObject() && tmReplicas(in) == null && !positive
                ? Optional.of("Job parallelism must be larger than 0")
                : Optional.empty();
    }

    static Optional<String> jmMemory(ValidationInput in) {
        boolean set =
                text(in.spec().path("jobManager").path("resource"), "memory") != null
                        || in.configured(JM_MEMORY_KEYS);
        return set
                ? Optional.empty()
                : Optional.of(
                        "JobManager resource memory must be defined using"
                                + " `spec.jobManager.resource.memory`");
    }

    static Optional<String> jmReplicas(ValidationInput in) {
        JsonNode replicas = in.spec().path("jobManager").path("replicas");
        int count = replicas.isNumber() ? replicas.asInt() : 1;
        if (count < 1) {
            return Optional.of("JobManager replicas should not be configured less than one.");
        } else if (count > 1 && !in.highAvailability()) {
            return Optional.of(
                    "High availability should be enabled when starting standby JobManagers.");
        }
        return Optional.empty();
    }

    static Optional<String> tmMemory(ValidationInput in) {
        boolean set =
                text(in.spec().path("taskManager").path("resource"), "memory") != null
                        || in.configured(TM_MEMORY_KEYS)
                        || (in.configured("taskmanager.memory.task.heap.size")
                                && in.configured("taskmanager.memory.managed.size"));
        return set
                ? Optional.empty()
                : Optional.of(
                        "TaskManager resource memory must be defined using"
                                + " `spec.taskManager.resource.memory`");
    }

    static Optional<String> redeployPath(ValidationInput in) {
        JsonNode job = in.job();
        JsonNode lastJob = in.lastSpec() == null ? null : in.lastSpec().get("job");
        if (lastJob == null || !lastJob.isObject() || !present(job, "savepointRedeployNonce")) {
            return Optional.empty();
        }
        boolean changed =
                !Objects.equals(
                        text(job, "savepointRedeployNonce"),
                        text(lastJob, "savepointRedeployNonce"));
        return changed && text(job, "initialSavepointPath") == null
                ? Optional.of("InitialSavepointPath must not be empty for savepoint redeployment")
                : Optional.empty();
    }

    static Optional<String> jobPresent(ValidationInput in) {
        return in.job().isObject()
                ? Optional.empty()
                : Optional.of("spec.job: required (the stand-in runs application jobs only)");
    }

    static Optional<String> jar(ValidationInput in) {
        String jarUri = text(in.job(), "jarURI");
        if (jarUri == null) {
            return Optional.of("spec.job.jarURI: required (the stand-in runs the job from it)");
        }
        try {
            return new URI(jarUri).getScheme() == null
                    ? Optional.of("jarURI must include a scheme")
                    : Optional.empty();
        } catch (URISyntaxException e) {
            return Optional.of("jarURI is not a valid URI: " + e.getMessage());
        }
    }

    private static String mode(ValidationInput in) {
        return lower(in.job(), "upgradeMode", "stateless");
    }

    private static Integer tmReplicas(ValidationInput in) {
        JsonNode replicas = in.spec().path("taskManager").path("replicas");
        return replicas.isNumber() ? replicas.asInt() : null;
    }

    private static boolean present(JsonNode node, String field) {
        return node.hasNonNull(field);
    }
}
