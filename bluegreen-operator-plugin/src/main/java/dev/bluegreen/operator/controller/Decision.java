package dev.bluegreen.operator.controller;

import dev.bluegreen.core.Observation;
import dev.bluegreen.core.Plan;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.operator.internal.config.BlueGreenSettings;
import dev.bluegreen.operator.internal.observe.ChildError;
import dev.bluegreen.operator.internal.observe.GateHealth;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

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
 */
record Decision(
        BlueGreenSettings settings,
        JsonNode desired,
        JsonNode stable,
        JsonNode target,
        TransitionRecord record,
        Observation observation,
        Plan plan,
        GateCommand gateCommand,
        List<ChildError> childErrors,
        GateHealth gateHealth) {}
