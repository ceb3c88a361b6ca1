package dev.bluegreen.operator.internal.analysis;

import dev.bluegreen.core.AnalysisPhase;
import dev.bluegreen.core.analysis.CheckProgress;
import dev.bluegreen.core.analysis.Measurement;
import dev.bluegreen.core.analysis.MeasurementPhase;
import dev.bluegreen.operator.resource.AnalysisCheckStatus;
import dev.bluegreen.operator.resource.MeasurementStatus;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Converts one check's progress between {@code status.analysis} ({@link AnalysisCheckStatus}) and
 * core's {@link CheckProgress}: phases in PascalCase ({@code Successful}), times in RFC 3339,
 * missing counters as 0, empty values and messages as absent. A status converted to progress and
 * back is the same status. Stateless.
 */
public final class ProgressMapper {
    private ProgressMapper() {}

    /**
     * The progress {@code status} records.
     *
     * @throws IllegalArgumentException when a phase or time in it cannot be read
     */
    public static CheckProgress progress(AnalysisCheckStatus status) {
        var recent = new ArrayList<Measurement>();
        if (status.getMeasurements() != null) {
            status.getMeasurements().forEach(m -> recent.add(measurement(m)));
        }
        return new CheckProgress(
                status.getName(),
                phase(status.getPhase()),
                count(status.getSuccessful()),
                count(status.getFailed()),
                count(status.getInconclusive()),
                count(status.getErrors()),
                count(status.getConsecutiveErrors()),
                recent);
    }

    /**
     * The status of {@code progress}.
     *
     * @param provider the check's provider name
     * @param nextAt when it measures next, or {@code null} when it is finished
     */
    public static AnalysisCheckStatus status(
            CheckProgress progress, String provider, Instant nextAt) {
        var status = new AnalysisCheckStatus();
        status.setName(progress.name());
        status.setProvider(provider);
        status.setPhase(name(progress.phase()));
        status.setSuccessful(progress.successful());
        status.setFailed(progress.failed());
        status.setInconclusive(progress.inconclusive());
        status.setErrors(progress.errors());
        status.setConsecutiveErrors(progress.consecutiveErrors());
        status.setNextMeasurementAt(nextAt == null ? null : nextAt.toString());
        List<MeasurementStatus> measurements = new ArrayList<>();
        progress.recent().forEach(m -> measurements.add(status(m)));
        status.setMeasurements(measurements);
        return status;
    }

    /** A measurement as the status shows it. */
    static MeasurementStatus status(Measurement measurement) {
        var status = new MeasurementStatus();
        status.setAt(measurement.at().toString());
        status.setPhase(pascal(measurement.phase().name()));
        status.setValue(measurement.value().isEmpty() ? null : measurement.value());
        status.setMessage(measurement.message().isEmpty() ? null : measurement.message());
        return status;
    }

    /** The measurement a status shows. */
    static Measurement measurement(MeasurementStatus status) {
        return new Measurement(
                Instant.parse(status.getAt()),
                MeasurementPhase.valueOf(upper(status.getPhase())),
                status.getValue(),
                status.getMessage());
    }

    /** A phase as the status shows it: {@code Pending}, {@code Successful}, ... */
    public static String name(AnalysisPhase phase) {
        return pascal(phase.name());
    }

    /**
     * The phase a status shows, {@link AnalysisPhase#PENDING} when none.
     *
     * @throws IllegalArgumentException when it is not a phase
     */
    public static AnalysisPhase phase(String name) {
        return name == null ? AnalysisPhase.PENDING : AnalysisPhase.valueOf(upper(name));
    }

    private static String pascal(String constant) {
        return constant.charAt(0) + constant.substring(1).toLowerCase(Locale.ROOT);
    }

    private static String upper(String name) {
        return name.toUpperCase(Locale.ROOT);
    }

    private static int count(Integer value) {
        return value == null ? 0 : value;
    }
}
