package dev.bluegreen.core.simulation;

import dev.bluegreen.core.JobState;
import dev.bluegreen.core.SnapshotObservation;
import dev.bluegreen.core.SnapshotState;

import java.time.Instant;
import java.util.List;

/**
 * A fake FlinkStateSnapshot (savepoint) of one job run: TRIGGER_PENDING, then IN_PROGRESS after the
 * source child's reconcile delay, then the scripted outcome. It fails early when the source run is
 * not the running job it was requested for, or stops running before the savepoint completes. Not
 * thread-safe.
 */
final class FakeSnapshot {
    private final String name;
    private final FakeChild source;
    private final String jobId;
    private final Instant inProgressAt;
    private final Instant finalAt;
    private final SnapshotState outcome;
    private SnapshotState state = SnapshotState.TRIGGER_PENDING;
    private String error;

    FakeSnapshot(String name, FakeChild source, String requestedJobId, Instant now) {
        this.name = name;
        this.source = source;
        this.jobId = requestedJobId == null ? source.jobId() : requestedJobId;
        ChildScript script = source.script();
        this.inProgressAt = now.plus(script.reconcileDelay());
        this.finalAt =
                script.savepoint() == ChildScript.SavepointOutcome.HANGS
                        ? null
                        : inProgressAt.plus(script.savepointDuration());
        this.outcome =
                script.savepoint() == ChildScript.SavepointOutcome.FAILS
                        ? SnapshotState.FAILED
                        : SnapshotState.COMPLETED;
    }

    /** Applies the scripted changes up to {@code now}, describing each. */
    void progress(Instant now, List<String> events) {
        if (state.isFinal()) {
            return;
        }
        if (!sourceRunning()) {
            fail("job " + jobId + " is not running", events);
            return;
        }
        if (state == SnapshotState.TRIGGER_PENDING && !inProgressAt.isAfter(now)) {
            state = SnapshotState.IN_PROGRESS;
            events.add("snapshot " + name + ": in progress");
        }
        if (state == SnapshotState.IN_PROGRESS && finalAt != null && !finalAt.isAfter(now)) {
            end(events);
        }
    }

    /** Ends as scripted: failed, or completed with its path. */
    private void end(List<String> events) {
        if (outcome == SnapshotState.FAILED) {
            fail("scripted savepoint failure", events);
        } else {
            state = SnapshotState.COMPLETED;
            events.add("snapshot " + name + ": completed at " + path());
        }
    }

    private boolean sourceRunning() {
        return source.present()
                && jobId != null
                && jobId.equals(source.jobId())
                && source.jobState() == JobState.RUNNING;
    }

    private void fail(String why, List<String> events) {
        state = SnapshotState.FAILED;
        error = why;
        events.add("snapshot " + name + ": failed (" + why + ")");
    }

    /** When the next scripted change happens, or {@code null}. */
    Instant nextEventAt() {
        return switch (state) {
            case TRIGGER_PENDING -> inProgressAt;
            case IN_PROGRESS -> finalAt;
            default -> null;
        };
    }

    private String path() {
        return "sp://" + name;
    }

    SnapshotObservation observe() {
        return new SnapshotObservation(
                name, state, state == SnapshotState.COMPLETED ? path() : null, error);
    }
}
