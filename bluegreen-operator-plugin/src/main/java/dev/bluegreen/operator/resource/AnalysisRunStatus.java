package dev.bluegreen.operator.resource;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.util.List;
import java.util.Objects;

/** One stage's run of analysis checks. */
@JsonIgnoreProperties(ignoreUnknown = true)
public class AnalysisRunStatus {
    private String key;
    private String startedAt;
    private String phase;
    private String message;
    private String skipped;
    private List<AnalysisCheckStatus> checks;

    /** Identifies the run (stage, transition number, target spec, colour). */
    public String getKey() {
        return key;
    }

    public void setKey(String key) {
        this.key = key;
    }

    /** When the stage's clock started (RFC 3339). */
    public String getStartedAt() {
        return startedAt;
    }

    public void setStartedAt(String startedAt) {
        this.startedAt = startedAt;
    }

    /** The stage's phase: Pending, Running, Successful, Inconclusive, Error or Failed. */
    public String getPhase() {
        return phase;
    }

    public void setPhase(String phase) {
        this.phase = phase;
    }

    /** What the stage concluded, e.g. which check failed. */
    public String getMessage() {
        return message;
    }

    public void setMessage(String message) {
        this.message = message;
    }

    /** Each check's progress. */
    public List<AnalysisCheckStatus> getChecks() {
        return checks;
    }

    public void setChecks(List<AnalysisCheckStatus> checks) {
        this.checks = checks;
    }

    /**
     * Why the checks that were still running were ended without a result, e.g. {@code promoted by
     * the user (promote p1)}; the run's phase is then Successful. {@code null} when not skipped.
     */
    public String getSkipped() {
        return skipped;
    }

    public void setSkipped(String skipped) {
        this.skipped = skipped;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof AnalysisRunStatus that)) {
            return false;
        }
        return Objects.equals(key, that.key)
                && Objects.equals(startedAt, that.startedAt)
                && Objects.equals(phase, that.phase)
                && Objects.equals(message, that.message)
                && Objects.equals(skipped, that.skipped)
                && Objects.equals(checks, that.checks);
    }

    @Override
    public int hashCode() {
        return Objects.hash(key, startedAt, phase, message, skipped, checks);
    }
}
