/**
 * The handover coordinator of ADVANCED mode: a pure function from the engine's desired output
 * owner, the control channel's newest command and the gate subtasks' reports to the next command to
 * send and the facts the engine needs ({@link dev.bluegreen.core.GateObservation}). No I/O and no
 * clock reads: time is an input. The protocol is described in docs/gate.md.
 */
package dev.bluegreen.operator.internal.handover;
