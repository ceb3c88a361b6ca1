package dev.bluegreen.gate.flink;

import dev.bluegreen.gate.rule.GateReport;

import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MetricGroup;

import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * Registers a gate subtask's report as Flink gauges in the group {@value #GROUP} of the operator,
 * so the controller reads them through the JobManager REST API (metric names {@code <operator
 * name>.bluegreenGate.<gauge>}). Every gauge reads one immutable report published once per report
 * tick; the {@value #REPORT} gauge carries the whole report as one line, so a reader sees
 * consistent fields. The {@value #CHANNEL_ERROR} gauge shows why the control channel's last read
 * failed (empty when it did not). Used by the gate operator and by gates that live elsewhere in a
 * job (the Kafka source's position gate), so the controller reads every gate the same way.
 */
public final class GateMetrics {
    /** Metric group name under the operator. */
    static final String GROUP = "bluegreenGate";

    /** Gauge with the whole report in its text form. */
    static final String REPORT = "report";

    /** Gauge with the channel's last read error, "" for none. */
    static final String CHANNEL_ERROR = "channelError";

    private GateMetrics() {}

    /**
     * Registers the gauges under {@code group}'s subgroup {@value #GROUP}.
     *
     * @param operatorGroup the operator's (or source reader's) metric group
     * @param latest the newest report; read from the metric reporter's thread, so it must return a
     *     safely published immutable report, never null
     * @param channelError the channel's last read error, "" for none
     */
    public static void register(
            MetricGroup operatorGroup, Supplier<GateReport> latest, Supplier<String> channelError) {
        MetricGroup group = operatorGroup.addGroup(GROUP);
        group.gauge(CHANNEL_ERROR, (Gauge<String>) channelError::get);
        group.gauge(REPORT, (Gauge<String>) () -> latest.get().toText());
        group.gauge("color", (Gauge<String>) () -> latest.get().color().name());
        longGauge(group, "parallelism", latest, GateReport::parallelism);
        longGauge(group, "transition", latest, GateReport::transition);
        group.gauge(
                "stage",
                (Gauge<String>)
                        () -> latest.get().stage().map(Enum::name).orElse(GateReport.NO_STAGE));
        longGauge(group, "holdsCutover", latest, r -> r.holdsCutover() ? 1 : 0);
        longGauge(group, "cutover", latest, GateReport::cutover);
        registerProgress(group, latest);
    }

    /** One gauge per progress field of the report: watermark, record counts, drained, idle. */
    private static void registerProgress(MetricGroup group, Supplier<GateReport> latest) {
        longGauge(group, "watermark", latest, GateReport::watermark);
        longGauge(group, "maxTimestamp", latest, GateReport::maxTimestamp);
        longGauge(group, "held", latest, GateReport::held);
        longGauge(group, "passed", latest, GateReport::passed);
        longGauge(group, "dropped", latest, GateReport::dropped);
        longGauge(group, "drained", latest, r -> r.drained() ? 1 : 0);
        longGauge(group, "conflict", latest, GateReport::conflict);
        longGauge(group, "idle", latest, r -> r.idle() ? 1 : 0);
        registerKeepWindow(group, latest);
    }

    /**
     * The keep window's gauges: what the keeper keeps (records, serialized bytes at the last
     * checkpoint, records dropped without keeping once a bound was reached, records a hand-back
     * could not recover), and the bound in force and the newest completed checkpoint at risk.
     */
    private static void registerKeepWindow(MetricGroup group, Supplier<GateReport> latest) {
        longGauge(group, "kept", latest, r -> r.keeping().kept());
        longGauge(group, "keptBytes", latest, r -> r.keeping().keptBytes());
        longGauge(group, "unkept", latest, r -> r.keeping().unkept());
        longGauge(group, "lost", latest, r -> r.keeping().lost());
        longGauge(group, "releaseBound", latest, r -> r.checkpoints().bound());
        longGauge(group, "committedCheckpoint", latest, r -> r.checkpoints().committed());
    }

    private static void longGauge(
            MetricGroup group,
            String name,
            Supplier<GateReport> latest,
            ToLongFunction<GateReport> field) {
        group.gauge(name, (Gauge<Long>) () -> field.applyAsLong(latest.get()));
    }
}
