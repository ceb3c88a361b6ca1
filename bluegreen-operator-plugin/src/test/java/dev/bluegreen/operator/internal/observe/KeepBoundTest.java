package dev.bluegreen.operator.internal.observe;

import dev.bluegreen.core.Color;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.gate.rule.KeepProgress;
import dev.bluegreen.ingress.ChildNames;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.List;

import static dev.bluegreen.operator.internal.observe.GateHealthTest.NOW;
import static dev.bluegreen.operator.internal.observe.GateHealthTest.STALENESS;
import static org.assertj.core.api.Assertions.assertThat;

/** A keeper that reached a keep bound shows as Degraded KeepBoundReached, with what it risks. */
class KeepBoundTest {
    private static final ChildNames NAMES = ChildNames.derived("orders");

    private static JobGateReading blue(KeepProgress first, KeepProgress second, String... errors) {
        List<GateReport> reports = List.of(report(0, first), report(1, second));
        ChildJob job = new ChildJob(Color.BLUE, URI.create("http://jm/"), "j", NOW);
        return new JobGateReading(job, 2, reports, List.of(errors), null);
    }

    private static GateReport report(int subtask, KeepProgress keeping) {
        return GateReport.builder(dev.bluegreen.gate.rule.Color.BLUE, subtask, 2)
                .status(false, 0, false, NOW.toEpochMilli())
                .keeping(keeping)
                .build();
    }

    private static KeepProgress stopped(long unkept, long from, long lost) {
        return new KeepProgress(50, 4_000, 1_000, unkept, from, "records", 0, lost);
    }

    private static KeepProgress keeping() {
        return new KeepProgress(50, 4_000, 1_000, 0, Long.MIN_VALUE, "", 0, 0);
    }

    @Test
    void aKeeperThatStoppedKeepingSaysFromWhenAHandBackWouldLoseRecords() {
        var health =
                GateHealth.of(
                        NAMES,
                        List.of(blue(stopped(12, 1_700_000_000_000L, 0), keeping())),
                        STALENESS,
                        NOW);

        assertThat(health).isPresent();
        assertThat(health.get().reason()).isEqualTo(GateHealth.KEEP_BOUND_REACHED);
        assertThat(health.get().message())
                .isEqualTo(
                        "orders-blue stopped keeping at bluegreen.gate.keep.max-records on 1 of 2"
                                + " gate subtasks: a hand-back would lose records from event time"
                                + " 2023-11-14T22:13:20Z (12 dropped since without keeping); a"
                                + " hand-back could not recover 0");
    }

    @Test
    void afterAHandBackItSaysHowManyRecordsCouldNotBeRecovered() {
        var health =
                GateHealth.of(
                        NAMES,
                        List.of(blue(stopped(0, Long.MIN_VALUE, 7), stopped(0, Long.MIN_VALUE, 5))),
                        STALENESS,
                        NOW);

        assertThat(health.orElseThrow().message()).endsWith("could not recover 12");
    }

    @Test
    void aChannelErrorStillComesFirst() {
        var health =
                GateHealth.of(
                        NAMES,
                        List.of(blue(stopped(3, 1_000, 0), keeping(), "configmap x: missing")),
                        STALENESS,
                        NOW);

        assertThat(health.orElseThrow().reason()).isEqualTo(GateHealth.CHANNEL_ERROR);
    }

    @Test
    void aKeeperWithinItsBoundsIsHealthy() {
        assertThat(GateHealth.of(NAMES, List.of(blue(keeping(), keeping())), STALENESS, NOW))
                .isEmpty();
    }
}
