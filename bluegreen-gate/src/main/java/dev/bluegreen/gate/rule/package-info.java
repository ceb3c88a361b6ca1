/**
 * The messages the gate and the controller exchange over a channel: {@link
 * dev.bluegreen.gate.rule.GateCommand} (the controller's proposal, commit or abort), {@link
 * dev.bluegreen.gate.rule.GateReport} (one subtask's state), their colours and stages, and {@link
 * dev.bluegreen.gate.rule.HandoverStatus} (questions over a set of reports). Public: the channel
 * SPI exposes them. Depends on the JDK and {@code dev.bluegreen.gate.internal} only.
 */
package dev.bluegreen.gate.rule;
