package dev.bluegreen.standin;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The faults of one FlinkDeployment.
 *
 * @param failAfterRecords the job throws after this many records per run, when present
 * @param failSavepoints its FlinkStateSnapshots end FAILED
 * @param startDelay time between the deployment and the job's submission (zero: none)
 * @param killTaskManagerWhenFile once this file exists, the running job's TaskManager is killed
 *     (once per run), when present
 */
record FaultSettings(
        OptionalLong failAfterRecords,
        boolean failSavepoints,
        Duration startDelay,
        Optional<Path> killTaskManagerWhenFile) {
    static final FaultSettings NONE =
            new FaultSettings(OptionalLong.empty(), false, Duration.ZERO, Optional.empty());

    /** These faults, with each fault that is unset here taken from {@code other}. */
    FaultSettings orElse(FaultSettings other) {
        return new FaultSettings(
                failAfterRecords.isPresent() ? failAfterRecords : other.failAfterRecords,
                failSavepoints || other.failSavepoints,
                startDelay.isZero() ? other.startDelay : startDelay,
                killTaskManagerWhenFile.or(() -> other.killTaskManagerWhenFile));
    }

    FaultSettings withFailAfterRecords(long records) {
        return new FaultSettings(
                OptionalLong.of(records), failSavepoints, startDelay, killTaskManagerWhenFile);
    }

    FaultSettings withFailSavepoints() {
        return new FaultSettings(failAfterRecords, true, startDelay, killTaskManagerWhenFile);
    }

    FaultSettings withStartDelay(Duration delay) {
        return new FaultSettings(failAfterRecords, failSavepoints, delay, killTaskManagerWhenFile);
    }

    FaultSettings withKillTaskManagerWhenFile(Path file) {
        return new FaultSettings(failAfterRecords, failSavepoints, startDelay, Optional.of(file));
    }
}
