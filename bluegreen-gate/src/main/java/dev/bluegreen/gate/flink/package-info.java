/**
 * Flink adapter of the gate: the one-line DataStream API, the operator, its configuration keys and
 * metrics. Moves records, state and timers; the decisions are in the rule package.
 */
package dev.bluegreen.gate.flink;
