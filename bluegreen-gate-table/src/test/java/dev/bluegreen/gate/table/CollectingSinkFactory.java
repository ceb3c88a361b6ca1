package dev.bluegreen.gate.table;

import org.apache.flink.api.common.io.OutputFormat;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamSink;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.ProviderContext;
import org.apache.flink.table.connector.sink.DataStreamSinkProvider;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.connector.sink.OutputFormatProvider;
import org.apache.flink.table.connector.sink.SinkV2Provider;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.factories.DynamicTableSinkFactory;
import org.apache.flink.table.factories.FactoryUtil;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Test support: an inner sink connector {@code collecting} that keeps the first field (BIGINT) of
 * every row it receives, per {@code name}, in this JVM (the MiniCluster runs in the test's JVM).
 * Its {@code provider} option picks the runtime provider type, so the ITs hand the gated stream to
 * each type; {@code unsupported} returns one the wrapper refuses. It records the options it was
 * created with, and validates them like any connector (an unknown option fails).
 */
public final class CollectingSinkFactory implements DynamicTableSinkFactory {
    static final ConfigOption<String> NAME =
            ConfigOptions.key("name").stringType().noDefaultValue();
    static final ConfigOption<String> PROVIDER =
            ConfigOptions.key("provider").stringType().defaultValue("sink-v2");
    static final ConfigOption<String> PREFIX =
            ConfigOptions.key("sink.transactional-id-prefix").stringType().noDefaultValue();

    private static final Map<String, List<Long>> ROWS = new ConcurrentHashMap<>();
    private static final Map<String, Map<String, String>> OPTIONS = new ConcurrentHashMap<>();

    /** First fields of the rows the sink {@code name} received, in arrival order. */
    static List<Long> rows(String name) {
        return ROWS.getOrDefault(name, List.of());
    }

    /** The options the sink {@code name} was last created with. */
    static Map<String, String> options(String name) {
        return OPTIONS.get(name);
    }

    @Override
    public String factoryIdentifier() {
        return "collecting";
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(NAME);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of(PROVIDER, PREFIX);
    }

    @Override
    public DynamicTableSink createDynamicTableSink(Context context) {
        FactoryUtil.createTableFactoryHelper(this, context).validate();
        Configuration options = Configuration.fromMap(context.getCatalogTable().getOptions());
        OPTIONS.put(options.get(NAME), context.getCatalogTable().getOptions());
        return new Collecting(options.get(NAME), options.get(PROVIDER));
    }

    private static final class Collecting implements DynamicTableSink {
        private final String name;
        private final String provider;

        Collecting(String name, String provider) {
            this.name = name;
            this.provider = provider;
        }

        @Override
        public ChangelogMode getChangelogMode(ChangelogMode requestedMode) {
            return requestedMode;
        }

        @Override
        public SinkRuntimeProvider getSinkRuntimeProvider(Context context) {
            String target = name;
            switch (provider) {
                case "sink-v2":
                    return SinkV2Provider.of(CollectFunctions.sink(target));
                case "sink-function":
                    return CollectFunctions.provider(target);
                case "output-format":
                    return OutputFormatProvider.of(new CollectFormat(target));
                case "data-stream":
                    return new DataStreamSinkProvider() {
                        @Override
                        public DataStreamSink<?> consumeDataStream(
                                ProviderContext ctx, DataStream<RowData> stream) {
                            return stream.addSink(CollectFunctions.function(target));
                        }
                    };
                default:
                    return new SinkRuntimeProvider() {};
            }
        }

        @Override
        public DynamicTableSink copy() {
            return new Collecting(name, provider);
        }

        @Override
        public String asSummaryString() {
            return "collecting(" + name + ")";
        }
    }

    static void collect(String name, RowData row) {
        ROWS.computeIfAbsent(name, n -> new CopyOnWriteArrayList<>()).add(row.getLong(0));
    }

    private static final class CollectFormat implements OutputFormat<RowData> {
        private final String name;

        CollectFormat(String name) {
            this.name = name;
        }

        @Override
        public void configure(Configuration parameters) {}

        @Override
        public void open(InitializationContext context) {}

        @Override
        public void writeRecord(RowData row) {
            collect(name, row);
        }

        @Override
        public void close() {}
    }
}
