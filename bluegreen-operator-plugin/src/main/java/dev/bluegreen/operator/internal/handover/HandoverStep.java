package dev.bluegreen.operator.internal.handover;

import dev.bluegreen.core.GateObservation;
import dev.bluegreen.gate.rule.GateCommand;

import java.util.Objects;
import java.util.Optional;

/**
 * The coordinator's answer: the command to send next, if any, and what the gate reports as the
 * engine sees it. Immutable and thread-safe.
 *
 * @param command the command to send (propose, re-pick, commit or abort), or empty
 * @param observation the committed output owner, drain per colour and a human detail
 * @param handback a cold hand-back sent now, or one every keeper subtask applied; empty otherwise
 */
public record HandoverStep(
        Optional<GateCommand> command,
        GateObservation observation,
        Optional<HandbackNote> handback) {

    public HandoverStep {
        Objects.requireNonNull(command, "command == null");
        Objects.requireNonNull(observation, "observation == null");
        Objects.requireNonNull(handback, "handback == null");
    }
}
