package dev.bluegreen.operator.internal.observe;

import dev.bluegreen.core.Color;

import java.net.URI;
import java.time.Instant;
import java.util.Objects;

/**
 * A running child job whose gate reports the controller reads through the JobManager REST API.
 *
 * @param color the child's colour
 * @param rest the base URI of its JobManager REST API, e.g. {@code
 *     http://orders-blue-rest.shop.svc:8081}
 * @param jobId the Flink job id from the child's {@code status.jobStatus.jobId}
 * @param startedAt when the job started ({@code status.jobStatus.startTime}), or {@code null} when
 *     the child does not say (not running yet)
 * @param ended whether the child's job failed or ended: its JobManager is then also asked for its
 *     newest completed checkpoint (a cold hand-back cuts at it)
 */
public record ChildJob(Color color, URI rest, String jobId, Instant startedAt, boolean ended) {
    public ChildJob {
        Objects.requireNonNull(color, "color == null");
        Objects.requireNonNull(rest, "rest == null");
        Objects.requireNonNull(jobId, "jobId == null");
    }

    /** A job whose start time is not known. */
    public ChildJob(Color color, URI rest, String jobId) {
        this(color, rest, jobId, null, false);
    }

    /** A running (or starting) job. */
    public ChildJob(Color color, URI rest, String jobId, Instant startedAt) {
        this(color, rest, jobId, startedAt, false);
    }
}
