package dev.bluegreen.operator.resource;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.util.Objects;

/** One measurement of a check. */
@JsonIgnoreProperties(ignoreUnknown = true)
public class MeasurementStatus {
    private String at;
    private String phase;
    private String value;
    private String message;

    /** When it was taken (RFC 3339). */
    public String getAt() {
        return at;
    }

    public void setAt(String at) {
        this.at = at;
    }

    /** Successful, Failed, Inconclusive or Error. */
    public String getPhase() {
        return phase;
    }

    public void setPhase(String phase) {
        this.phase = phase;
    }

    /** The result as short text, e.g. {@code [0.97]}. */
    public String getValue() {
        return value;
    }

    public void setValue(String value) {
        this.value = value;
    }

    /** Why it failed or erred, or {@code null}. */
    public String getMessage() {
        return message;
    }

    public void setMessage(String message) {
        this.message = message;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof MeasurementStatus that)) {
            return false;
        }
        return Objects.equals(at, that.at)
                && Objects.equals(phase, that.phase)
                && Objects.equals(value, that.value)
                && Objects.equals(message, that.message);
    }

    @Override
    public int hashCode() {
        return Objects.hash(at, phase, value, message);
    }
}
