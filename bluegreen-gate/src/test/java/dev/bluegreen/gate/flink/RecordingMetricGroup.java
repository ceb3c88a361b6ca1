package dev.bluegreen.gate.flink;

import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.Metric;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.runtime.metrics.util.InterceptingOperatorMetricGroup;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Operator metric group that records every metric, including those of sub-groups, by dotted name.
 */
final class RecordingMetricGroup extends InterceptingOperatorMetricGroup {
    private final Map<String, Metric> all;
    private final String prefix;

    RecordingMetricGroup() {
        this(new ConcurrentHashMap<>(), "");
    }

    private RecordingMetricGroup(Map<String, Metric> all, String prefix) {
        this.all = all;
        this.prefix = prefix;
    }

    @Override
    protected void addMetric(String name, Metric metric) {
        // The super constructor registers its own metrics before our fields are set.
        if (all != null) {
            all.put(prefix + name, metric);
        }
    }

    @Override
    public MetricGroup addGroup(String name) {
        return new RecordingMetricGroup(all, prefix + name + ".");
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
