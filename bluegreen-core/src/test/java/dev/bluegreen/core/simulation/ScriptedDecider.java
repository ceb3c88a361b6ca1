package dev.bluegreen.core.simulation;

import dev.bluegreen.core.Action;
import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.ChangeKind;
import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.Observation;
import dev.bluegreen.core.Plan;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.TransitionRecord;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A tiny stand-in engine to test the simulator itself: first deploy, stateless transitions with
 * traffic switch and deletion of the previous child, recreation of a vanished serving child. No
 * savepoints, deadlines, commands or suspension.
 */
final class ScriptedDecider {
    private ScriptedDecider() {}

    static Plan decide(TransitionRecord record, Observation o) {
        BlueGreenState state = record.state();
        return switch (state.role()) {
            case INITIALIZING -> startTransition(record, o, Color.BLUE, Reason.INITIAL_DEPLOY);
            case TRANSITIONING -> awaitReady(record, o, state.namedColor());
            case ACTIVE -> active(record, o, state.namedColor());
            default -> throw new IllegalStateException("scripted decider cannot handle " + state);
        };
    }

    private static Plan startTransition(
            TransitionRecord record, Observation o, Color to, Reason reason) {
        var next =
                record.toBuilder()
                        .state(BlueGreenState.of(BlueGreenState.Role.TRANSITIONING, to))
                        .targetSpecRef(o.desired().ref())
                        .build();
        var deploy = new Action.DeployChild(to, o.desired().ref(), Action.RestoreFrom.EMPTY, null);
        return new Plan(next, List.of(deploy), Optional.empty(), reason, "deploying " + to);
    }

    private static Plan awaitReady(TransitionRecord record, Observation o, Color to) {
        if (!o.child(to).stableAndRunning()) {
            var deploy =
                    new Action.DeployChild(
                            to, record.targetSpecRef(), Action.RestoreFrom.EMPTY, null);
            return new Plan(
                    record, List.of(deploy), Optional.empty(), Reason.WAITING_FOR_READINESS, "");
        }
        List<Action> actions = new ArrayList<>();
        actions.add(new Action.SwitchTraffic(to));
        if (o.child(to.opposite()).exists()) {
            actions.add(new Action.DeleteChild(to.opposite()));
        }
        var next =
                record.toBuilder()
                        .state(BlueGreenState.of(BlueGreenState.Role.ACTIVE, to))
                        .stableSpecRef(record.targetSpecRef())
                        .trafficColor(to)
                        .clearTransitionMarkers()
                        .build();
        return new Plan(next, actions, Optional.empty(), Reason.TRANSITION_COMPLETED, "");
    }

    private static Plan active(TransitionRecord record, Observation o, Color x) {
        ChildObservation serving = o.child(x);
        if (!serving.exists()) {
            var deploy =
                    new Action.DeployChild(
                            x, record.stableSpecRef(), Action.RestoreFrom.EMPTY, null);
            return new Plan(record, List.of(deploy), Optional.empty(), Reason.CHILD_RECREATED, "");
        }
        if (o.desired().change() == ChangeKind.TRANSITION) {
            return startTransition(record, o, x.opposite(), Reason.TRANSITION_STARTED);
        }
        return new Plan(record, List.of(), Optional.empty(), Reason.STEADY, "");
    }
}
