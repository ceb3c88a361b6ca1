package dev.bluegreen.demo.readiness;

import dev.bluegreen.demo.cluster.EmbeddedCluster;
import dev.bluegreen.demo.cluster.FlinkDeployments;
import dev.bluegreen.kafka.example.WindowOutput;
import dev.bluegreen.kafka.example.WindowOutput.Audit;
import dev.bluegreen.kafka.example.WindowOutput.Row;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.resource.TransitionMode;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A green that cannot restore is an ordinary failed child, through the controller: the demo's SQL
 * job ({@code orders-sql.yaml}: {@code SqlRunner}, a Kafka source table, a one-second {@code
 * TUMBLE} count per key, a Kafka sink table through {@code 'connector' = 'bluegreen'}) in ADVANCED
 * mode on the readiness ITs' rig (a real KRaft broker, the embedded API, the stand-in running each
 * child as a real MiniCluster, the controller reading the jobs' REST APIs). The source table names
 * a consumer group, which {@code SqlRunner} colours. The upgrade adds an aggregate to the window,
 * so green's window state no longer fits blue's savepoint: green's job fails at its restore
 * (Flink's {@code StateMigrationException}; the stand-in runs jobs without restarts, so the child
 * goes FAILED as upstream's operator reports a failed job). The controller then rolls back by the
 * parent's settings ({@code readiness.timeout-action} ROLLBACK, the default): a {@code ChildFailed}
 * event naming the failure, green removed, the parent at {@code ACTIVE_BLUE}. Blue's job keeps its
 * id, never restarts, and its output, read {@code read_committed}, holds every complete window
 * exactly once, all of them blue's.
 */
class SqlGreenCannotRestoreIT {
    static final String GROUP = "orders-window";

    static KafkaReadinessRig rig;
    static final List<String> greenStatuses = new CopyOnWriteArrayList<>();
    static String blueJobBefore;
    static String blueJobAfter;
    static Map<String, Object> blueJobRest;
    static List<Event> events;
    static List<String> conditions;
    static Audit audit;
    static Map<String, Integer> committedGroups = new LinkedHashMap<>();

    @BeforeAll
    static void upgradeToASqlChangeWhoseStateDoesNotRestore() throws Exception {
        rig = KafkaReadinessRig.start(Path.of("target", "sql-green-cannot-restore-it"));
        rig.deploy(100, advancedSqlParent());
        rig.awaitState("blue active", Duration.ofMinutes(3), "ACTIVE_BLUE"::equals);
        blueJobBefore = rig.jobId("blue");
        awaitBlueRows(8);
        Watch watch = watchGreen();
        try {
            rig.edit(SqlGreenCannotRestoreIT::withANewAggregate);
            rig.awaitState("the transition", Duration.ofMinutes(2), s -> !s.equals("ACTIVE_BLUE"));
            rig.awaitState("the rollback", Duration.ofMinutes(3), "ACTIVE_BLUE"::equals);
            await().atMost(Duration.ofMinutes(1)).until(() -> rig.child("green") == null);
        } finally {
            watch.close();
        }
        events = rig.events();
        conditions =
                rig.parent().getStatus().getConditions().stream()
                        .map(c -> c.getType() + " " + c.getReason() + ": " + c.getMessage())
                        .toList();
        long passedBefore = blueRowCount();
        awaitBlueRows(passedBefore + 8);
        auditBlueToTheEnd();
        System.out.println(report());
    }

    @AfterAll
    static void stop() {
        if (rig != null) {
            rig.close();
        }
    }

    @Test
    void greensChildWentFailedWithTheStateError() {
        assertThat(greenStatuses)
                .anyMatch(s -> s.startsWith("FAILED/FAILED") && mentionsIncompatibleState(s));
    }

    @Test
    void theControllerRolledBackWithAChildFailedEventAndConditionNamingTheFailure() {
        assertThat(events)
                .anyMatch(
                        e ->
                                "ChildFailed".equals(e.getReason())
                                        && "Warning".equals(e.getType())
                                        && e.getMessage().startsWith("green ")
                                        && mentionsIncompatibleState(e.getMessage()));
        assertThat(conditions)
                .anyMatch(
                        c ->
                                c.startsWith("Degraded RolloutFailed")
                                        && mentionsIncompatibleState(c));
        assertThat(rig.state()).isEqualTo("ACTIVE_BLUE");
        assertThat(rig.child("green")).isNull();
    }

    @Test
    void bluesJobKeptItsIdAndNeverRestarted() {
        assertThat(blueJobBefore).isNotEmpty();
        assertThat(blueJobAfter).isEqualTo(blueJobBefore);
        assertThat(blueJobRest.get("state")).isEqualTo("RUNNING");
        assertThat(blueJobRest.get("exceptionHistory")).isEqualTo(List.of());
    }

    @Test
    void bluesOutputHoldsEveryCompleteWindowExactlyOnce() {
        assertThat(audit.rows()).isPositive();
        assertThat(audit.lost()).as("lost").isZero();
        assertThat(audit.duplicates()).as("duplicates").isZero();
        assertThat(audit.wrong()).as("windows with a wrong count").isZero();
        assertThat(audit.byVersion()).containsOnlyKeys("v1");
    }

    @Test
    void blueCommittedItsOffsetsUnderItsColouredGroupOnly() {
        assertThat(committedGroups.get(GROUP + "-blue")).isEqualTo(KafkaReadinessRig.PARTITIONS);
        assertThat(committedGroups.get(GROUP)).isZero();
    }

    /**
     * The demo's SQL parent in ADVANCED mode (as the demo's {@code --mode ADVANCED --sql} sets it)
     * with a consumer group on the source table and a soak of 0 s.
     */
    static FlinkBlueGreenDeployment advancedSqlParent() {
        FlinkBlueGreenDeployment parent = rig.load(KafkaReadinessRig.SQL_PARENT);
        parent.getSpec().setTransitionMode(TransitionMode.ADVANCED);
        var configuration = new LinkedHashMap<>(parent.getSpec().getConfiguration());
        configuration.put(KafkaReadinessRig.PREFIX + "readiness.soak", "0 s");
        configuration.put(KafkaReadinessRig.PREFIX + "advanced.catch-up-bound", "30 s");
        parent.getSpec().setConfiguration(configuration);
        ((ObjectNode) parent.getSpec().getTemplate().getSpec().path("flinkConfiguration"))
                .put("bluegreen.gate.report-interval", "200 ms");
        return withStatements(
                parent,
                sql ->
                        sql.replace(
                                "'scan.startup.mode' = 'earliest-offset'",
                                "'properties.group.id' = '"
                                        + GROUP
                                        + "', 'scan.startup.mode' = 'earliest-offset'"));
    }

    /** v2 with {@code SUM(et)} added to the window: its accumulators no longer fit blue's state. */
    static FlinkBlueGreenDeployment withANewAggregate(FlinkBlueGreenDeployment parent) {
        KafkaReadinessRig.setArg(parent, "--version", "v2");
        return withStatements(
                parent,
                sql ->
                        sql.replace("wt TIMESTAMP_LTZ(3)", "wt TIMESTAMP_LTZ(3), extra BIGINT")
                                .replace("window_time\n", "window_time, SUM(et)\n"));
    }

    static FlinkBlueGreenDeployment withStatements(
            FlinkBlueGreenDeployment parent, java.util.function.UnaryOperator<String> change) {
        var args = (ArrayNode) parent.getSpec().getTemplate().getSpec().path("job").path("args");
        for (int i = 0; i + 1 < args.size(); i++) {
            if (args.get(i).asText().equals("--statements")) {
                String before = args.get(i + 1).asText();
                String after = change.apply(before);
                assertThat(after).as("the statements changed").isNotEqualTo(before);
                args.set(i + 1, after);
                return parent;
            }
        }
        throw new IllegalArgumentException("job.args has no --statements: " + args);
    }

    /** Records green's {@code lifecycleState/jobStatus.state error} on every change of it. */
    static Watch watchGreen() {
        return rig.client()
                .genericKubernetesResources(FlinkDeployments.CONTEXT)
                .inNamespace(EmbeddedCluster.NAMESPACE)
                .withLabel("bluegreen.dev/parent", KafkaReadinessRig.NAME)
                .withLabel("bluegreen.dev/color", "green")
                .watch(
                        new Watcher<GenericKubernetesResource>() {
                            @Override
                            public void eventReceived(
                                    Action action, GenericKubernetesResource child) {
                                greenStatuses.add(
                                        FlinkDeployments.field(child, "status", "lifecycleState")
                                                + "/"
                                                + FlinkDeployments.field(
                                                        child, "status", "jobStatus", "state")
                                                + " "
                                                + FlinkDeployments.field(child, "status", "error"));
                            }

                            @Override
                            public void onClose(WatcherException cause) {}
                        });
    }

    static boolean mentionsIncompatibleState(String text) {
        return text.toLowerCase(Locale.ROOT).contains("incompatible");
    }

    static List<Row> committedRows(boolean settle) {
        return WindowOutput.committedRows(rig.bootstrapServers(), "orders-out", settle);
    }

    static long blueRowCount() {
        return committedRows(false).stream().filter(r -> r.version().equals("v1")).count();
    }

    static void awaitBlueRows(long atLeast) {
        await("blue committed " + atLeast + " rows")
                .atMost(Duration.ofMinutes(2))
                .pollInterval(Duration.ofMillis(500))
                .until(() -> blueRowCount() >= atLeast);
    }

    /**
     * Stops the input, waits for every complete window in the output, then audits it and reads
     * blue's job (its child's job id, its REST state and exception history) and the groups.
     */
    static void auditBlueToTheEnd() throws Exception {
        long sent = rig.stopInput();
        var complete = WindowOutput.completeWindows(rig.feeder().generator(), sent);
        await("every complete window committed")
                .atMost(Duration.ofMinutes(2))
                .pollInterval(Duration.ofMillis(500))
                .until(
                        () ->
                                WindowOutput.byWindow(committedRows(false))
                                        .keySet()
                                        .containsAll(complete.keySet()));
        audit = Audit.of(committedRows(true), complete);
        blueJobAfter = rig.jobId("blue");
        blueJobRest = JobRest.read(rig.job("blue").orElseThrow());
        try (Admin admin =
                Admin.create(
                        Map.of(
                                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                                rig.bootstrapServers()))) {
            for (String group : List.of(GROUP, GROUP + "-blue", GROUP + "-green")) {
                committedGroups.put(
                        group,
                        admin.listConsumerGroupOffsets(group)
                                .partitionsToOffsetAndMetadata()
                                .get()
                                .size());
            }
        }
    }

    static String report() {
        return String.format(
                Locale.ROOT,
                "SqlGreenCannotRestoreIT: green statuses %s%n  events %s%n  conditions %s%n"
                        + "  blue job %s -> %s %s; audit rows=%d lost=%d duplicates=%d wrong=%d"
                        + " byVersion=%s; committed partitions per group %s",
                greenStatuses.stream().distinct().toList(),
                events.stream().map(e -> e.getReason() + ": " + e.getMessage()).toList(),
                conditions,
                blueJobBefore,
                blueJobAfter,
                blueJobRest,
                audit.rows(),
                audit.lost(),
                audit.duplicates(),
                audit.wrong(),
                audit.byVersion(),
                committedGroups);
    }
}
