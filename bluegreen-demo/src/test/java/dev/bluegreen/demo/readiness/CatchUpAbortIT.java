package dev.bluegreen.demo.readiness;

import dev.bluegreen.example.OutputAudit;
import dev.bluegreen.kafka.example.KafkaJobArgs;

import io.fabric8.kubernetes.api.model.Event;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * BASIC mode on the real Kafka broker with {@code readiness.max-lag: 200} and {@code
 * catch-up.timeout: 60 s} (and the default {@code readiness.max-lag-window: 30 s}): the input is
 * fed at 200 records/s and green v2 reads at most 40 records/s per source subtask (80/s in all), so
 * it never catches up. At the deadline the controller aborts the upgrade: an {@code UpgradeAborted}
 * event, green deleted (BASIC's retention), the parent back at {@code ACTIVE_BLUE} with the reason
 * on its conditions, and blue's job never restarted: the output topic (read {@code read_committed})
 * holds every fed record from blue exactly once.
 */
class CatchUpAbortIT {
    /**
     * How long the final audit waits for the output topic's open transactions to end. Green is
     * deleted (BASIC's retention) and never restarted, so a transaction its Kafka sink still had
     * open when its job was cancelled (e.g. one pre-committed for a checkpoint whose completion had
     * not reached the sink yet, which a loaded machine makes likelier) is ended only by the broker:
     * once the producer's {@code transaction.timeout.ms} passed (the example job's default, 5 min,
     * counted from the transaction's start), at the broker's next check for timed-out transactions
     * (every 10 s, Kafka's default), plus a margin. Until then a {@code read_committed} reader
     * stops at that transaction's first offset, blue's later output included. On a quiet machine no
     * transaction is left open and the audit settles at once.
     */
    static final Duration SETTLE =
            Duration.ofMillis(KafkaJobArgs.DEFAULT_TRANSACTION_TIMEOUT_MS)
                    .plus(Duration.ofSeconds(10))
                    .plus(Duration.ofSeconds(30));

    static KafkaReadinessRig rig;
    static BacklogSeries series;
    static String blueJobBefore;
    static String blueJobAfter;
    static long fed;
    static List<OutputAudit.Line> output;
    static List<String> messagesAfter;
    static List<Event> events;

    @BeforeAll
    static void upgradeWithAGreenThatCannotCatchUp() throws Exception {
        rig = KafkaReadinessRig.start(Path.of("target", "readiness-abort-it"));
        rig.deploy(200, Map.of("readiness.max-lag", "200", "catch-up.timeout", "60 s"));
        rig.awaitState("blue active", Duration.ofMinutes(3), "ACTIVE_BLUE"::equals);
        blueJobBefore = rig.jobId("blue");
        series = BacklogSeries.start(rig, 500);
        try {
            rig.upgrade("--max-records-per-second", "40");
            rig.awaitState(
                    "the transition", Duration.ofMinutes(3), s -> s.startsWith("TRANSITIONING"));
            rig.awaitState("the abort", Duration.ofMinutes(3), "ACTIVE_BLUE"::equals);
            awaitGreenGone();
        } finally {
            series.close();
            System.out.println(series.print("CatchUpAbortIT: backlog of both jobs (records)"));
        }
        messagesAfter =
                rig.parent().getStatus().getConditions().stream()
                        .map(c -> c.getType() + " " + c.getReason() + ": " + c.getMessage())
                        .toList();
        System.out.println(
                "CatchUpAbortIT: conditions after the abort\n  "
                        + String.join("\n  ", messagesAfter));
        blueJobAfter = rig.jobId("blue");
        fed = rig.stopInput();
        output = awaitBlueOutputComplete();
        events = rig.events();
    }

    static void awaitGreenGone() {
        await().atMost(Duration.ofMinutes(1))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> rig.child("green") == null);
    }

    /**
     * Waits until no transaction is open on the output (at most {@link #SETTLE}), then reads it
     * until blue's v1 lines reach the last fed id (at most 90 s).
     */
    static List<OutputAudit.Line> awaitBlueOutputComplete() {
        rig.committedOutput(SETTLE);
        return await().atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofSeconds(1))
                .until(rig::committedOutput, lines -> maxId(lines, "v1") >= fed - 1);
    }

    private static long maxId(List<OutputAudit.Line> lines, String version) {
        return lines.stream()
                .filter(l -> l.version().equals(version))
                .mapToLong(OutputAudit.Line::id)
                .max()
                .orElse(-1);
    }

    @AfterAll
    static void stop() {
        if (rig != null) {
            rig.close();
        }
    }

    @Test
    void theUpgradeIsAbortedWithAnUpgradeAbortedEvent() {
        assertThat(events)
                .anyMatch(
                        e ->
                                "UpgradeAborted".equals(e.getReason())
                                        && "Warning".equals(e.getType()));
    }

    @Test
    void theParentIsBackAtActiveBlueWithTheReasonOnItsConditions() {
        assertThat(rig.state()).isEqualTo("ACTIVE_BLUE");
        assertThat(messagesAfter)
                .anyMatch(m -> m.contains("green did not catch up within PT1M (backlog"));
    }

    @Test
    void greenIsRemovedAndBlueWasNeverRestarted() {
        assertThat(rig.child("green")).isNull();
        assertThat(blueJobBefore).isNotEmpty();
        assertThat(blueJobAfter).isEqualTo(blueJobBefore);
    }

    @Test
    void bluesOutputIsContinuousEveryFedRecordExactlyOnce() {
        Map<Long, Long> v1 =
                output.stream()
                        .filter(l -> l.version().equals("v1"))
                        .collect(
                                Collectors.groupingBy(OutputAudit.Line::id, Collectors.counting()));
        List<Long> lost =
                LongStream.range(0, fed).filter(id -> !v1.containsKey(id)).boxed().toList();
        List<Long> duplicated =
                v1.entrySet().stream()
                        .filter(e -> e.getValue() > 1)
                        .map(Map.Entry::getKey)
                        .toList();
        System.out.printf(
                "CatchUpAbortIT: fed %d, blue (v1) wrote %d distinct ids, lost %d, duplicated %d;"
                        + " green (v2) wrote %d lines before it was removed%n",
                fed,
                v1.size(),
                lost.size(),
                duplicated.size(),
                output.stream().filter(l -> l.version().equals("v2")).count());

        assertThat(fed).isPositive();
        assertThat(lost).isEmpty();
        assertThat(duplicated).isEmpty();
    }
}
