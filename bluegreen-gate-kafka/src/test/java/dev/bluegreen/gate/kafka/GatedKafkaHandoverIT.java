package dev.bluegreen.gate.kafka;

import dev.bluegreen.gate.channel.InMemoryGateChannel;
import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.CutKind;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.gate.rule.PartitionOffsets;
import dev.bluegreen.gate.rule.PositionCut;
import dev.bluegreen.gate.rule.Stage;
import dev.bluegreen.kafka.broker.KafkaBroker;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A processing-time Kafka job (no timestamps, no watermarks, a stateless map, KafkaSink
 * EXACTLY_ONCE) handed over from blue v1 to green v2 by source position on a real KRaft broker: 4
 * input partitions, one of them idle; green restored from blue's savepoint; the test plays the
 * controller over the in-memory channel. The output, read read_committed, holds every input record
 * exactly once, blue's below the cut and green's from it on.
 */
class GatedKafkaHandoverIT {
    static final String INPUT = "position-in";
    static final String OUTPUT = "position-out";
    static final int PARTITIONS = 4;
    static final int IDLE = 3;
    private static final Duration WAIT = Duration.ofSeconds(60);

    /** Records past the end offset that a proposal leaves for the gates to arm in. */
    private static final long MARGIN = 300;

    @TempDir Path tmp;

    @Test
    void aProcessingTimeJobHandsOverWithoutDuplicatesOrLosses() throws Exception {
        String channelName = "position-it-" + System.nanoTime();
        InMemoryGateChannel channel = InMemoryGateChannel.named(channelName);
        try (KafkaBroker broker = KafkaBroker.start(tmp.resolve("broker"));
                Topics topics = new Topics(broker.bootstrapServers());
                Topics.Feeder feeder = topics.feed(INPUT, IDLE)) {
            topics.create(INPUT, PARTITIONS);
            topics.create(OUTPUT, 1);
            feeder.start();
            String bootstrap = broker.bootstrapServers();
            // Given blue v1 running, and green v2 restored from blue's mid-stream savepoint
            PositionJob blue =
                    PositionJob.start(
                            Color.BLUE, "v1", bootstrap, channelName, tmp.resolve("v1"), null);
            await().atMost(WAIT).until(() -> topics.committed("position-blue").size() >= 3);
            PositionJob green =
                    PositionJob.start(
                            Color.GREEN,
                            "v2",
                            bootstrap,
                            channelName,
                            tmp.resolve("v2"),
                            blue.savepoint());
            awaitReports(channel);
            // and each colour's source gate publishes its report where the controller reads it:
            // a gauge on the job's REST API, named after the source, saying it cuts by position
            for (PositionJob job : List.of(blue, green)) {
                GateReport published =
                        await().atMost(WAIT)
                                .until(
                                        () ->
                                                RestGauges.sourceGateReport(
                                                                job.rest(), job.jobId().toString())
                                                        .orElse(null),
                                        r -> r != null);
                assertThat(published.cut()).isEqualTo(CutKind.SOURCE_POSITION);
            }

            // When the controller proposes O_p at every partition's end offset (the idle one at its
            // position), commits once all four subtasks armed and no colour committed past O_p,
            // and stops blue once its committed offsets passed O_p
            Controller controller = new Controller(channel, topics);
            GateCommand committed = controller.handOver();
            PartitionOffsets cut = committed.positions().get().offsets();
            await().atMost(WAIT).until(() -> controller.blueCommittedPast(cut));
            blue.stopWithSavepoint();
            blue.close();
            Thread.sleep(1_000);
            feeder.stop();
            Map<Integer, Long> ends = topics.endOffsets(INPUT, PARTITIONS);
            await().atMost(WAIT).until(() -> topics.committedUpTo("position-green", ends));
            green.stopWithSavepoint();
            green.close();

            // Then every input record is in the output exactly once, by the colour that owns it
            List<String> lines = topics.readCommitted(OUTPUT);
            Map<String, Integer> seen = new HashMap<>();
            for (String line : lines) {
                seen.merge(line.substring(line.indexOf('|') + 1), 1, Integer::sum);
            }
            long expected = ends.values().stream().mapToLong(Long::longValue).sum();
            long duplicates = lines.size() - seen.size();
            long lost = expected - seen.size();
            System.out.println(
                    "GatedKafkaHandoverIT: records="
                            + expected
                            + " duplicates="
                            + duplicates
                            + " lost="
                            + lost
                            + " cut="
                            + cut
                            + " transitions="
                            + committed.transition()
                            + " ends="
                            + ends);
            assertThat(duplicates).as("duplicates").isZero();
            assertThat(lost).as("lost").isZero();
            assertThat(ends.get(IDLE)).as("the idle partition").isZero();
            for (String line : lines) {
                String[] parts = line.split("[|@]");
                String key = PartitionOffsets.key(INPUT, Integer.parseInt(parts[1]));
                boolean afterCut = Long.parseLong(parts[2]) >= cut.get(key, Long.MAX_VALUE);
                assertThat(parts[0]).as(line).isEqualTo(afterCut ? "v2" : "v1");
            }
            assertThat(lines).anyMatch(l -> l.startsWith("v1|")).anyMatch(l -> l.startsWith("v2|"));
        } finally {
            InMemoryGateChannel.remove(channelName);
        }
    }

