package dev.bluegreen.core;

import java.util.Objects;

/**
 * One thing the plugin must do to carry out a {@link Plan}. Every action is idempotent when
 * repeated with the same arguments (the plugin writes desired state; snapshot names are
 * deterministic), so a plan may be re-executed safely after a crash between executing it and
 * persisting the record.
 */
public sealed interface Action {

    /** Where a newly deployed child restores its state from. */
    enum RestoreFrom {
        /** Start with empty state. */
        EMPTY,
        /**
         * The hand-over savepoint or last good snapshot given in {@link DeployChild#restorePath()}.
         */
        PATH,
        /** Whatever {@code job.initialSavepointPath} the desired spec carries (may be none). */
        SPEC_INITIAL_SAVEPOINT
    }

    /**
     * Create the child of {@code color}, or replace its spec, with the spec {@code specRef}.
     *
     * @param color the child
     * @param specRef the desired spec to write (the plugin holds the spec itself)
     * @param restore where to restore from
     * @param restorePath the path for {@link RestoreFrom#PATH}, else {@code null}
     */
    record DeployChild(Color color, String specRef, RestoreFrom restore, String restorePath)
            implements Action {
        public DeployChild {
            Objects.requireNonNull(color, "color == null");
            Objects.requireNonNull(specRef, "specRef == null");
            Objects.requireNonNull(restore, "restore == null");
            if ((restore == RestoreFrom.PATH) != (restorePath != null)) {
                throw new IllegalArgumentException("restorePath must be set iff restore == PATH");
            }
        }
    }

    /** Patch the existing child of {@code color} in place to the spec {@code specRef}. */
    record PatchChild(Color color, String specRef) implements Action {
        public PatchChild {
            Objects.requireNonNull(color, "color == null");
            Objects.requireNonNull(specRef, "specRef == null");
        }
    }

    /** Set {@code job.state: suspended} on the child of {@code color}. */
    record SuspendChild(Color color) implements Action {
        public SuspendChild {
            Objects.requireNonNull(color, "color == null");
        }
    }

    /** Delete the child of {@code color}. */
    record DeleteChild(Color color) implements Action {
        public DeleteChild {
            Objects.requireNonNull(color, "color == null");
        }
    }

    /**
     * Take a savepoint of the running job {@code jobId} of the child {@code color}, as a
     * FlinkStateSnapshot named {@code snapshotName}.
     */
    record TakeSavepoint(Color color, String snapshotName, String jobId) implements Action {
        public TakeSavepoint {
            Objects.requireNonNull(color, "color == null");
            Objects.requireNonNull(snapshotName, "snapshotName == null");
        }
    }

    /** Point the parent ingress (or route) at the child of {@code color}. */
    record SwitchTraffic(Color color) implements Action {
        public SwitchTraffic {
            Objects.requireNonNull(color, "color == null");
        }
    }
}
