/**
 * The record-level gate that runs inside the user's Flink job and decides which colour emits each
 * record, for an exactly-once handover between the blue and the green job (docs/gate.md).
 *
 * <ul>
 *   <li>{@code rule}: the pure decision core (JDK only, no clock reads).
 *   <li>{@code channel}: the control channel between the controller and the gates (JDK only).
 *   <li>{@code flink}: the Flink adapter ({@code BlueGreenGate.apply(stream)}).
 * </ul>
 *
 * <p>Dependencies: Flink (provided) and the JDK only; compiled to Java 11 bytecode.
 */
package dev.bluegreen.gate;
