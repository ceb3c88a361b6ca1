package dev.bluegreen.gate.table;

import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.streaming.api.graph.StreamNode;
import org.apache.flink.table.api.TableException;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The connector in Flink's planner, up to the job's stream graph (nothing runs): discovery through
 * {@code 'connector' = 'bluegreen'}, the inner table's options, the uids, and the refusals that
 * happen while a statement is planned or translated.
 */
class BlueGreenSinkPlanningTest {
    static final String INSERT_ROWTIME = "INSERT INTO `out` SELECT id, ts FROM src";

    @Test
    void innerConnectorGetsTheTablesOtherOptionsAndTheColouredPrefix() {
        StreamTableEnvironment tables = SqlJobs.environment(Map.of("bluegreen.color", "GREEN"));
        String name = SqlJobs.uniqueName();
        SqlJobs.createSink(tables, name, ", 'sink.transactional-id-prefix' = 'orders'");

        graphOf(tables, INSERT_ROWTIME);

        assertThat(CollectingSinkFactory.options(name))
                .containsEntry("connector", "collecting")
                .containsEntry("name", name)
                .containsEntry("sink.transactional-id-prefix", "orders-green")
                .doesNotContainKey("bluegreen.sink");
    }

    @Test
    void gateHasAStableUidAndTheSinkOneUidPerColour() {
        List<String> blue = uids(Map.of("bluegreen.color", "BLUE"));
        List<String> green = uids(Map.of("bluegreen.color", "GREEN"));
        List<String> none = uids(Map.of());

        String gate = "BlueGreenGate-default_catalog.default_database.out-";
        String sink = "bluegreen-sink-default_catalog.default_database.out";
        assertThat(blue)
                .contains(sink + "-blue")
                .filteredOn(uid -> uid.startsWith(gate))
                .hasSize(1);
        String gateUid =
                blue.stream().filter(uid -> uid.startsWith(gate)).findFirst().orElseThrow();
        assertThat(green).contains(gateUid, sink + "-green");
        assertThat(none).contains(gateUid).noneMatch(uid -> uid.startsWith(sink));
    }

    @Test
    void gateOperatorIsNamedAsTheControllersReportReaderExpects() {
        StreamTableEnvironment tables = SqlJobs.environment(Map.of("bluegreen.color", "BLUE"));
        SqlJobs.createSink(tables, SqlJobs.uniqueName(), "");

        List<StreamNode> gates =
                graphOf(tables, INSERT_ROWTIME).getStreamNodes().stream()
                        .filter(
                                n ->
                                        String.valueOf(n.getTransformationUID())
                                                .startsWith("BlueGreenGate-"))
                        .collect(Collectors.toList());

        // the REST reader reads the gauge BlueGreenGate.bluegreenGate.report (operator name first)
        assertThat(gates).hasSize(1);
        assertThat(gates.get(0).getOperatorName()).isEqualTo("BlueGreenGate");
    }

    private static List<String> uids(Map<String, String> config) {
        StreamTableEnvironment tables = SqlJobs.environment(config);
        SqlJobs.createSink(tables, SqlJobs.uniqueName(), "");
        return graphOf(tables, INSERT_ROWTIME).getStreamNodes().stream()
                .map(StreamNode::getTransformationUID)
                .filter(uid -> uid != null)
                .collect(Collectors.toList());
    }

    @Test
    void refusesAQueryWithoutRowtimeWhenNoEventTimeColumnIsSet() {
        StreamTableEnvironment tables = SqlJobs.environment(Map.of());
        SqlJobs.createSink(tables, SqlJobs.uniqueName(), "");

        assertThatThrownBy(
                        () ->
                                graphOf(
                                        tables,
                                        "INSERT INTO `out` SELECT id, CAST(ts AS TIMESTAMP_LTZ(3))"
                                                + " FROM src"))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("option 'bluegreen.event-time-column'")
                .hasMessageContaining("no rowtime attribute");
    }

    @Test
    void refusesAnUpdatingQuery() {
        StreamTableEnvironment tables = SqlJobs.environment(Map.of());
        SqlJobs.createSink(tables, SqlJobs.uniqueName(), "");

        assertThatThrownBy(
                        () ->
                                graphOf(
                                        tables,
                                        "INSERT INTO `out` SELECT COUNT(*), MAX(ts) FROM src"
                                                + " GROUP BY MOD(id, 2)"))
                .isInstanceOf(TableException.class)
                .hasMessageContaining("default_catalog.default_database.out")
                .hasMessageContaining("doesn't support consuming update");
    }

    @Test
    void refusesAnUnknownOwnOptionAtPlanning() {
        StreamTableEnvironment tables = SqlJobs.environment(Map.of());
        SqlJobs.createSink(tables, SqlJobs.uniqueName(), ", 'bluegreen.evnt-time-column' = 'ts'");

        assertThatThrownBy(() -> graphOf(tables, INSERT_ROWTIME))
                .hasRootCauseInstanceOf(ValidationException.class)
                .rootCause()
                .hasMessageContaining("option 'bluegreen.evnt-time-column'");
    }

    @Test
    void innerConnectorValidatesItsOwnOptions() {
        StreamTableEnvironment tables = SqlJobs.environment(Map.of());
        SqlJobs.createSink(tables, SqlJobs.uniqueName(), ", 'topic' = 'x'");

        assertThatThrownBy(() -> graphOf(tables, INSERT_ROWTIME))
                .rootCause()
                .hasMessageContaining("Unsupported options found for 'collecting'")
                .hasMessageContaining("topic");
    }

    @Test
    void refusesAnInnerProviderItCannotHandAStreamTo() {
        StreamTableEnvironment tables = SqlJobs.environment(Map.of());
        SqlJobs.createSink(tables, SqlJobs.uniqueName(), ", 'provider' = 'unsupported'");

        assertThatThrownBy(() -> graphOf(tables, INSERT_ROWTIME))
                .isInstanceOf(TableException.class)
                .hasMessageContaining("supported: SinkV2Provider");
    }

    /** Plans and translates {@code insert} into the environment's stream graph (no job runs). */
    static StreamGraph graphOf(StreamTableEnvironment tables, String insert) {
        var statements = tables.createStatementSet();
        statements.addInsertSql(insert);
        statements.attachAsDataStream();
        return ((org.apache.flink.table.api.bridge.java.internal.StreamTableEnvironmentImpl) tables)
                .execEnv()
                .getStreamGraph();
    }
}
