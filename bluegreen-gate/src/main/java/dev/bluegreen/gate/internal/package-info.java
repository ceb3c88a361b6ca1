/**
 * Internal: the gate's per-subtask decision rule (PASS / DROP / HOLD), its checkpointed memory, its
 * settings and the wire-format helpers. Public only because the Flink adapter ({@code
 * dev.bluegreen.gate.flink}) and the message types in {@code dev.bluegreen.gate.rule} use it; not
 * part of the API and may change in any release. Depends on the JDK and the rule package only and
 * never reads a clock: processing time is an input.
 */
package dev.bluegreen.gate.internal;
