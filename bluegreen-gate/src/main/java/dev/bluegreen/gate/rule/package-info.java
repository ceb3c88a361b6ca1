/**
 * Pure decision core of the gate: per-subtask state, the PASS / DROP / HOLD rule, commands,
 * reports. Depends on the JDK only and never reads a clock: processing time is an input.
 */
package dev.bluegreen.gate.rule;
