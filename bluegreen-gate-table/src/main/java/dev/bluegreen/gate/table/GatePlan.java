package dev.bluegreen.gate.table;

import dev.bluegreen.gate.flink.ColorScope;
import dev.bluegreen.gate.flink.EventTimeExtractor;
import dev.bluegreen.gate.flink.GateOptions;

import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.LogicalType;

import java.time.Duration;
import java.util.Optional;

/**
 * What the {@code bluegreen} connector decided at planning for one sink table: the gate's uid and
 * tuning, where event time comes from, and the job's colour (for the inner sink's per-colour uid).
 * Immutable.
 */
final class GatePlan {
    private final String table;
    private final String gateUid;
    private final EventTimeColumn column;
    private final Duration allowedLateness;
    private final Duration idleTimeout;
    private final Duration reportInterval;
    private final ColorScope scope;

    GatePlan(
            String table,
            String gateUid,
            EventTimeColumn column,
            Duration allowedLateness,
            Duration idleTimeout,
            Duration reportInterval,
            ColorScope scope) {
        this.table = table;
        this.gateUid = gateUid;
        this.column = column;
        this.allowedLateness = allowedLateness;
        this.idleTimeout = idleTimeout;
        this.reportInterval = reportInterval;
        this.scope = scope;
    }

    /** The sink table's name, {@code catalog.database.table}. */
    String table() {
        return table;
    }

    /**
     * The gate's operator uid: {@code bluegreen.gate.uid} when set, else {@code
     * BlueGreenGate-<table>-<row type fingerprint>}. The fingerprint (8 hex digits of the rows'
     * type) changes when the sink's columns change: the gate's held records are state of the row
     * type, which Flink cannot restore into another row type, so a green with other columns starts
     * its gate afresh (it reads the schedule from the channel at start) instead of failing.
     *
     * @param rowType the rows' type as text, physical and metadata columns (see {@link
     *     #rowTypeText})
     */
    String gateUid(String rowType) {
        if (gateUid != null) {
            return gateUid;
        }
        return "BlueGreenGate-" + table + "-" + String.format("%08x", rowType.hashCode());
    }

    /** The text a row type's fingerprint is taken of: its serializable form where it has one. */
    static String rowTypeText(LogicalType rowType) {
        try {
            return rowType.asSerializableString();
        } catch (RuntimeException e) {
            return rowType.asSummaryString();
        }
    }

    /** The event-time column, empty to use the rowtime attribute. */
    Optional<EventTimeColumn> column() {
        return Optional.ofNullable(column);
    }

    /** The job's colour scope (none outside blue/green). */
    ColorScope scope() {
        return scope;
    }

    /**
     * The gate's options: uid (of {@code rowType}, see {@link #gateUid}; {@link GatedSinkProvider}
     * then names the operator {@code BlueGreenGate}), the table's tuning values (unset ones come
     * from the job configuration, as colour and channel always do) and the extractor, if any.
     */
    GateOptions<RowData> gateOptions(String rowType) {
        GateOptions.Builder<RowData> builder =
                GateOptions.<RowData>builder()
                        .name(gateUid(rowType))
                        .allowedLateness(allowedLateness)
                        .idleTimeout(idleTimeout)
                        .reportInterval(reportInterval);
        EventTimeExtractor<RowData> extractor = column;
        return builder.extractor(extractor).build();
    }
}
