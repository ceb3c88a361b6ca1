package dev.bluegreen.core;

import java.time.Instant;
import java.util.Objects;

/**
 * The persisted bookkeeping of a blue/green deployment: everything the engine needs to resume after
 * a controller restart. The plugin stores it in the resource's status and passes it back unchanged;
 * only the engine creates new records.
 *
 * <p>Markers that belong to one transition ({@code savepoint}, {@code deadline}, {@code
 * readySince}, {@code trafficSwitchedAt}, {@code targetSpecRef}, {@code restore}, {@code
 * restorePath}) are cleared whenever a transition ends, whether it completes or aborts, so nothing
 * stale survives into the next one.
 *
 * @param state the current state
 * @param transitionNumber increases by one per started transition or in-place patch; fences stale
 *     snapshots and gate commands
 * @param stableSpecRef the spec that last ran healthy on the serving child, or {@code null} before
 *     the first success; rollback restores it
 * @param targetSpecRef the spec being rolled out by the in-flight change, or {@code null}
 * @param failedSpecRef the last spec whose rollout failed; it is not retried until the desired spec
 *     changes; or {@code null}
 * @param trafficColor the colour the parent ingress points at, or {@code null} before the first
 *     switch
 * @param savepoint the hand-over savepoint of the in-flight transition, or {@code null}
 * @param phaseStartedAt when the current state was entered, or {@code null}
 * @param deadline when the current phase times out, or {@code null} if it has no deadline
 * @param readySince when the incoming child was first seen ready in this transition, or {@code
 *     null}
 * @param trafficSwitchedAt when traffic moved to the incoming child, or {@code null}
 * @param handledPromote the last promote token acted on, or {@code null}
 * @param handledAbort the last abort token acted on, or {@code null}
 * @param restore where the incoming child of the in-flight transition restores from, so that a
 *     child deleted by hand is recreated from the same point; or {@code null}
 * @param restorePath the path for {@link Action.RestoreFrom#PATH}, else {@code null}
 * @param outputOwner ADVANCED mode: the colour the engine wants to own the tail of the output (the
 *     plugin's coordinator converges the gate to it); {@code null} in BASIC mode and before the
 *     first child is active. Not a transition marker: it outlives transitions
 */
public record TransitionRecord(
        BlueGreenState state,
        long transitionNumber,
        String stableSpecRef,
        String targetSpecRef,
        String failedSpecRef,
        Color trafficColor,
        SavepointRef savepoint,
        Instant phaseStartedAt,
        Instant deadline,
        Instant readySince,
        Instant trafficSwitchedAt,
        String handledPromote,
        String handledAbort,
        Action.RestoreFrom restore,
        String restorePath,
        Color outputOwner) {

    public TransitionRecord {
        Objects.requireNonNull(state, "state == null");
        if (transitionNumber < 0) {
            throw new IllegalArgumentException("transitionNumber < 0: " + transitionNumber);
        }
    }

    /**
     * The hand-over savepoint of one transition.
     *
     * @param snapshotName the FlinkStateSnapshot name (deterministic per transition, so re-issuing
     *     the request after a restart is idempotent)
     * @param sourceJobId the job run it was taken from; a trigger belongs to one run only
     * @param path the completed savepoint path, or {@code null} while pending
     */
    public record SavepointRef(String snapshotName, String sourceJobId, String path) {
        public SavepointRef {
            Objects.requireNonNull(snapshotName, "snapshotName == null");
        }
    }

    /** The record of a resource that was never reconciled. */
    public static TransitionRecord initial() {
        return new Builder().build();
    }

    /** A builder initialised with this record's values. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** A mutable builder of {@link TransitionRecord}; not thread-safe. */
    public static final class Builder {
        private BlueGreenState state = BlueGreenState.INITIALIZING_BLUE;
        private long transitionNumber;
        private String stableSpecRef;
        private String targetSpecRef;
        private String failedSpecRef;
        private Color trafficColor;
        private SavepointRef savepoint;
        private Instant phaseStartedAt;
        private Instant deadline;
        private Instant readySince;
        private Instant trafficSwitchedAt;
        private String handledPromote;
        private String handledAbort;
        private Action.RestoreFrom restore;
        private String restorePath;
        private Color outputOwner;

        /** A builder of the initial record. */
        public Builder() {}

        private Builder(TransitionRecord r) {
            state = r.state;
            transitionNumber = r.transitionNumber;
            stableSpecRef = r.stableSpecRef;
            targetSpecRef = r.targetSpecRef;
            failedSpecRef = r.failedSpecRef;
            trafficColor = r.trafficColor;
            savepoint = r.savepoint;
            phaseStartedAt = r.phaseStartedAt;
            deadline = r.deadline;
            readySince = r.readySince;
            trafficSwitchedAt = r.trafficSwitchedAt;
            handledPromote = r.handledPromote;
            handledAbort = r.handledAbort;
            restore = r.restore;
            restorePath = r.restorePath;
            outputOwner = r.outputOwner;
        }

        public Builder state(BlueGreenState value) {
            state = value;
            return this;
        }

        public Builder transitionNumber(long value) {
            transitionNumber = value;
            return this;
        }

        public Builder stableSpecRef(String value) {
            stableSpecRef = value;
            return this;
        }

        public Builder targetSpecRef(String value) {
            targetSpecRef = value;
            return this;
        }

        public Builder failedSpecRef(String value) {
            failedSpecRef = value;
            return this;
        }

        public Builder trafficColor(Color value) {
            trafficColor = value;
            return this;
        }

        public Builder savepoint(SavepointRef value) {
            savepoint = value;
            return this;
        }

        public Builder phaseStartedAt(Instant value) {
            phaseStartedAt = value;
            return this;
        }

        public Builder deadline(Instant value) {
            deadline = value;
            return this;
        }

        public Builder readySince(Instant value) {
            readySince = value;
            return this;
        }

        public Builder trafficSwitchedAt(Instant value) {
            trafficSwitchedAt = value;
            return this;
        }

        public Builder handledPromote(String value) {
            handledPromote = value;
            return this;
        }

        public Builder handledAbort(String value) {
            handledAbort = value;
            return this;
        }

        public Builder restore(Action.RestoreFrom value) {
            restore = value;
            return this;
        }

        public Builder restorePath(String value) {
            restorePath = value;
            return this;
        }

        public Builder outputOwner(Color value) {
            outputOwner = value;
            return this;
        }

        /** Clears every marker that belongs to one transition (see the record's class comment). */
        public Builder clearTransitionMarkers() {
            targetSpecRef = null;
            savepoint = null;
            deadline = null;
            readySince = null;
            trafficSwitchedAt = null;
            restore = null;
            restorePath = null;
            return this;
        }

        /** The record. */
        public TransitionRecord build() {
            return new TransitionRecord(
                    state,
                    transitionNumber,
                    stableSpecRef,
                    targetSpecRef,
                    failedSpecRef,
                    trafficColor,
                    savepoint,
                    phaseStartedAt,
                    deadline,
                    readySince,
                    trafficSwitchedAt,
                    handledPromote,
                    handledAbort,
                    restore,
                    restorePath,
                    outputOwner);
        }
    }
}