    private static void awaitReports(InMemoryGateChannel channel) {
        await().atMost(WAIT)
                .until(
                        () ->
                                channel.reports(Color.BLUE).size() == PositionJob.PARALLELISM
                                        && channel.reports(Color.GREEN).size()
                                                == PositionJob.PARALLELISM);
    }

    /** The controller's side of the protocol, as docs/gate.md describes it. */
    static final class Controller {
        private final InMemoryGateChannel channel;
        private final Topics topics;
        private long transition;

        Controller(InMemoryGateChannel channel, Topics topics) {
            this.channel = channel;
            this.topics = topics;
        }

        /** Proposes until a proposal commits; returns the committed command. */
        GateCommand handOver() throws Exception {
            for (int attempt = 0; attempt < 10; attempt++) {
                GateCommand proposal = GateCommand.proposePositions(++transition, cutAhead());
                channel.send(proposal);
                await().atMost(WAIT).until(() -> decided(proposal));
                if (allArmed(proposal) && !committedPast(proposal)) {
                    GateCommand commit = proposal.commit();
                    channel.send(commit);
                    return commit;
                }
                channel.send(proposal.abort());
            }
            throw new AssertionError("no proposal committed: " + channel.reports());
        }

        /**
         * O_p: a margin of records past the end offset (no reader can be past the end), or, for a
         * partition whose end did not move, its end (an idle partition is cut at once at its
         * position); never below what either consumer group committed.
         */
        private PositionCut cutAhead() throws Exception {
            Map<Integer, Long> before = topics.endOffsets(INPUT, PARTITIONS);
            Thread.sleep(200);
            Map<Integer, Long> ends = topics.endOffsets(INPUT, PARTITIONS);
            Map<Integer, Long> blue = topics.committed("position-blue");
            Map<Integer, Long> green = topics.committed("position-green");
            Map<String, Long> offsets = new HashMap<>();
            for (int p = 0; p < PARTITIONS; p++) {
                long margin = ends.get(p).equals(before.get(p)) ? 0 : MARGIN;
                long committed = Math.max(blue.getOrDefault(p, 0L), green.getOrDefault(p, 0L));
                offsets.put(
                        PartitionOffsets.key(INPUT, p), Math.max(ends.get(p) + margin, committed));
            }
            return PositionCut.first(offsets);
        }

        private boolean decided(GateCommand proposal) {
            return allArmed(proposal) || conflicted(proposal);
        }

        private boolean conflicted(GateCommand proposal) {
            return channel.reports().stream().anyMatch(r -> r.conflict() >= proposal.transition());
        }

        private boolean allArmed(GateCommand proposal) {
            List<GateReport> reports = channel.reports();
            PartitionOffsets cut = proposal.positions().get().offsets();
            return reports.size() == 2 * PositionJob.PARALLELISM
                    && reports.stream()
                            .allMatch(
                                    r ->
                                            r.transition() == proposal.transition()
                                                    && r.stage().orElse(null) == Stage.PROPOSED
                                                    && r.holdsCutover()
                                                    && atOrBefore(r.positions().current(), cut));
        }

        private static boolean atOrBefore(PartitionOffsets positions, PartitionOffsets cut) {
            return positions.asMap().entrySet().stream()
                    .allMatch(e -> e.getValue() <= cut.get(e.getKey(), Long.MAX_VALUE));
        }

        /** Whether a colour's committed offsets (read after the armed reports) passed the cut. */
        private boolean committedPast(GateCommand proposal) throws Exception {
            PartitionOffsets cut = proposal.positions().get().offsets();
            for (String group : new String[] {"position-blue", "position-green"}) {
                for (Map.Entry<Integer, Long> e : topics.committed(group).entrySet()) {
                    if (e.getValue()
                            > cut.get(PartitionOffsets.key(INPUT, e.getKey()), Long.MAX_VALUE)) {
                        return true;
                    }
                }
            }
            return false;
        }

        /** Blue may stop once its last completed checkpoint passed O_p on every partition. */
        boolean blueCommittedPast(PartitionOffsets cut) throws Exception {
            Map<Integer, Long> committed = topics.committed("position-blue");
            for (int p = 0; p < PARTITIONS; p++) {
                long needed = cut.get(PartitionOffsets.key(INPUT, p), 0);
                if (needed > 0 && committed.getOrDefault(p, 0L) < needed) {
                    return false;
                }
            }
            return true;
        }
    }
}
