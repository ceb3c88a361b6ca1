package dev.bluegreen.standin;

import java.time.Duration;
import java.util.OptionalLong;

/**
 * The faults of one FlinkDeployment.
 *
 * @param failAfterRecords the job throws after this many records per run, when present
 * @param failSavepoints its FlinkStateSnapshots end FAILED
 * @param startDelay time between the deployment and the job's submission (zero: none)
 */
record FaultSettings(OptionalLong failAfterRecords, boolean failSavepoints, Duration startDelay) {
    static final FaultSettings NONE = new FaultSettings(OptionalLong.empty(), false, Duration.ZERO);

    /** These faults, with each fault that is unset here taken from {@code other}. */
    FaultSettings orElse(FaultSettings other) {
        return new FaultSettings(
                failAfterRecords.isPresent() ? failAfterRecords : other.failAfterRecords,
                failSavepoints || other.failSavepoints,
                startDelay.isZero() ? other.startDelay : startDelay);
    }

    FaultSettings withFailAfterRecords(long records) {
        return new FaultSettings(OptionalLong.of(records), failSavepoints, startDelay);
    }

    FaultSettings withFailSavepoints() {
        return new FaultSettings(failAfterRecords, true, startDelay);
    }

    FaultSettings withStartDelay(Duration delay) {
        return new FaultSettings(failAfterRecords, failSavepoints, delay);
    }
}
