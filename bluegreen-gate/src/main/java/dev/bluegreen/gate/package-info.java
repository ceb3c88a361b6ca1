/**
 * The record-level gate that runs inside the user's Flink job and decides which colour emits each
 * record. Not implemented yet: it is the subject of the gate issue.
 *
 * <p>Dependencies: Flink (provided) and the JDK only; compiled to Java 11 bytecode.
 */
package dev.bluegreen.gate;
