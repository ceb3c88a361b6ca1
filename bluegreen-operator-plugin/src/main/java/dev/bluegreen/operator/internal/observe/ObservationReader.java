package dev.bluegreen.operator.internal.observe;

import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.Commands;
import dev.bluegreen.core.HealthFacts;
import dev.bluegreen.core.JobState;
import dev.bluegreen.core.Lifecycle;
import dev.bluegreen.core.SnapshotObservation;
import dev.bluegreen.core.SnapshotState;
import dev.bluegreen.diff.TemplateView;
import dev.bluegreen.operator.internal.spec.ChildLabels;
import dev.bluegreen.operator.internal.spec.SpecJson;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Map;

/**
 * Reads what the upstream operator wrote into its resources: a child FlinkDeployment becomes a
 * {@link ChildObservation}, a FlinkStateSnapshot a {@link SnapshotObservation}, and the parent's
 * command annotations {@link Commands}. Unknown or missing values become {@code UNKNOWN}/{@code
 * null}; nothing here throws for odd input. Stateless and thread-safe.
 */
public final class ObservationReader {
    /** Annotation on the parent: a promote token, e.g. the output of {@code date +%s}. */
    public static final String PROMOTE = "bluegreen.dev/promote";

    /** Annotation on the parent: an abort token. */
    public static final String ABORT = "bluegreen.dev/abort";

    /** Annotation on the parent: {@code "true"} pauses an in-flight change. */
    public static final String PAUSED = "bluegreen.dev/paused";

    private ObservationReader() {}

    /** The observation of a child; {@link ChildObservation#absent()} for {@code null}. */
    public static ChildObservation child(GenericKubernetesResource child) {
        if (child == null) {
            return ChildObservation.absent();
        }
        JsonNode tree = SpecJson.mapper().valueToTree(child);
        JsonNode status = tree.path("status");
        JsonNode jobStatus = status.path("jobStatus");
        ObjectMeta meta = child.getMetadata();
        return new ChildObservation(
                true,
                meta.getDeletionTimestamp() != null,
                annotation(meta, ChildLabels.SPEC_REF),
                meta.getGeneration() == null ? 0 : meta.getGeneration(),
                status.path("observedGeneration").asLong(0),
                TemplateView.ofDeploymentSpec(tree.path("spec")).suspended(),
                lifecycle(tree, meta),
                enumValue(JobState.class, jobStatus.path("state"), JobState.UNKNOWN),
                text(jobStatus.path("jobId")),
                instant(jobStatus.path("startTime")),
                health(jobStatus));
    }

    /** A {@code status.jobStatus.state} value; {@link JobState#UNKNOWN} when missing or unknown. */
    public static JobState jobState(JsonNode state) {
        return enumValue(JobState.class, state, JobState.UNKNOWN);
    }

    /** The child's lifecycle state; REJECTED when the Flink operator rejected its spec. */
    private static Lifecycle lifecycle(JsonNode tree, ObjectMeta meta) {
        return Rejection.rejected(tree, meta)
                ? Lifecycle.REJECTED
                : enumValue(
                        Lifecycle.class,
                        tree.path("status").path("lifecycleState"),
                        Lifecycle.UNKNOWN);
    }

    /** The observation of a hand-over snapshot; {@code null} for {@code null}. */
    public static SnapshotObservation snapshot(GenericKubernetesResource snapshot) {
        return snapshot == null ? null : snapshot(snapshot, snapshot.getMetadata().getName());
    }

    /**
     * The observation of a hand-over snapshot under the engine's token (the engine knows its
     * snapshots by the token in {@code TakeSavepoint}, the object is named with the parent prefix);
     * {@code null} for {@code null}.
     */
    public static SnapshotObservation snapshot(GenericKubernetesResource snapshot, String token) {
        if (snapshot == null) {
            return null;
        }
        JsonNode status = SpecJson.mapper().valueToTree(snapshot).path("status");
        return new SnapshotObservation(
                token,
                enumValue(SnapshotState.class, status.path("state"), SnapshotState.UNKNOWN),
                text(status.path("path")),
                text(status.path("error")));
    }

    /** The manual commands in the parent's annotations. */
    public static Commands commands(ObjectMeta parent) {
        return new Commands(
                annotation(parent, PROMOTE),
                annotation(parent, ABORT),
                "true".equalsIgnoreCase(annotation(parent, PAUSED)));
    }

    private static HealthFacts health(JsonNode jobStatus) {
        JsonNode checkpoint = jobStatus.path("checkpointInfo").path("lastCheckpoint");
        JsonNode savepoint = jobStatus.path("savepointInfo").path("lastSavepoint");
        String lastGood = text(savepoint.path("location"));
        if (lastGood == null) {
            lastGood = text(jobStatus.path("upgradeSavepointPath"));
        }
        return new HealthFacts(0, instant(checkpoint.path("timeStamp")), lastGood, null, null);
    }

    private static String annotation(ObjectMeta meta, String key) {
        Map<String, String> annotations = meta == null ? null : meta.getAnnotations();
        return annotations == null ? null : annotations.get(key);
    }

    private static String text(JsonNode node) {
        return node.isValueNode() && !node.asText().isBlank() ? node.asText() : null;
    }

    /** Epoch millis (number or numeric string, as the operator writes them) or ISO-8601. */
    private static Instant instant(JsonNode node) {
        String value = text(node);
        if (value == null) {
            return null;
        }
        try {
            return Instant.ofEpochMilli(Long.parseLong(value.strip()));
        } catch (NumberFormatException notMillis) {
            try {
                return Instant.parse(value.strip());
            } catch (DateTimeParseException notIso) {
                return null;
            }
        }
    }

    private static <E extends Enum<E>> E enumValue(Class<E> type, JsonNode node, E unknown) {
        String value = text(node);
        if (value == null) {
            return unknown;
        }
        try {
            return Enum.valueOf(type, value.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return unknown;
        }
    }
}
