/**
 * The example stateful Flink job of the demo: a replayable event-time source ({@code
 * EventGenerator}), keyed state ({@code PerKeyCounter}), the gate and an auditable line sink, with
 * its arguments ({@code JobArgs}) and the output audit. Flink is provided by the cluster; only the
 * gate travels in the job jar.
 */
package dev.bluegreen.example;
