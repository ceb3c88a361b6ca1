package dev.bluegreen.gate.kafka;

import org.apache.flink.metrics.MetricGroup;

/**
 * The source subtask's index, read from the metric group the Kafka source hands to {@code open}:
 * its scope variable {@code <subtask_index>} (the initialization context has no runtime context).
 */
final class SubtaskIndex {
    static final String VARIABLE = "<subtask_index>";

    private SubtaskIndex() {}

    static int of(MetricGroup group) {
        String index = group.getAllVariables().get(VARIABLE);
        if (index == null) {
            throw new IllegalStateException(
                    "bluegreen: the source's metric group has no " + VARIABLE + " variable");
        }
        return Integer.parseInt(index);
    }
}
