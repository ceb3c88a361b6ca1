package dev.bluegreen.operator.internal.analysis;

import dev.bluegreen.core.AnalysisPhase;
import dev.bluegreen.core.analysis.CheckProgress;
import dev.bluegreen.core.analysis.Measurement;
import dev.bluegreen.core.analysis.MeasurementPhase;
import dev.bluegreen.operator.resource.AnalysisCheckStatus;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A check's progress survives the trip through {@code status.analysis} and back. */
class ProgressMapperTest {
    static final Instant AT = Instant.parse("2026-01-01T00:00:00Z");

    static CheckProgress progress() {
        return new CheckProgress(
                "error-rate",
                AnalysisPhase.RUNNING,
                2,
                1,
                1,
                3,
                1,
                List.of(
                        new Measurement(AT, MeasurementPhase.SUCCESSFUL, "[0.01]", ""),
                        new Measurement(
                                AT.plusSeconds(30), MeasurementPhase.FAILED, "[0.42]", "too high"),
                        new Measurement(
                                AT.plusSeconds(60), MeasurementPhase.INCONCLUSIVE, "[0.2]", ""),
                        new Measurement(
                                AT.plusSeconds(70), MeasurementPhase.ERROR, "", "timed out")));
    }

    @Test
    void progressToStatusAndBackIsTheSameProgress() {
        var status = ProgressMapper.status(progress(), "prometheus", AT.plusSeconds(80));

        assertThat(ProgressMapper.progress(status)).isEqualTo(progress());
    }

    @Test
    void statusToProgressAndBackIsTheSameStatus() {
        var status = ProgressMapper.status(progress(), "web", AT.plusSeconds(80));

        var again =
                ProgressMapper.status(
                        ProgressMapper.progress(status),
                        status.getProvider(),
                        Instant.parse(status.getNextMeasurementAt()));

        assertThat(again).isEqualTo(status);
    }

    @Test
    void theStatusShowsPhasesInPascalCaseTimesInRfc3339AndNoEmptyTexts() {
        var status = ProgressMapper.status(progress(), "flink", null);

        assertThat(status.getPhase()).isEqualTo("Running");
        assertThat(status.getNextMeasurementAt()).isNull();
        assertThat(status.getMeasurements()).hasSize(4);
        var first = status.getMeasurements().get(0);
        assertThat(first.getAt()).isEqualTo("2026-01-01T00:00:00Z");
        assertThat(first.getPhase()).isEqualTo("Successful");
        assertThat(first.getMessage()).isNull();
        assertThat(status.getMeasurements().get(3).getValue()).isNull();
        assertThat(status.getMeasurements().get(3).getPhase()).isEqualTo("Error");
    }

    @Test
    void aStatusWithoutCountersOrPhaseIsAPendingCheck() {
        var status = new AnalysisCheckStatus();
        status.setName("lag");

        assertThat(ProgressMapper.progress(status)).isEqualTo(CheckProgress.pending("lag"));
    }

    @Test
    void anUnknownPhaseIsRefused() {
        var status = new AnalysisCheckStatus();
        status.setName("lag");
        status.setPhase("Sleeping");

        assertThatThrownBy(() -> ProgressMapper.progress(status))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
