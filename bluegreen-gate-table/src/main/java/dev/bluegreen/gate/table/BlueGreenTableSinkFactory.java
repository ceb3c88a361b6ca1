package dev.bluegreen.gate.table;

import dev.bluegreen.gate.flink.ColorScope;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.ResolvedCatalogTable;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.factories.DynamicTableSinkFactory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.types.logical.RowType;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The {@code bluegreen} sink connector: puts the blue/green gate in front of any other sink
 * connector, so that a SQL or Table API job hands its output over record by record (ADVANCED mode).
 * A user changes only the sink table's {@code connector}:
 *
 * <pre>{@code
 * CREATE TABLE orders_out (...) WITH (
 *   'connector' = 'bluegreen',
 *   'bluegreen.sink' = 'kafka',          -- the connector it was before
 *   'topic' = 'orders-out', ...          -- its options, unchanged
 * )
 * }</pre>
 *
 * <p>The inner sink is created by Flink's own discovery ({@link
 * FactoryUtil#createDynamicTableSink}) from a copy of the table whose {@code connector} is {@code
 * bluegreen.sink} and whose options are the table's other options; Kafka's {@code
 * sink.transactional-id-prefix} gets the job's colour appended ({@link ColorScope}). Colour and
 * channel come from the job's configuration, as for {@code BlueGreenGate.apply}. Options: {@link
 * BlueGreenSinkOptions}. Stateless and thread-safe (the planner creates one per lookup).
 */
public final class BlueGreenTableSinkFactory implements DynamicTableSinkFactory {
    /** The connector's identifier: {@value}. */
    public static final String IDENTIFIER = "bluegreen";

    @Override
    public String factoryIdentifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(BlueGreenSinkOptions.SINK);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        Set<ConfigOption<?>> optional = new HashSet<>(BlueGreenSinkOptions.OWN.values());
        optional.remove(BlueGreenSinkOptions.SINK);
        return optional;
    }

    /**
     * Creates the wrapper around the inner connector's sink.
     *
     * @throws ValidationException naming the option when one of the wrapper's options is refused,
     *     or Flink's own error when the inner connector refuses its options
     * @throws IllegalArgumentException naming the key when the job's colour is not BLUE or GREEN
     */
    @Override
    public DynamicTableSink createDynamicTableSink(Context context) {
        ColorScope scope = ColorScope.of(context.getConfiguration());
        ResolvedCatalogTable table = context.getCatalogTable();
        Map<String, String> options = table.getOptions();
        RowType physical = (RowType) context.getPhysicalRowDataType().getLogicalType();
        GatePlan plan =
                SinkPlanner.gatePlan(
                        context.getObjectIdentifier().asSummaryString(), options, physical, scope);
        DynamicTableSink inner =
                innerSink(context, table.copy(SinkPlanner.innerOptions(options, scope)));
        return new BlueGreenDynamicSink(inner, plan, GatePlan.rowTypeText(physical));
    }

    /** The inner connector's sink for {@code innerTable}, found by its {@code connector}. */
    private static DynamicTableSink innerSink(Context context, ResolvedCatalogTable innerTable) {
        return FactoryUtil.createDynamicTableSink(
                null,
                context.getObjectIdentifier(),
                innerTable,
                withoutOwnKeys(context.getEnrichmentOptions()),
                context.getConfiguration(),
                context.getClassLoader(),
                context.isTemporary());
    }

    private static Map<String, String> withoutOwnKeys(Map<String, String> options) {
        Map<String, String> result = new LinkedHashMap<>(options);
        result.keySet().removeIf(key -> key.startsWith(BlueGreenSinkOptions.PREFIX));
        return result;
    }
}
