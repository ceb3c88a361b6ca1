package dev.bluegreen.operator.internal.handover;

import dev.bluegreen.gate.rule.GateCommand;

/**
 * One step of the coordinator: the command to send ({@code null} for none), a human detail, and a
 * note when the command is a cold hand-back ({@code null} otherwise).
 */
record Decision(GateCommand command, String detail, HandbackNote note) {
    Decision(GateCommand command, String detail) {
        this(command, detail, null);
    }
}
