package dev.bluegreen.operator.internal.pipeline.decide;

import dev.bluegreen.core.Action;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.Observation;
import dev.bluegreen.core.Plan;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.operator.internal.config.BlueGreenSettings;
import dev.bluegreen.operator.internal.handover.HandbackNote;
import dev.bluegreen.operator.internal.observe.ChildError;
import dev.bluegreen.operator.internal.observe.GateHealth;
import dev.bluegreen.operator.internal.spec.SpecRefs;
import dev.bluegreen.operator.internal.status.StatusInput;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;
import java.util.Optional;

/**
 * One decision of the engine with everything it was made from.
 *
 * @param settings the parsed options
 * @param desired the desired spec tree (canonical)
 * @param stable the last stable spec tree, or {@code null}
 * @param target the in-flight target spec tree ({@code status.targetSpec}), or {@code null}
 * @param record the persisted record the engine started from
 * @param observation what was observed
 * @param plan the engine's plan
 * @param gateCommand ADVANCED mode: the command to send to the gate channel, or {@code null}
 * @param childErrors the errors the children report in {@code status.error} (at most one per
 *     colour)
 * @param gateHealth ADVANCED mode: what is wrong with the gate channel as the children's REST APIs
 *     show it, or {@code null} when nothing is (or in BASIC mode)
 * @param handback ADVANCED mode: a cold hand-back sent, or seen applied, in this reconcile; or
 *     {@code null}
 * @param blocked why the plan is held instead of carried out (the quota does not fit the child it
 *     starts; see {@link CapacityRule}), or {@code null} when it goes ahead
 */
public record Decision(
        BlueGreenSettings settings,
        JsonNode desired,
        JsonNode stable,
        JsonNode target,
        TransitionRecord record,
        Observation observation,
        Plan plan,
        GateCommand gateCommand,
        List<ChildError> childErrors,
        GateHealth gateHealth,
        HandbackNote handback,
        StatusInput.Blocked blocked) {

    /** The spec trees the plan's references name. */
    public SpecRefs specs() {
        return SpecRefs.of(desired, stable, target);
    }

    /**
     * Whether the plan starts a child that neither serves nor exists yet: then it waits for the
     * quota headroom to be read before it is carried out ({@link CapacityRule}).
     */
    public boolean startsANewChild() {
        return plan.actions().stream().anyMatch(this::startsNew);
    }

    /**
     * Whether {@code action} deploys a child of a colour that does not serve and does not exist.
     */
    boolean startsNew(Action action) {
        Optional<Color> serving = record.state().activeColor();
        return action instanceof Action.DeployChild deploy
                && serving.map(c -> c != deploy.color()).orElse(true)
                && !observation.child(deploy.color()).exists();
    }

    /**
     * Whether the next reconcile should come soon: the plan waits for readiness facts that change
     * without an event (backlog, checkpoints).
     */
    public boolean pollsReadiness() {
        return settings.readinessChecks().any() && plan.reason() == Reason.WAITING_FOR_READINESS;
    }

    /** This decision held for {@code why}. */
    Decision heldBy(StatusInput.Blocked why) {
        return new Decision(
                settings,
                desired,
                stable,
                target,
                record,
                observation,
                plan,
                gateCommand,
                childErrors,
                gateHealth,
                handback,
                why);
    }
}
