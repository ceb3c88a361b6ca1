package dev.bluegreen.core;

import java.time.Instant;

/**
 * Optional health facts about one child's job run, used by readiness policies and to pick a restore
 * point when moving away from a failing child. Every field may be unknown.
 *
 * @param completedCheckpoints checkpoints completed by the current job run ({@code 0} if unknown)
 * @param lastCheckpointAt completion time of the newest checkpoint, or {@code null}
 * @param lastGoodSnapshotPath the newest completed checkpoint or savepoint path of this child that
 *     can be restored, or {@code null}
 * @param lagRecords the source backlog in records summed over sources and subtasks (FLIP-33 {@code
 *     pendingRecords}), or {@code null} if unknown
 * @param watermarkMillis the job's current event-time watermark in epoch millis, or {@code null}
 * @param unknownBecause why a fact a readiness check needs could not be observed (e.g. the job's
 *     REST API did not answer), for messages; {@code null} when nothing was missing
 * @param restarts how often the current job run restarted (Flink's {@code numRestarts} job metric),
 *     or {@code null} if unknown
 */
public record HealthFacts(
        long completedCheckpoints,
        Instant lastCheckpointAt,
        String lastGoodSnapshotPath,
        Long lagRecords,
        Long watermarkMillis,
        String unknownBecause,
        Long restarts) {

    /** Health facts with the restarts unknown. */
    public HealthFacts(
            long completedCheckpoints,
            Instant lastCheckpointAt,
            String lastGoodSnapshotPath,
            Long lagRecords,
            Long watermarkMillis,
            String unknownBecause) {
        this(
                completedCheckpoints,
                lastCheckpointAt,
                lastGoodSnapshotPath,
                lagRecords,
                watermarkMillis,
                unknownBecause,
                null);
    }

    /**
     * Health facts with nothing reported missing ({@code unknownBecause} is {@code null}) and the
     * restarts unknown.
     */
    public HealthFacts(
            long completedCheckpoints,
            Instant lastCheckpointAt,
            String lastGoodSnapshotPath,
            Long lagRecords,
            Long watermarkMillis) {
        this(
                completedCheckpoints,
                lastCheckpointAt,
                lastGoodSnapshotPath,
                lagRecords,
                watermarkMillis,
                null);
    }

    /** Health facts with nothing known. */
    public static HealthFacts unknown() {
        return new HealthFacts(0, null, null, null, null, null, null);
    }

    /**
     * These facts with the readiness observations of one reconcile: the completed-checkpoint count,
     * the backlog and why any of them is unknown.
     */
    public HealthFacts withReadiness(long checkpoints, Long backlog, String because) {
        return new HealthFacts(
                checkpoints,
                lastCheckpointAt,
                lastGoodSnapshotPath,
                backlog,
                watermarkMillis,
                because,
                restarts);
    }

    /** These facts with {@code value} as the restarts of the current job run. */
    public HealthFacts withRestarts(Long value) {
        return new HealthFacts(
                completedCheckpoints,
                lastCheckpointAt,
                lastGoodSnapshotPath,
                lagRecords,
                watermarkMillis,
                unknownBecause,
                value);
    }
}
