package dev.bluegreen.core;

import dev.bluegreen.core.StateTable.RoleRow;

import java.util.List;

import static dev.bluegreen.core.BlueGreenState.Role.ACTIVE;
import static dev.bluegreen.core.BlueGreenState.Role.FAILING;
import static dev.bluegreen.core.BlueGreenState.Role.INITIALIZING;
import static dev.bluegreen.core.BlueGreenState.Role.PATCHING;
import static dev.bluegreen.core.BlueGreenState.Role.RETIRING;
import static dev.bluegreen.core.BlueGreenState.Role.SAVEPOINTING;
import static dev.bluegreen.core.BlueGreenState.Role.SUSPENDED;
import static dev.bluegreen.core.BlueGreenState.Role.TRANSITIONING;
import static dev.bluegreen.core.Reason.*;
import static dev.bluegreen.core.StateTable.opposite;
import static dev.bluegreen.core.StateTable.same;

/**
 * The role-level rows of {@link StateTable}, in the order the engine checks them. X is the colour
 * in the source state's name, Y its opposite: in {@code TRANSITIONING_TO_X} X is incoming and Y the
 * incumbent; in {@code RETIRING_X} X is the old child and traffic is on Y.
 */
final class StateTableRows {
    private StateTableRows() {}

    static final List<RoleRow> ALL =
            List.of(
                    // First deployment
                    same(
                            INITIALIZING,
                            "desired spec is suspended",
                            INITIALIZING,
                            INITIAL_DEPLOY_BLOCKED_SUSPENDED),
                    same(
                            INITIALIZING,
                            "desired spec runs: deploy X",
                            TRANSITIONING,
                            INITIAL_DEPLOY),
                    // Resting on a healthy X
                    same(
                            ACTIVE,
                            "X missing: recreate with the stable spec",
                            PATCHING,
                            CHILD_RECREATED),
                    same(ACTIVE, "X terminating", ACTIVE, CHILD_TERMINATING),
                    same(ACTIVE, "X failing", FAILING, ACTIVE_CHILD_FAILING),
                    same(
                            ACTIVE,
                            "leftover Y present, retention DELETE: delete Y",
                            ACTIVE,
                            LEFTOVER_DELETED),
                    same(ACTIVE, "no change (IGNORE or desired == stable)", ACTIVE, STEADY),
                    same(
                            ACTIVE,
                            "desired == failed spec, no new promote",
                            ACTIVE,
                            FAILED_SPEC_NOT_RETRIED),
                    same(ACTIVE, "PARENT_ONLY: re-apply the parent for X", ACTIVE, PARENT_UPDATED),
                    same(ACTIVE, "PATCH_CHILD or RESUME: patch X", PATCHING, PATCH_STARTED),
                    same(ACTIVE, "SUSPEND: patch X suspended", PATCHING, SUSPEND_STARTED),
                    same(
                            ACTIVE,
                            "TRANSITION blocked: Y present or X not stable and running",
                            ACTIVE,
                            TRANSITION_WAITING),
                    same(
                            ACTIVE,
                            "stateful TRANSITION: savepoint X",
                            SAVEPOINTING,
                            SAVEPOINT_REQUESTED),
                    opposite(
                            ACTIVE,
                            "stateless TRANSITION: deploy Y",
                            TRANSITIONING,
                            TRANSITION_STARTED),
                    opposite(
                            ACTIVE,
                            "SAVEPOINT_REDEPLOY: deploy Y from the spec's savepoint",
                            TRANSITIONING,
                            SAVEPOINT_REDEPLOY_STARTED),
                    // Hand-over savepoint of X
                    same(SAVEPOINTING, "new abort", ACTIVE, ABORTED_BY_USER),
                    same(SAVEPOINTING, "paused", SAVEPOINTING, PAUSED),
                    same(SAVEPOINTING, "desired != target", ACTIVE, SUPERSEDED),
                    opposite(
                            SAVEPOINTING,
                            "savepoint completed: deploy Y from it",
                            TRANSITIONING,
                            TRANSITION_STARTED),
                    same(SAVEPOINTING, "savepoint failed or abandoned", ACTIVE, SAVEPOINT_FAILED),
                    same(
                            SAVEPOINTING,
                            "X's job run changed before the savepoint finished",
                            ACTIVE,
                            SAVEPOINT_STALE),
                    same(
                            SAVEPOINTING,
                            "deadline passed, ROLLBACK",
                            ACTIVE,
                            DEADLINE_EXCEEDED_ROLLBACK),
                    same(
                            SAVEPOINTING,
                            "deadline passed, HOLD",
                            SAVEPOINTING,
                            DEADLINE_EXCEEDED_HOLD),
                    same(
                            SAVEPOINTING,
                            "snapshot not observed: re-request it",
                            SAVEPOINTING,
                            SAVEPOINT_REQUESTED),
                    same(SAVEPOINTING, "snapshot in progress", SAVEPOINTING, SAVEPOINT_PENDING),
                    // Incoming X, incumbent Y (absent on a first deployment)
                    opposite(TRANSITIONING, "new abort, Y present", ACTIVE, ABORTED_BY_USER),
                    opposite(
                            TRANSITIONING,
                            "new abort, Y present and failing",
                            FAILING,
                            ABORTED_BY_USER),
                    same(TRANSITIONING, "new abort, no Y", FAILING, ABORTED_BY_USER),
                    same(TRANSITIONING, "paused", TRANSITIONING, PAUSED),
                    opposite(TRANSITIONING, "desired != target, Y present", ACTIVE, SUPERSEDED),
                    opposite(
                            TRANSITIONING,
                            "desired != target, Y present and failing",
                            FAILING,
                            SUPERSEDED),
                    same(
                            TRANSITIONING,
                            "desired != target, no Y: redeploy X",
                            TRANSITIONING,
                            SUPERSEDED),
                    same(TRANSITIONING, "X missing: recreate it", TRANSITIONING, CHILD_RECREATED),
                    opposite(
                            TRANSITIONING,
                            "deadline passed, ROLLBACK, Y present",
                            ACTIVE,
                            DEADLINE_EXCEEDED_ROLLBACK),
                    opposite(
                            TRANSITIONING,
                            "deadline passed, ROLLBACK, Y present and failing",
                            FAILING,
                            DEADLINE_EXCEEDED_ROLLBACK),
                    same(
                            TRANSITIONING,
                            "deadline passed, ROLLBACK, no Y",
                            FAILING,
                            DEADLINE_EXCEEDED_ROLLBACK),
                    same(
                            TRANSITIONING,
                            "deadline passed, HOLD",
                            TRANSITIONING,
                            DEADLINE_EXCEEDED_HOLD),
                    same(
                            TRANSITIONING,
                            "X's generation not observed",
                            TRANSITIONING,
                            WAITING_FOR_GENERATION),
                    same(
                            TRANSITIONING,
                            "X not stable and running",
                            TRANSITIONING,
                            WAITING_FOR_READINESS),
                    opposite(
                            TRANSITIONING,
                            "new promote, Y present: switch",
                            RETIRING,
                            PROMOTED_BY_USER),
                    same(TRANSITIONING, "new promote, no Y: switch", ACTIVE, PROMOTED_BY_USER),
                    opposite(TRANSITIONING, "ready, Y present: switch", RETIRING, TRAFFIC_SWITCHED),
                    same(TRANSITIONING, "ready, first deployment", ACTIVE, TRANSITION_COMPLETED),
                    same(
                            TRANSITIONING,
                            "ready, Y gone: finalize forward",
                            ACTIVE,
                            FINALIZED_FORWARD),
                    same(TRANSITIONING, "readiness policy waits (soak)", TRANSITIONING, SOAKING),
                    same(
                            TRANSITIONING,
                            "readiness policy not ready",
                            TRANSITIONING,
                            WAITING_FOR_READINESS),
                    // Old child X, traffic on Y
                    opposite(RETIRING, "X gone: finalize forward", ACTIVE, FINALIZED_FORWARD),
                    same(RETIRING, "new abort, X running: switch back", ACTIVE, ABORTED_BY_USER),
                    same(
                            RETIRING,
                            "Y not stable and running, X running: switch back",
                            ACTIVE,
                            ROLLBACK),
                    same(
                            RETIRING,
                            "neither running, cutover deadline passed, ROLLBACK",
                            ACTIVE,
                            DEADLINE_EXCEEDED_ROLLBACK),
                    same(
                            RETIRING,
                            "neither running, cutover deadline passed, ROLLBACK, X failing",
                            FAILING,
                            DEADLINE_EXCEEDED_ROLLBACK),
                    same(
                            RETIRING,
                            "neither running, cutover deadline passed, HOLD",
                            RETIRING,
                            DEADLINE_EXCEEDED_HOLD),
                    same(RETIRING, "neither running", RETIRING, WAITING_FOR_READINESS),
                    same(RETIRING, "paused", RETIRING, PAUSED),
                    same(
                            RETIRING,
                            "deletion delay or rollback window not passed",
                            RETIRING,
                            WAITING_TO_RETIRE),
                    opposite(RETIRING, "delay passed: retire X", ACTIVE, TRANSITION_COMPLETED),
                    // In-place patch of X
                    same(PATCHING, "new abort", PATCHING, ABORTED_BY_USER),
                    same(PATCHING, "paused", PATCHING, PAUSED),
                    same(PATCHING, "desired != target: re-patch", PATCHING, SUPERSEDED),
                    same(PATCHING, "X missing: recreate it", PATCHING, CHILD_RECREATED),
                    same(PATCHING, "X suspended as desired", SUSPENDED, Reason.SUSPENDED),
                    same(PATCHING, "X stable and running", ACTIVE, PATCH_COMPLETED),
                    same(
                            PATCHING,
                            "deadline passed, ROLLBACK: patch back to stable",
                            PATCHING,
                            DEADLINE_EXCEEDED_ROLLBACK),
                    same(
                            PATCHING,
                            "deadline passed, ROLLBACK, nothing to return to",
                            FAILING,
                            DEADLINE_EXCEEDED_ROLLBACK),
                    same(PATCHING, "deadline passed, HOLD", PATCHING, DEADLINE_EXCEEDED_HOLD),
                    same(PATCHING, "X's generation not observed", PATCHING, WAITING_FOR_GENERATION),
                    same(PATCHING, "X not ready yet", PATCHING, WAITING_FOR_READINESS),
                    // Suspended X
                    same(SUSPENDED, "X missing: recreate it suspended", PATCHING, CHILD_RECREATED),
                    same(
                            SUSPENDED,
                            "desired == failed spec, no new promote",
                            SUSPENDED,
                            FAILED_SPEC_NOT_RETRIED),
                    same(SUSPENDED, "child change, resume: patch X", PATCHING, RESUME_STARTED),
                    same(
                            SUSPENDED,
                            "child change, stay suspended: patch X",
                            PATCHING,
                            PATCH_STARTED),
                    same(
                            SUSPENDED,
                            "PARENT_ONLY: re-apply the parent for X",
                            SUSPENDED,
                            PARENT_UPDATED),
                    same(SUSPENDED, "no change", SUSPENDED, Reason.SUSPENDED),
                    // Serving X is failing
                    same(FAILING, "X stable and running again", ACTIVE, ACTIVE_CHILD_RECOVERED),
                    same(FAILING, "X missing, stable spec: recreate it", PATCHING, CHILD_RECREATED),
                    same(
                            FAILING,
                            "X missing, no stable spec: redeploy it",
                            TRANSITIONING,
                            CHILD_RECREATED),
                    same(
                            FAILING,
                            "desired == failed spec, no new promote",
                            FAILING,
                            FAILED_SPEC_NOT_RETRIED),
                    same(
                            FAILING,
                            "PARENT_ONLY: re-apply the parent for X",
                            FAILING,
                            PARENT_UPDATED),
                    same(FAILING, "PATCH_CHILD or RESUME: patch X", PATCHING, PATCH_STARTED),
                    same(FAILING, "SUSPEND: patch X suspended", PATCHING, SUSPEND_STARTED),
                    same(
                            FAILING,
                            "TRANSITION, no stable spec: redeploy X",
                            TRANSITIONING,
                            TRANSITION_FROM_FAILING),
                    same(
                            FAILING,
                            "TRANSITION, failingSource REFUSE",
                            FAILING,
                            TRANSITION_REFUSED_FAILING),
                    same(
                            FAILING,
                            "TRANSITION blocked: Y present or terminating",
                            FAILING,
                            TRANSITION_WAITING),
                    opposite(
                            FAILING,
                            "TRANSITION: deploy Y from the last good snapshot",
                            TRANSITIONING,
                            TRANSITION_FROM_FAILING),
                    same(FAILING, "no change", FAILING, ACTIVE_CHILD_FAILING));
}
