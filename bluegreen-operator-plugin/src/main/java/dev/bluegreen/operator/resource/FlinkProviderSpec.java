package dev.bluegreen.operator.resource;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.util.Objects;

/**
 * Reads both children's JobManager REST API through the readiness seam: restarts, failed
 * checkpoints, records in and out per second and exceptions of each job, for conditions that
 * compare the candidate with the incumbent.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public class FlinkProviderSpec {
    private String timeout;

    /** A duration bounding each REST request. {@code null}: 5s. */
    public String getTimeout() {
        return timeout;
    }

    public void setTimeout(String timeout) {
        this.timeout = timeout;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FlinkProviderSpec that)) {
            return false;
        }
        return Objects.equals(timeout, that.timeout);
    }

    @Override
    public int hashCode() {
        return Objects.hash(timeout);
    }
}
