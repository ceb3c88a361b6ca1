package dev.bluegreen.gate.flink;

import org.apache.flink.api.common.JobID;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.Metric;
import org.apache.flink.runtime.clusterframework.types.ResourceID;
import org.apache.flink.runtime.executiongraph.ExecutionAttemptID;
import org.apache.flink.runtime.metrics.groups.AbstractMetricGroup;
import org.apache.flink.runtime.metrics.groups.TaskManagerMetricGroup;
import org.apache.flink.runtime.metrics.groups.TaskMetricGroup;
import org.apache.flink.runtime.metrics.util.TestingMetricRegistry;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A real task metric group on a registry that records every metric its operators register, by the
 * name of the group it was registered in plus its own, e.g. {@code bluegreenGate.watermark}.
 *
 * <p>It goes through the public registry, not an override of {@code
 * TaskMetricGroup.getOrAddOperator}, whose parameters differ between Flink 1.20 and 2.2; the same
 * source runs on both.
 */
final class RecordingMetricGroup {
    private final Map<String, Metric> all = new ConcurrentHashMap<>();
    private final TaskMetricGroup task =
            TaskManagerMetricGroup.createTaskManagerMetricGroup(
                            TestingMetricRegistry.builder()
                                    .setRegisterConsumer(this::record)
                                    .build(),
                            "localhost",
                            ResourceID.generate())
                    .addJob(new JobID(), "gate-operator-test")
                    .addTask(ExecutionAttemptID.randomId(), "gate");

    /** The task group to give the harness's environment; its operators register here. */
    TaskMetricGroup task() {
        return task;
    }

    private void record(Metric metric, String name, AbstractMetricGroup<?> group) {
        String[] scope = group.getScopeComponents();
        all.put(scope[scope.length - 1] + "." + name, metric);
    }

    /** The value of a gauge, e.g. {@code bluegreenGate.watermark}. */
    Object gauge(String name) {
        Metric metric = all.get(name);
        if (!(metric instanceof Gauge)) {
            throw new AssertionError("no gauge " + name + " in " + all.keySet());
        }
        return ((Gauge<?>) metric).getValue();
    }
}
