package dev.bluegreen.standin;

import dev.bluegreen.standin.flink.LocalJob;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Plays the upstream operator for one FlinkStateSnapshot: TRIGGER_PENDING, then IN_PROGRESS and
 * COMPLETED with the path, or FAILED (retried as TRIGGER_PENDING while {@code backoffLimit}
 * allows), or ABANDONED when the referenced deployment is missing or not running. Runs on the
 * referenced deployment's worker thread, so a snapshot never races an upgrade of that job.
 */
final class SnapshotReconciler {
    private static final ObjectMapper JSON = new ObjectMapper();

    private SnapshotReconciler() {}

    /**
     * Moves the snapshot on, re-reading it first (the caller's copy may be stale).
     *
     * @param target the referenced deployment's reconciler, or {@code null} when it is missing
     */
    static void reconcile(
            StandInContext ctx, GenericKubernetesResource cached, DeploymentReconciler target) {
        GenericKubernetesResource snapshot = reread(ctx, cached);
        if (snapshot == null) {
            return;
        }
        JsonNode tree = JSON.valueToTree(snapshot);
        Map<String, Object> status = status(tree);
        if (!pending(ctx, snapshot, status)) {
            return;
        }
        moveOn(ctx, snapshot, status, tree.path("spec"), target);
    }

    /** Completes an existing savepoint, abandons without a running job, or triggers. */
    private static void moveOn(
            StandInContext ctx,
            GenericKubernetesResource snapshot,
            Map<String, Object> status,
            JsonNode spec,
            DeploymentReconciler target) {
        if (spec.path("savepoint").path("alreadyExists").asBoolean(false)) {
            status.put("triggerTimestamp", timestamp(ctx));
            completed(ctx, snapshot, status, spec.path("savepoint").path("path").asText(null));
            return;
        }
        LocalJob job = target == null ? null : target.runningJob();
        if (job == null) {
            abandoned(ctx, snapshot, status, spec, target == null);
            return;
        }
        trigger(ctx, snapshot, status, spec, job, target);
    }

    /** The snapshot as stored now, or {@code null} when it is gone or was replaced (new uid). */
    private static GenericKubernetesResource reread(
            StandInContext ctx, GenericKubernetesResource cached) {
        GenericKubernetesResource snapshot =
                ctx.client()
                        .genericKubernetesResources(Crds.SNAPSHOTS)
                        .inNamespace(cached.getMetadata().getNamespace())
                        .withName(cached.getMetadata().getName())
                        .get();
        boolean same =
                snapshot != null
                        && snapshot.getMetadata().getUid().equals(cached.getMetadata().getUid());
        return same ? snapshot : null;
    }

    /** A mutable copy of the snapshot's status, in its order. */
    private static Map<String, Object> status(JsonNode tree) {
        Map<String, Object> status = new LinkedHashMap<>();
        tree.path("status")
                .properties()
                .forEach(
                        e -> status.put(e.getKey(), JSON.convertValue(e.getValue(), Object.class)));
        return status;
    }

    /**
     * Whether the snapshot is to be triggered now: new (then written as TRIGGER_PENDING first), or
     * TRIGGER_PENDING with its retry due.
     */
    private static boolean pending(
            StandInContext ctx, GenericKubernetesResource snapshot, Map<String, Object> status) {
        Object state = status.get("state");
        if (state == null) {
            status.put("state", "TRIGGER_PENDING");
            status.put("failures", 0);
            write(ctx, snapshot, status);
            return true;
        }
        return "TRIGGER_PENDING".equals(state) && retryDue(ctx, status);
    }

    private static void abandoned(
            StandInContext ctx,
            GenericKubernetesResource snapshot,
            Map<String, Object> status,
            JsonNode spec,
            boolean missing) {
        String reference = spec.path("jobReference").path("name").asText("");
        status.put("state", "ABANDONED");
        status.remove("path");
        status.put(
                "error",
                String.format(
                        "Secondary resource %s for savepoint %s %s",
                        reference,
                        snapshot.getMetadata().getName(),
                        missing ? "was not found" : "is not running"));
        status.put("resultTimestamp", timestamp(ctx));
        write(ctx, snapshot, status);
    }

    private static void trigger(
            StandInContext ctx,
            GenericKubernetesResource snapshot,
            Map<String, Object> status,
            JsonNode spec,
            LocalJob job,
            DeploymentReconciler target) {
        status.put("state", "IN_PROGRESS");
        status.put("triggerId", UUID.randomUUID().toString().replace("-", ""));
        status.put("triggerTimestamp", timestamp(ctx));
        write(ctx, snapshot, status);
        try {
            completed(ctx, snapshot, status, take(spec, job, target));
        } catch (Exception e) {
            failed(ctx, snapshot, status, spec.path("backoffLimit").asInt(-1), e);
        }
    }

    /** Takes the checkpoint or savepoint; its path. */
    private static String take(JsonNode spec, LocalJob job, DeploymentReconciler target)
            throws Exception {
        if (target.faults().failSavepoints()) {
            throw new IllegalStateException(
                    "injected savepoint failure (" + Faults.FAIL_SAVEPOINTS + ")");
        }
        return spec.hasNonNull("checkpoint")
                ? job.triggerCheckpoint()
                : job.triggerSavepoint(target.savepointDir().toUri().toString());
    }

    private static void completed(
            StandInContext ctx,
            GenericKubernetesResource snapshot,
            Map<String, Object> status,
            String path) {
        status.put("state", "COMPLETED");
        status.put("path", path);
        status.remove("error");
        status.put("resultTimestamp", timestamp(ctx));
        write(ctx, snapshot, status);
    }

    /** Upstream: FAILED once failures exceed backoffLimit (-1: never), else TRIGGER_PENDING. */
    private static void failed(
            StandInContext ctx,
            GenericKubernetesResource snapshot,
            Map<String, Object> status,
            int backoffLimit,
            Exception e) {
        int failures = ((Number) status.getOrDefault("failures", 0)).intValue() + 1;
        status.put("failures", failures);
        status.put("resultTimestamp", timestamp(ctx));
        status.put("error", StatusModel.errorJson(e.getClass().getName(), e.getMessage()));
        boolean exhausted = backoffLimit >= 0 && failures > backoffLimit;
        status.put("state", exhausted ? "FAILED" : "TRIGGER_PENDING");
        write(ctx, snapshot, status);
    }

    /** Upstream retries after 10 s, doubling with each failure. */
    private static boolean retryDue(StandInContext ctx, Map<String, Object> status) {
        int failures = ((Number) status.getOrDefault("failures", 0)).intValue();
        Object last = status.get("resultTimestamp");
        if (failures == 0 || last == null) {
            return true;
        }
        long backoffMillis = 10_000L << Math.min(failures - 1, 20);
        return Instant.parse(last.toString()).toEpochMilli() + backoffMillis <= ctx.nowMillis();
    }

    private static void write(
            StandInContext ctx, GenericKubernetesResource snapshot, Map<String, Object> status) {
        ctx.writer()
                .write(
                        Crds.SNAPSHOTS,
                        snapshot.getMetadata().getNamespace(),
                        snapshot.getMetadata().getName(),
                        snapshot.getMetadata().getUid(),
                        new LinkedHashMap<>(status));
    }

    private static String timestamp(StandInContext ctx) {
        return Instant.ofEpochMilli(ctx.nowMillis()).toString();
    }
}
