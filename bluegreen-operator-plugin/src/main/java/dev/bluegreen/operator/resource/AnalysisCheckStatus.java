package dev.bluegreen.operator.resource;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.util.List;
import java.util.Objects;

/** One check's progress in a run. */
@JsonIgnoreProperties(ignoreUnknown = true)
public class AnalysisCheckStatus {
    private String name;
    private String provider;
    private String phase;
    private Integer successful;
    private Integer failed;
    private Integer inconclusive;
    private Integer errors;
    private Integer consecutiveErrors;
    private String nextMeasurementAt;
    private List<MeasurementStatus> measurements;

    /** The check's name. */
    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    /** The provider: prometheus, web, flink or the extension provider's name. */
    public String getProvider() {
        return provider;
    }

    public void setProvider(String provider) {
        this.provider = provider;
    }

    /** Pending, Running, Successful, Inconclusive, Error or Failed. */
    public String getPhase() {
        return phase;
    }

    public void setPhase(String phase) {
        this.phase = phase;
    }

    /** Successful measurements. */
    public Integer getSuccessful() {
        return successful;
    }

    public void setSuccessful(Integer successful) {
        this.successful = successful;
    }

    /** Failed measurements. */
    public Integer getFailed() {
        return failed;
    }

    public void setFailed(Integer failed) {
        this.failed = failed;
    }

    /** Inconclusive measurements. */
    public Integer getInconclusive() {
        return inconclusive;
    }

    public void setInconclusive(Integer inconclusive) {
        this.inconclusive = inconclusive;
    }

    /** Error measurements. */
    public Integer getErrors() {
        return errors;
    }

    public void setErrors(Integer errors) {
        this.errors = errors;
    }

    /** Errors since the last measurement that was not one. */
    public Integer getConsecutiveErrors() {
        return consecutiveErrors;
    }

    public void setConsecutiveErrors(Integer consecutiveErrors) {
        this.consecutiveErrors = consecutiveErrors;
    }

    /** When the next measurement is due (RFC 3339), or {@code null} when finished. */
    public String getNextMeasurementAt() {
        return nextMeasurementAt;
    }

    public void setNextMeasurementAt(String nextMeasurementAt) {
        this.nextMeasurementAt = nextMeasurementAt;
    }

    /** The last 10 measurements, oldest first. */
    public List<MeasurementStatus> getMeasurements() {
        return measurements;
    }

    public void setMeasurements(List<MeasurementStatus> measurements) {
        this.measurements = measurements;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof AnalysisCheckStatus that)) {
            return false;
        }
        return Objects.equals(name, that.name)
                && Objects.equals(provider, that.provider)
                && Objects.equals(phase, that.phase)
                && Objects.equals(successful, that.successful)
                && Objects.equals(failed, that.failed)
                && Objects.equals(inconclusive, that.inconclusive)
                && Objects.equals(errors, that.errors)
                && Objects.equals(consecutiveErrors, that.consecutiveErrors)
                && Objects.equals(nextMeasurementAt, that.nextMeasurementAt)
                && Objects.equals(measurements, that.measurements);
    }

    @Override
    public int hashCode() {
        return Objects.hash(
                name,
                provider,
                phase,
                successful,
                failed,
                inconclusive,
                errors,
                consecutiveErrors,
                nextMeasurementAt,
                measurements);
    }
}
