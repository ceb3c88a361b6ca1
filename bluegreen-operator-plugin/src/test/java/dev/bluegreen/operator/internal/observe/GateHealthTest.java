package dev.bluegreen.operator.internal.observe;

import dev.bluegreen.core.Color;
import dev.bluegreen.gate.rule.CutKind;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.ingress.ChildNames;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** When the gate channel of an ADVANCED resource is unhealthy, and how the parent says so. */
class GateHealthTest {
    static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");
    static final Duration STALENESS = Duration.ofSeconds(30);
    static final Instant LONG_AGO = NOW.minusSeconds(120);
    static final Instant JUST_NOW = NOW.minusSeconds(5);
    static final String ERROR = "configmap shop/orders-gate: data.command: missing";

    static ChildJob job(Color color, Instant startedAt) {
        return new ChildJob(color, URI.create("http://jm/"), "j", startedAt);
    }

    /** {@code fresh} reports at NOW, {@code stale} reports a minute old, of {@code subtasks}. */
    static JobGateReading reading(
            Color color, Instant startedAt, int subtasks, int fresh, int stale, String... errors) {
        var reports = new ArrayList<GateReport>();
        for (int i = 0; i < fresh + stale; i++) {
            long at = (i < fresh ? NOW : NOW.minusSeconds(60)).toEpochMilli();
            reports.add(
                    GateReport.builder(dev.bluegreen.gate.rule.Color.GREEN, i, subtasks)
                            .status(false, 0, false, at)
                            .build());
        }
        return new JobGateReading(job(color, startedAt), subtasks, reports, List.of(errors), null);
    }

    /** Every one of {@code subtasks} reports fresh, from a gate that cuts by source position. */
    static JobGateReading positionReading(Color color, int subtasks, String... errors) {
        var reports = new ArrayList<GateReport>();
        for (int i = 0; i < subtasks; i++) {
            reports.add(
                    GateReport.builder(dev.bluegreen.gate.rule.Color.GREEN, i, subtasks)
                            .status(false, 0, false, NOW.toEpochMilli())
                            .cut(CutKind.SOURCE_POSITION)
                            .build());
        }
        return new JobGateReading(job(color, JUST_NOW), subtasks, reports, List.of(errors), null);
    }

    static Stream<Arguments> rows() {
        return Stream.of(
                row(
                        "every subtask reports fresh",
                        List.of(reading(Color.GREEN, LONG_AGO, 2, 2, 0)),
                        null,
                        null),
                row(
                        "a channel error shows at once, with the count and the text",
                        List.of(reading(Color.GREEN, JUST_NOW, 2, 2, 0, ERROR)),
                        GateHealth.CHANNEL_ERROR,
                        "orders-green: 2 of 2 gate subtasks report; channel error: " + ERROR),
                row(
                        "a young job that does not report yet is not judged",
                        List.of(reading(Color.GREEN, JUST_NOW, 2, 0, 0)),
                        null,
                        null),
                row(
                        "a job without a start time is not judged",
                        List.of(reading(Color.GREEN, null, 0, 0, 0)),
                        null,
                        null),
                row(
                        "an old job with a silent subtask",
                        List.of(reading(Color.BLUE, LONG_AGO, 2, 1, 0)),
                        GateHealth.NOT_REPORTING,
                        "orders-blue: 1 of 2 gate subtasks report within 30 s"),
                row(
                        "stale reports do not count",
                        List.of(reading(Color.BLUE, LONG_AGO, 2, 0, 2)),
                        GateHealth.NOT_REPORTING,
                        "orders-blue: 0 of 2 gate subtasks report within 30 s"),
                row(
                        "an old job without a gate vertex",
                        List.of(reading(Color.GREEN, LONG_AGO, 0, 0, 0)),
                        GateHealth.NOT_REPORTING,
                        "orders-green: 0 gate subtasks report; the job has no gate vertex with"
                                + " reports (is BlueGreenGate.apply in it?)"),
                row(
                        "an old job whose REST API cannot be reached",
                        List.of(
                                JobGateReading.unreachable(
                                        job(Color.GREEN, LONG_AGO),
                                        "GET http://jm/jobs/j: Connection refused")),
                        GateHealth.NOT_REPORTING,
                        "orders-green: 0 gate subtasks report; REST API not read: GET"
                                + " http://jm/jobs/j: Connection refused"),
                row(
                        "both children: a channel error wins the reason, both are named",
                        List.of(
                                reading(Color.BLUE, LONG_AGO, 1, 0, 0),
                                reading(Color.GREEN, LONG_AGO, 2, 2, 0, ERROR, "other")),
                        GateHealth.CHANNEL_ERROR,
                        "orders-blue: 0 of 1 gate subtasks report within 30 s; orders-green: 2"
                                + " of 2 gate subtasks report; channel error: "
                                + ERROR
                                + " | other"),
                row(
                        "gates that cut by source position are refused at once, before a channel"
                                + " error",
                        List.of(
                                reading(Color.BLUE, LONG_AGO, 2, 2, 0),
                                positionReading(Color.GREEN, 2, ERROR)),
                        GateHealth.CUT_KIND_MISMATCH,
                        "orders-green: 2 of 2 gate subtasks " + CutKinds.explained()));
    }

    static Arguments row(
            String name, List<JobGateReading> readings, String reason, String message) {
        return Arguments.of(name, readings, reason, message);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void healthOfTheGateChannel(
            String name, List<JobGateReading> readings, String reason, String message) {
        var health = GateHealth.of(ChildNames.derived("orders"), readings, STALENESS, NOW);

        if (reason == null) {
            assertThat(health).isEmpty();
        } else {
            assertThat(health).contains(new GateHealth(reason, message));
        }
    }
}
