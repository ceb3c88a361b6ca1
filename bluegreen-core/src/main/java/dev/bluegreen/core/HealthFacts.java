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
 * @param lagRecords consumer lag in records summed over sources, or {@code null} if unknown
 * @param watermarkMillis the job's current event-time watermark in epoch millis, or {@code null}
 */
public record HealthFacts(
        long completedCheckpoints,
        Instant lastCheckpointAt,
        String lastGoodSnapshotPath,
        Long lagRecords,
        Long watermarkMillis) {

    /** Health facts with nothing known. */
    public static HealthFacts unknown() {
        return new HealthFacts(0, null, null, null, null);
    }
}
