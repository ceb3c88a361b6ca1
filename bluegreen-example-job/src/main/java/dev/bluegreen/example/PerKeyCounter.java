package dev.bluegreen.example;

import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;

import java.io.IOException;

/**
 * Counts the records of each key in keyed {@link ValueState} (count and sum of ids) and emits one
 * output line per record: {@code id,key,eventTimeMillis,perKeyCount,version}. The count survives
 * savepoints, so a restored job continues each key's count.
 */
public final class PerKeyCounter extends KeyedProcessFunction<String, Event, String> {
    private static final long serialVersionUID = 1L;

    private final String version;
    private transient ValueState<Long> count;
    private transient ValueState<Long> sum;

    /** A counter that writes {@code version} into every line. */
    public PerKeyCounter(String version) {
        this.version = version;
    }

    @Override
    public void open(OpenContext context) {
        count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Types.LONG));
        sum = getRuntimeContext().getState(new ValueStateDescriptor<>("sum", Types.LONG));
    }

    @Override
    public void processElement(Event event, Context context, Collector<String> out)
            throws IOException {
        long newCount = (count.value() == null ? 0 : count.value()) + 1;
        count.update(newCount);
        sum.update((sum.value() == null ? 0 : sum.value()) + event.id);
        out.collect(line(event, newCount, version));
    }

    /** The output line of {@code event} as the {@code perKeyCount}-th record of its key. */
    public static String line(Event event, long perKeyCount, String version) {
        return event.id
                + ","
                + event.key
                + ","
                + event.eventTime
                + ","
                + perKeyCount
                + ","
                + version;
    }
}
