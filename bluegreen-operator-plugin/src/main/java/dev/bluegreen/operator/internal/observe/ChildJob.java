package dev.bluegreen.operator.internal.observe;

import dev.bluegreen.core.Color;

import java.net.URI;
import java.util.Objects;

/**
 * A running child job whose gate reports the controller reads through the JobManager REST API.
 *
 * @param color the child's colour
 * @param rest the base URI of its JobManager REST API, e.g. {@code
 *     http://orders-blue-rest.shop.svc:8081}
 * @param jobId the Flink job id from the child's {@code status.jobStatus.jobId}
 */
public record ChildJob(Color color, URI rest, String jobId) {
    public ChildJob {
        Objects.requireNonNull(color, "color == null");
        Objects.requireNonNull(rest, "rest == null");
        Objects.requireNonNull(jobId, "jobId == null");
    }
}
