package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.operator.internal.status.StatusInput;
import dev.bluegreen.operator.internal.status.StatusMapper;
import dev.bluegreen.operator.internal.status.StatusUpdate;

import java.time.Instant;

/**
 * A stage as it must not be written: it builds a status itself instead of handing on a value.
 * {@code PluginArchitectureTest} feeds it to the rules that keep the status to the report stage, to
 * see them fail. Never run.
 */
public final class StageBuildingItsOwnStatus {
    private StageBuildingItsOwnStatus() {}

    static StatusUpdate through(Observed observed, Finding finding, Instant now) {
        return StatusInputs.of(observed, finding, now);
    }

    static StatusUpdate directly(StatusInput input) {
        return StatusMapper.map(input);
    }
}
