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
        String ns = cached.getMetadata().getNamespace();
        String name = cached.getMetadata().getName();
        GenericKubernetesResource snapshot =
                ctx.client()
                        .genericKubernetesResources(Crds.SNAPSHOTS)
                        .inNamespace(ns)
                        .withName(name)
                        .get();
        if (snapshot == null
                || !snapshot.getMetadata().getUid().equals(cached.getMetadata().getUid())) {
            return;
        }
        JsonNode tree = JSON.valueToTree(snapshot);
        Map<String, Object> status = new LinkedHashMap<>();
        tree.path("status")
                .properties()
                .forEach(
                        e -> status.put(e.getKey(), JSON.convertValue(e.getValue(), Object.class)));
        Object state = status.get("state");
        if (state != null && !"TRIGGER_PENDING".equals(state)) {
            return;
        }
        if (state == null) {
            status.put("state", "TRIGGER_PENDING");
            status.put("failures", 0);
            write(ctx, snapshot, status);
        } else if (!retryDue(ctx, status)) {
            return;
        }
        JsonNode spec = tree.path("spec");
        String reference = spec.path("jobReference").path("name").asText("");
        if (spec.path("savepoint").path("alreadyExists").asBoolean(false)) {
            String now = timestamp(ctx);
            status.put("triggerTimestamp", now);
            completed(ctx, snapshot, status, spec.path("savepoint").path("path").asText(null));
            return;
        }
        LocalJob job = target == null ? null : target.runningJob();
        if (job == null) {
            status.put("state", "ABANDONED");
            status.remove("path");
            status.put(
                    "error",
                    "Secondary resource "
                            + reference
                            + " for savepoint "
                            + name
                            + (target == null ? " was not found" : " is not running"));
            status.put("resultTimestamp", timestamp(ctx));
            write(ctx, snapshot, status);
            return;
        }
        trigger(ctx, snapshot, status, spec, job, target);
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
            if (target.faults().failSavepoints()) {
                throw new IllegalStateException(
                        "injected savepoint failure (" + Faults.FAIL_SAVEPOINTS + ")");
            }
            String path =
                    spec.hasNonNull("checkpoint")
                            ? job.triggerCheckpoint()
                            : job.triggerSavepoint(target.savepointDir().toUri().toString());
            completed(ctx, snapshot, status, path);
        } catch (Exception e) {
            failed(ctx, snapshot, status, spec.path("backoffLimit").asInt(-1), e);
        }
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
