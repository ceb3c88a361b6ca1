package dev.bluegreen.core;

import java.time.Duration;
import java.util.Objects;

/**
 * The tunable behaviour of the engine, immutable and thread-safe. Build one with {@link
 * #builder()}; {@link #defaults()} documents every default.
 *
 * @param readiness when an incoming child may receive traffic; default {@link
 *     ReadinessPolicies#stableAndRunningFor(Duration) stable and running for 30 s}
 * @param savepoint deadline of the hand-over savepoint; default 10 min, rollback
 * @param readinessDeadline deadline for the incoming child to become ready; default 10 min
 *     (upstream's {@code kubernetes.operator.bluegreen.abort.grace-period}), rollback
 * @param catchUp deadline for the incoming child to catch up (ADVANCED mode); default 10 min,
 *     rollback
 * @param cutover deadline for the cutover (switch and drain); default 5 min, rollback
 * @param patch deadline for an in-place patch to become ready; default 10 min, rollback
 * @param deletionDelay wait between switching traffic and retiring the previous child; default 0
 *     (upstream's {@code kubernetes.operator.bluegreen.deployment-deletion.delay})
 * @param retention what happens to the previous child; default {@link Retention#DELETE}
 * @param rollbackWindow how long a {@link Retention#KEEP_RUNNING} child is kept; default 0
 * @param failingSource where a transition away from a failing child restores from; default {@link
 *     FailingSource#LAST_GOOD_SNAPSHOT}
 * @param gatedHandover ADVANCED mode: the hand-over goes through the record-level gate (traffic
 *     moves only once the gate committed the cutover to the incoming child, and a previous child is
 *     retired only once it is drained); default {@code false} (BASIC mode, the gate is ignored)
 */
public record TransitionPolicy(
        ReadinessPolicy readiness,
        PhaseDeadline savepoint,
        PhaseDeadline readinessDeadline,
        PhaseDeadline catchUp,
        PhaseDeadline cutover,
        PhaseDeadline patch,
        Duration deletionDelay,
        Retention retention,
        Duration rollbackWindow,
        FailingSource failingSource,
        boolean gatedHandover) {

    /** The default soak time of the default readiness policy: 30 seconds. */
    public static final Duration DEFAULT_SOAK = Duration.ofSeconds(30);

    public TransitionPolicy {
        Objects.requireNonNull(readiness, "readiness == null");
        Objects.requireNonNull(savepoint, "savepoint == null");
        Objects.requireNonNull(readinessDeadline, "readinessDeadline == null");
        Objects.requireNonNull(catchUp, "catchUp == null");
        Objects.requireNonNull(cutover, "cutover == null");
        Objects.requireNonNull(patch, "patch == null");
        requireNotNegative(deletionDelay, "deletionDelay");
        Objects.requireNonNull(retention, "retention == null");
        requireNotNegative(rollbackWindow, "rollbackWindow");
        Objects.requireNonNull(failingSource, "failingSource == null");
    }

    private static void requireNotNegative(Duration d, String name) {
        Objects.requireNonNull(d, name + " == null");
        if (d.isNegative()) {
            throw new IllegalArgumentException(name + " must not be negative: " + d);
        }
    }

    /** The default policy (see the record components for each default). */
    public static TransitionPolicy defaults() {
        return builder().build();
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from this policy. */
    public Builder toBuilder() {
        return new Builder()
                .readiness(readiness)
                .savepoint(savepoint)
                .readinessDeadline(readinessDeadline)
                .catchUp(catchUp)
                .cutover(cutover)
                .patch(patch)
                .deletionDelay(deletionDelay)
                .retention(retention)
                .rollbackWindow(rollbackWindow)
                .failingSource(failingSource)
                .gatedHandover(gatedHandover);
    }

    /** A mutable builder of {@link TransitionPolicy}; not thread-safe. */
    public static final class Builder {
        private ReadinessPolicy readiness = ReadinessPolicies.stableAndRunningFor(DEFAULT_SOAK);
        private PhaseDeadline savepoint = PhaseDeadline.rollbackAfter(Duration.ofMinutes(10));
        private PhaseDeadline readinessDeadline =
                PhaseDeadline.rollbackAfter(Duration.ofMinutes(10));
        private PhaseDeadline catchUp = PhaseDeadline.rollbackAfter(Duration.ofMinutes(10));
        private PhaseDeadline cutover = PhaseDeadline.rollbackAfter(Duration.ofMinutes(5));
        private PhaseDeadline patch = PhaseDeadline.rollbackAfter(Duration.ofMinutes(10));
        private Duration deletionDelay = Duration.ZERO;
        private Retention retention = Retention.DELETE;
        private Duration rollbackWindow = Duration.ZERO;
        private FailingSource failingSource = FailingSource.LAST_GOOD_SNAPSHOT;
        private boolean gatedHandover;

        private Builder() {}

        public Builder readiness(ReadinessPolicy value) {
            readiness = value;
            return this;
        }

        public Builder savepoint(PhaseDeadline value) {
            savepoint = value;
            return this;
        }

        public Builder readinessDeadline(PhaseDeadline value) {
            readinessDeadline = value;
            return this;
        }

        public Builder catchUp(PhaseDeadline value) {
            catchUp = value;
            return this;
        }

        public Builder cutover(PhaseDeadline value) {
            cutover = value;
            return this;
        }

        public Builder patch(PhaseDeadline value) {
            patch = value;
            return this;
        }

        public Builder deletionDelay(Duration value) {
            deletionDelay = value;
            return this;
        }

        public Builder retention(Retention value) {
            retention = value;
            return this;
        }

        public Builder rollbackWindow(Duration value) {
            rollbackWindow = value;
            return this;
        }

        public Builder failingSource(FailingSource value) {
            failingSource = value;
            return this;
        }

        /** ADVANCED ({@code true}) or BASIC ({@code false}, the default) hand-over. */
        public Builder gatedHandover(boolean value) {
            gatedHandover = value;
            return this;
        }

        /**
         * The policy.
         *
         * @throws NullPointerException or IllegalArgumentException naming the invalid field
         */
        public TransitionPolicy build() {
            return new TransitionPolicy(
                    readiness,
                    savepoint,
                    readinessDeadline,
                    catchUp,
                    cutover,
                    patch,
                    deletionDelay,
                    retention,
                    rollbackWindow,
                    failingSource,
                    gatedHandover);
        }
    }
}
