package dev.bluegreen.gate.table;

import dev.bluegreen.gate.flink.EventTimeExtractor;

import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.TimestampData;

/**
 * Reads a row's event time from a {@code TIMESTAMP} or {@code TIMESTAMP_LTZ} column (the option
 * {@code bluegreen.event-time-column}). A {@code TIMESTAMP} value is read as if it were UTC; blue
 * and green read the same value the same way, which is all the gate needs. Immutable.
 */
final class EventTimeColumn implements EventTimeExtractor<RowData> {
    private static final long serialVersionUID = 1L;

    private final String name;
    private final int position;
    private final int precision;

    /**
     * A reader of one column.
     *
     * @param name the column's name, for error messages
     * @param position its position in the sink's physical row
     * @param precision its timestamp precision (0 to 9)
     */
    EventTimeColumn(String name, int position, int precision) {
        this.name = name;
        this.position = position;
        this.precision = precision;
    }

    /** The column's name. */
    String name() {
        return name;
    }

    /** The column's position in the physical row. */
    int position() {
        return position;
    }

    /**
     * The row's event time.
     *
     * @throws IllegalStateException naming the option and the column when the value is null
     */
    @Override
    public long eventTime(RowData row) {
        if (row.isNullAt(position)) {
            throw new IllegalStateException(
                    BlueGreenSinkOptions.EVENT_TIME_COLUMN.key()
                            + ": column '"
                            + name
                            + "' is null in a row; the gate needs an event time in every row");
        }
        TimestampData value = row.getTimestamp(position, precision);
        return value.getMillisecond();
    }
}
