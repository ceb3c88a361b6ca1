package dev.bluegreen.core;

import dev.bluegreen.core.BlueGreenState.Role;
import dev.bluegreen.core.StateTable.RoleRow;

import java.util.ArrayList;
import java.util.List;

/**
 * The role-level rows of {@link StateTable}, in the order the engine checks them, as a text table:
 * {@code from role | when | to role_(X|Y) | reason}. X is the colour in the source state's name, Y
 * its opposite: in {@code TRANSITIONING_TO_X} X is incoming and Y the incumbent; in {@code
 * RETIRING_X} X is the old child and traffic is on Y.
 */
final class StateTableRows {
    private StateTableRows() {}

    private static final String TABLE =
            """
            INITIALIZING | new abort, nothing in flight: consume it                      | INITIALIZING_X | ABORT_IGNORED
            INITIALIZING | new promote, nothing to retry: consume it                     | INITIALIZING_X | PROMOTE_IGNORED
            INITIALIZING | desired spec is suspended                                     | INITIALIZING_X | INITIAL_DEPLOY_BLOCKED_SUSPENDED
            INITIALIZING | desired spec runs: deploy X                                   | TRANSITIONING_X| INITIAL_DEPLOY
            ACTIVE       | new abort, nothing in flight: consume it                      | ACTIVE_X       | ABORT_IGNORED
            ACTIVE       | new promote, nothing to retry: consume it                     | ACTIVE_X       | PROMOTE_IGNORED
            ACTIVE       | X missing: recreate with the stable spec                      | PATCHING_X     | CHILD_RECREATED
            ACTIVE       | X terminating                                                 | ACTIVE_X       | CHILD_TERMINATING
            ACTIVE       | X failing                                                     | FAILING_X      | ACTIVE_CHILD_FAILING
            ACTIVE       | gated: leftover Y still owns the output: wait for it          | ACTIVE_X       | WAITING_FOR_CUTOVER
            ACTIVE       | leftover Y present, retention DELETE: delete Y                | ACTIVE_X       | LEFTOVER_DELETED
            ACTIVE       | SUSPEND_THEN_DELETE: leftover Y's job runs: stop it, savepoint| ACTIVE_X       | LEFTOVER_SUSPEND_STARTED
            ACTIVE       | SUSPEND_THEN_DELETE: leftover Y still stopping: wait          | ACTIVE_X       | WAITING_FOR_LEFTOVER
            ACTIVE       | SUSPEND_THEN_DELETE: leftover Y suspended: delete Y           | ACTIVE_X       | LEFTOVER_DELETED
            ACTIVE       | SUSPEND_THEN_DELETE: leftover Y failing or not running: delete| ACTIVE_X       | LEFTOVER_DELETED
            ACTIVE       | no change (IGNORE or desired == stable)                       | ACTIVE_X       | STEADY
            ACTIVE       | desired == failed spec, no new promote                        | ACTIVE_X       | FAILED_SPEC_NOT_RETRIED
            ACTIVE       | PARENT_ONLY: re-apply the parent for X                        | ACTIVE_X       | PARENT_UPDATED
            ACTIVE       | PATCH_CHILD or RESUME: patch X                                | PATCHING_X     | PATCH_STARTED
            ACTIVE       | SUSPEND: patch X suspended                                    | PATCHING_X     | SUSPEND_STARTED
            ACTIVE       | gated: TRANSITION blocked: Y still owns the output            | ACTIVE_X       | WAITING_FOR_CUTOVER
            ACTIVE       | TRANSITION blocked: Y present or X not stable and running     | ACTIVE_X       | TRANSITION_WAITING
            ACTIVE       | stateful TRANSITION: savepoint X                              | SAVEPOINTING_X | SAVEPOINT_REQUESTED
            ACTIVE       | stateless TRANSITION: deploy Y                                | TRANSITIONING_Y| TRANSITION_STARTED
            ACTIVE       | SAVEPOINT_REDEPLOY: deploy Y from the spec's savepoint        | TRANSITIONING_Y| SAVEPOINT_REDEPLOY_STARTED
            SAVEPOINTING | X missing: recreate with the stable spec                      | PATCHING_X     | CHILD_RECREATED
            SAVEPOINTING | new abort                                                     | ACTIVE_X       | ABORTED_BY_USER
            SAVEPOINTING | paused                                                        | SAVEPOINTING_X | PAUSED
            SAVEPOINTING | desired != target                                             | ACTIVE_X       | SUPERSEDED
            SAVEPOINTING | savepoint completed: deploy Y from it                         | TRANSITIONING_Y| TRANSITION_STARTED
            SAVEPOINTING | savepoint failed or abandoned                                 | ACTIVE_X       | SAVEPOINT_FAILED
            SAVEPOINTING | X's job run changed before the savepoint finished             | ACTIVE_X       | SAVEPOINT_STALE
            SAVEPOINTING | deadline passed, ROLLBACK                                     | ACTIVE_X       | DEADLINE_EXCEEDED_ROLLBACK
            SAVEPOINTING | deadline passed, HOLD                                         | SAVEPOINTING_X | DEADLINE_EXCEEDED_HOLD
            SAVEPOINTING | snapshot not observed: re-request it                          | SAVEPOINTING_X | SAVEPOINT_REQUESTED
            SAVEPOINTING | snapshot in progress                                          | SAVEPOINTING_X | SAVEPOINT_PENDING
            TRANSITIONING| serving Y being deleted                                       | TRANSITIONING_X| CHILD_TERMINATING
            TRANSITIONING| serving Y gone, X stable and running: finalize forward        | ACTIVE_X       | FINALIZED_FORWARD
            TRANSITIONING| serving Y gone, X not ready: recreate Y                       | TRANSITIONING_X| CHILD_RECREATED
            TRANSITIONING| serving X (first deployment) gone: recreate it before all else| TRANSITIONING_X| CHILD_RECREATED
            TRANSITIONING| new abort, Y present                                          | ACTIVE_Y       | ABORTED_BY_USER
            TRANSITIONING| new abort, Y present and failing                              | FAILING_Y      | ABORTED_BY_USER
            TRANSITIONING| new abort, no Y                                               | FAILING_X      | ABORTED_BY_USER
            TRANSITIONING| gated: new abort, X owns the output: drain it, then retire    | RETIRING_X     | ABORTED_BY_USER
            TRANSITIONING| paused                                                        | TRANSITIONING_X| PAUSED
            TRANSITIONING| desired != target, Y present                                  | ACTIVE_Y       | SUPERSEDED
            TRANSITIONING| desired != target, Y present and failing                      | FAILING_Y      | SUPERSEDED
            TRANSITIONING| desired != target, no Y: redeploy X                           | TRANSITIONING_X| SUPERSEDED
            TRANSITIONING| gated: desired != target, X owns the output: drain it first   | RETIRING_X     | SUPERSEDED
            TRANSITIONING| X missing: recreate it                                        | TRANSITIONING_X| CHILD_RECREATED
            TRANSITIONING| X rejected or failed by the operator, ROLLBACK, Y present     | ACTIVE_Y       | CHILD_FAILED_ROLLBACK
            TRANSITIONING| X rejected or failed, ROLLBACK, Y present and failing         | FAILING_Y      | CHILD_FAILED_ROLLBACK
            TRANSITIONING| X rejected or failed, ROLLBACK, no Y                          | FAILING_X      | CHILD_FAILED_ROLLBACK
            TRANSITIONING| X rejected or failed, HOLD                                    | TRANSITIONING_X| CHILD_FAILED_HOLD
            TRANSITIONING| deadline passed, ROLLBACK, Y present                          | ACTIVE_Y       | DEADLINE_EXCEEDED_ROLLBACK
            TRANSITIONING| deadline passed, ROLLBACK, Y present and failing              | FAILING_Y      | DEADLINE_EXCEEDED_ROLLBACK
            TRANSITIONING| deadline passed, ROLLBACK, no Y                               | FAILING_X      | DEADLINE_EXCEEDED_ROLLBACK
            TRANSITIONING| gated: deadline passed, ROLLBACK, X owns the output           | RETIRING_X     | DEADLINE_EXCEEDED_ROLLBACK
            TRANSITIONING| deadline passed, HOLD                                         | TRANSITIONING_X| DEADLINE_EXCEEDED_HOLD
            TRANSITIONING| X's generation not observed                                   | TRANSITIONING_X| WAITING_FOR_GENERATION
            TRANSITIONING| X not stable and running                                      | TRANSITIONING_X| WAITING_FOR_READINESS
            TRANSITIONING| gated: cutover to X committed: switch                         | RETIRING_Y     | CUTOVER_COMMITTED
            TRANSITIONING| gated: cutover requested, not committed yet                   | TRANSITIONING_X| WAITING_FOR_CUTOVER
            TRANSITIONING| gated: cutover not committed by the catch-up deadline, ROLLBACK| ACTIVE_Y       | DEADLINE_EXCEEDED_ROLLBACK
            TRANSITIONING| gated: cutover not committed by the catch-up deadline, HOLD   | TRANSITIONING_X| DEADLINE_EXCEEDED_HOLD
            TRANSITIONING| gated: new promote, Y serves: request the cutover             | TRANSITIONING_X| WAITING_FOR_CUTOVER
            TRANSITIONING| gated: ready, Y serves: request the cutover                   | TRANSITIONING_X| WAITING_FOR_CUTOVER
            TRANSITIONING| new promote, Y present: switch                                | RETIRING_Y     | PROMOTED_BY_USER
            TRANSITIONING| new promote, no Y: switch                                     | ACTIVE_X       | PROMOTED_BY_USER
            TRANSITIONING| pre-promotion analysis failed, Y present: abort               | ACTIVE_Y       | ANALYSIS_FAILED
            TRANSITIONING| pre-promotion analysis failed, Y present and failing: abort   | FAILING_Y      | ANALYSIS_FAILED
            TRANSITIONING| ready, pre-promotion analysis unfinished: wait for it         | TRANSITIONING_X| WAITING_FOR_ANALYSIS
            TRANSITIONING| ready, pre-promotion analysis inconclusive: hold for the user | TRANSITIONING_X| ANALYSIS_INCONCLUSIVE
            TRANSITIONING| ready, Y present: switch                                      | RETIRING_Y     | TRAFFIC_SWITCHED
            TRANSITIONING| ready, first deployment                                       | ACTIVE_X       | TRANSITION_COMPLETED
            TRANSITIONING| readiness policy waits (soak)                                 | TRANSITIONING_X| SOAKING
            TRANSITIONING| readiness policy not ready                                    | TRANSITIONING_X| WAITING_FOR_READINESS
            TRANSITIONING| readiness policy failed (threw, overran)                      | TRANSITIONING_X| READINESS_FAILED
            RETIRING     | X gone, Y gone too: recreate Y first                          | RETIRING_X     | CHILD_RECREATED
            RETIRING     | X gone: finalize forward                                      | ACTIVE_Y       | FINALIZED_FORWARD
            RETIRING     | new abort, X running: switch back                             | ACTIVE_X       | ABORTED_BY_USER
            RETIRING     | gated: new abort, X running: hot rollback, Y drains first     | RETIRING_Y     | ABORTED_BY_USER
            RETIRING     | gated rollback: new abort, Y runs, X not the owner: retire X  | ACTIVE_Y       | ABORTED_BY_USER
            RETIRING     | new abort, neither running, Y exists: Y keeps it              | FAILING_Y      | ABORTED_BY_USER
            RETIRING     | held, new abort, Y runs, X not running: Y keeps it, X kept    | ACTIVE_Y       | ABORTED_BY_USER
            RETIRING     | gated rollback held, new abort, Y not running: Y keeps it     | FAILING_Y      | ABORTED_BY_USER
            RETIRING     | Y not stable and running, X running: switch back              | ACTIVE_X       | ROLLBACK
            RETIRING     | gated: Y not running and not failing, X running: hot rollback | RETIRING_Y     | ROLLBACK
            RETIRING     | gated: Y failing, its output kept by X, X running: hand back  | RETIRING_Y     | ROLLBACK
            RETIRING     | Y gone, X not running: recreate Y                             | RETIRING_X     | CHILD_RECREATED
            RETIRING     | neither running, cutover deadline passed, ROLLBACK: Y keeps it| FAILING_Y      | DEADLINE_EXCEEDED_ROLLBACK
            RETIRING     | neither running, cutover deadline passed, HOLD, new promote   | FAILING_Y      | PROMOTED_BY_USER
            RETIRING     | neither running, cutover deadline passed, HOLD                | RETIRING_X     | DEADLINE_EXCEEDED_HOLD
            RETIRING     | neither running                                               | RETIRING_X     | WAITING_FOR_READINESS
            RETIRING     | paused                                                        | RETIRING_X     | PAUSED
            RETIRING     | post-promotion analysis failed, X running: switch back        | ACTIVE_X       | ANALYSIS_ROLLBACK
            RETIRING     | gated: post-promotion analysis failed, X running: hot rollback| RETIRING_Y     | ANALYSIS_ROLLBACK
            RETIRING     | post-promotion analysis failed, X not running: Y keeps it     | FAILING_Y      | ANALYSIS_ROLLBACK
            RETIRING     | post-promotion analysis inconclusive: hold, X kept            | RETIRING_X     | ANALYSIS_INCONCLUSIVE
            RETIRING     | post-promotion analysis unfinished: X kept                    | RETIRING_X     | WAITING_FOR_ANALYSIS
            RETIRING     | deletion delay or rollback window not passed                  | RETIRING_X     | WAITING_TO_RETIRE
            RETIRING     | gated: delay passed, X still owns the output                  | RETIRING_X     | WAITING_FOR_CUTOVER
            RETIRING     | gated rollback: X failing, its output still kept by Y: wait   | RETIRING_X     | WAITING_FOR_CUTOVER
            RETIRING     | gated: delay passed, X not drained                            | RETIRING_X     | WAITING_FOR_DRAIN
            RETIRING     | gated: X not drained by the cutover deadline, HOLD            | RETIRING_X     | DEADLINE_EXCEEDED_HOLD
            RETIRING     | gated: X not drained by the deadline, ROLLBACK, X running     | RETIRING_Y     | DEADLINE_EXCEEDED_ROLLBACK
            RETIRING     | gated: X not drained by the deadline, ROLLBACK, X not running | ACTIVE_Y       | DEADLINE_EXCEEDED_ROLLBACK
            RETIRING     | gated: delay passed, X drained (or failing): retire X         | ACTIVE_Y       | TRANSITION_COMPLETED
            RETIRING     | delay passed: retire X                                        | ACTIVE_Y       | TRANSITION_COMPLETED
            PATCHING     | X missing, desired spec changed: recreate it re-targeted      | PATCHING_X     | CHILD_RECREATED
            PATCHING     | X missing: recreate it                                        | PATCHING_X     | CHILD_RECREATED
            PATCHING     | new abort: patch back to stable                               | PATCHING_X     | ABORTED_BY_USER
            PATCHING     | new abort, returning to stable, not done, X's spec suspended  | SUSPENDED_X    | ABORTED_BY_USER
            PATCHING     | new abort, returning to stable, not done: keep X as it is     | FAILING_X      | ABORTED_BY_USER
            PATCHING     | X stable and running at the newest generation                 | ACTIVE_X       | PATCH_COMPLETED
            PATCHING     | X observed suspended at the newest generation                 | SUSPENDED_X    | SUSPENDED
            PATCHING     | paused, X suspended by its spec, desired runs: re-patch       | PATCHING_X     | SUPERSEDED
            PATCHING     | paused                                                        | PATCHING_X     | PAUSED
            PATCHING     | desired != target: re-patch                                   | PATCHING_X     | SUPERSEDED
            PATCHING     | desired failed but runs, X's spec suspended: back to stable   | PATCHING_X     | SUPERSEDED
            PATCHING     | held return to stable, needs a transition, X's spec suspended | SUSPENDED_X    | SUPERSEDED
            PATCHING     | held return to stable, needs a transition: give up            | FAILING_X      | SUPERSEDED
            PATCHING     | X rejected or failed by the operator, ROLLBACK: back to stable| PATCHING_X     | CHILD_FAILED_ROLLBACK
            PATCHING     | X rejected or failed, ROLLBACK, nothing to return to          | FAILING_X      | CHILD_FAILED_ROLLBACK
            PATCHING     | X rejected or failed, HOLD                                    | PATCHING_X     | CHILD_FAILED_HOLD
            PATCHING     | deadline passed, ROLLBACK: patch back to stable               | PATCHING_X     | DEADLINE_EXCEEDED_ROLLBACK
            PATCHING     | deadline passed, ROLLBACK, nothing to return to               | FAILING_X      | DEADLINE_EXCEEDED_ROLLBACK
            PATCHING     | deadline passed, HOLD                                         | PATCHING_X     | DEADLINE_EXCEEDED_HOLD
            PATCHING     | X's generation not observed                                   | PATCHING_X     | WAITING_FOR_GENERATION
            PATCHING     | X not ready yet                                               | PATCHING_X     | WAITING_FOR_READINESS
            SUSPENDED    | new abort, nothing in flight: consume it                      | SUSPENDED_X    | ABORT_IGNORED
            SUSPENDED    | new promote, nothing to retry: consume it                     | SUSPENDED_X    | PROMOTE_IGNORED
            SUSPENDED    | X missing: recreate it suspended                              | PATCHING_X     | CHILD_RECREATED
            SUSPENDED    | desired == failed spec, no new promote                        | SUSPENDED_X    | FAILED_SPEC_NOT_RETRIED
            SUSPENDED    | child change, resume: patch X                                 | PATCHING_X     | RESUME_STARTED
            SUSPENDED    | child change, stay suspended: patch X                         | PATCHING_X     | PATCH_STARTED
            SUSPENDED    | PARENT_ONLY: re-apply the parent for X                        | SUSPENDED_X    | PARENT_UPDATED
            SUSPENDED    | no change                                                     | SUSPENDED_X    | SUSPENDED
            FAILING      | new abort, nothing in flight: consume it                      | FAILING_X      | ABORT_IGNORED
            FAILING      | new promote, nothing to retry: consume it                     | FAILING_X      | PROMOTE_IGNORED
            FAILING      | X stable and running again                                    | ACTIVE_X       | ACTIVE_CHILD_RECOVERED
            FAILING      | X missing, stable spec: recreate it                           | PATCHING_X     | CHILD_RECREATED
            FAILING      | X missing, no stable spec: redeploy it                        | TRANSITIONING_X| CHILD_RECREATED
            FAILING      | desired == failed spec, no new promote                        | FAILING_X      | FAILED_SPEC_NOT_RETRIED
            FAILING      | PARENT_ONLY: re-apply the parent for X                        | FAILING_X      | PARENT_UPDATED
            FAILING      | PATCH_CHILD or RESUME: patch X                                | PATCHING_X     | PATCH_STARTED
            FAILING      | SUSPEND: patch X suspended                                    | PATCHING_X     | SUSPEND_STARTED
            FAILING      | TRANSITION, no stable spec: redeploy X                        | TRANSITIONING_X| TRANSITION_FROM_FAILING
            FAILING      | TRANSITION, failingSource REFUSE                              | FAILING_X      | TRANSITION_REFUSED_FAILING
            FAILING      | gated: TRANSITION blocked: Y owns the output, X not failing   | FAILING_X      | WAITING_FOR_CUTOVER
            FAILING      | SUSPEND_THEN_DELETE: TRANSITION blocked: stop Y, savepoint    | FAILING_X      | LEFTOVER_SUSPEND_STARTED
            FAILING      | SUSPEND_THEN_DELETE: TRANSITION blocked: Y still stopping     | FAILING_X      | WAITING_FOR_LEFTOVER
            FAILING      | TRANSITION blocked: Y present or terminating                  | FAILING_X      | TRANSITION_WAITING
            FAILING      | TRANSITION: deploy Y from the last good snapshot              | TRANSITIONING_Y| TRANSITION_FROM_FAILING
            FAILING      | no change                                                     | FAILING_X      | ACTIVE_CHILD_FAILING
            """;

    static final List<RoleRow> ALL = parse(TABLE);

    private static List<RoleRow> parse(String table) {
        var rows = new ArrayList<RoleRow>();
        for (String line : table.strip().split("\n")) {
            String[] cells = line.split("\\|");
            String to = cells[2].strip();
            rows.add(
                    new RoleRow(
                            Role.valueOf(cells[0].strip()),
                            cells[1].strip(),
                            Role.valueOf(to.substring(0, to.length() - 2)),
                            to.endsWith("_Y"),
                            Reason.valueOf(cells[3].strip())));
        }
        return List.copyOf(rows);
    }
}
