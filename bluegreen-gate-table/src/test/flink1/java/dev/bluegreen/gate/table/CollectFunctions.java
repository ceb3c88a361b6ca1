package dev.bluegreen.gate.table;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.streaming.api.functions.sink.SinkFunction;
import org.apache.flink.table.connector.sink.DynamicTableSink.SinkRuntimeProvider;
import org.apache.flink.table.connector.sink.SinkFunctionProvider;
import org.apache.flink.table.data.RowData;

/**
 * The collecting sink function and Sink V2 of {@link CollectingSinkFactory}, in the types of Flink
 * 1.20 (this copy is picked by the build, as {@code LegacySinks}).
 */
final class CollectFunctions {
    private CollectFunctions() {}

    /** A {@code SinkFunctionProvider} whose function collects into {@code target}. */
    static SinkRuntimeProvider provider(String target) {
        return SinkFunctionProvider.of(function(target));
    }

    /** A sink function that collects into {@code target}. */
    static SinkFunction<RowData> function(String target) {
        return new CollectFunction(target);
    }

    /** A Sink V2 that collects into {@code target}. */
    static Sink<RowData> sink(String target) {
        return new CollectSink(target);
    }

    private static final class CollectFunction implements SinkFunction<RowData> {
        private final String name;

        CollectFunction(String name) {
            this.name = name;
        }

        @Override
        public void invoke(RowData row, Context context) {
            CollectingSinkFactory.collect(name, row);
        }
    }

    private static final class CollectSink implements Sink<RowData> {
        private final String name;

        CollectSink(String name) {
            this.name = name;
        }

        @Override
        @SuppressWarnings("deprecation")
        public SinkWriter<RowData> createWriter(InitContext context) {
            return writer();
        }

        @Override
        public SinkWriter<RowData> createWriter(WriterInitContext context) {
            return writer();
        }

        private SinkWriter<RowData> writer() {
            return new CollectingWriter(name);
        }
    }
}
