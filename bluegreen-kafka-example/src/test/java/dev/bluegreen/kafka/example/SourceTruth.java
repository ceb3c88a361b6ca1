package dev.bluegreen.kafka.example;

import dev.bluegreen.example.Event;
import dev.bluegreen.example.EventGenerator;
import dev.bluegreen.example.OutputAudit;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Test support: what the output must be, computed from the records the feeder wrote (ids {@code 0
 * .. sent-1} of its generator): each id's key, event time and per-key count (each key's records are
 * in one partition in id order, so the count of id {@code i} is the number of ids up to {@code i}
 * with its key, in either colour).
 */
public final class SourceTruth {
    private final EventGenerator generator;
    private final long[] perKeyCount;

    private SourceTruth(EventGenerator generator, long sent) {
        this.generator = generator;
        this.perKeyCount = new long[Math.toIntExact(sent)];
        Map<String, Long> counts = new HashMap<>();
        for (int id = 0; id < sent; id++) {
            perKeyCount[id] = counts.merge(generator.eventAt(id).key, 1L, Long::sum);
        }
    }

    /** The truth of the feeder's records so far (call it after the feeder is closed). */
    public static SourceTruth of(InputFeeder feeder) {
        return new SourceTruth(feeder.generator(), feeder.sent());
    }

    /** Records the feeder sent: ids {@code 0 .. sent-1}. */
    public long sent() {
        return perKeyCount.length;
    }

    /** The record the feeder sent as {@code id}. */
    public Event event(long id) {
        return generator.eventAt(id);
    }

    /** Ids whose event time is before {@code cutover}: blue's share of a handover at it. */
    public long[] idsBefore(long cutover) {
        return LongStream.range(0, sent()).filter(id -> event(id).eventTime < cutover).toArray();
    }

    /** Every line is the source's record for its id: key, event time and per-key count. */
    public void assertContentMatches(List<OutputAudit.Line> lines) {
        assertThat(lines).isNotEmpty();
        for (OutputAudit.Line line : lines) {
            assertThat(line.id()).as("id of %s", line).isLessThan(sent());
            Event event = event(line.id());
            assertThat(line.key()).as("key of %s", line).isEqualTo(event.key);
            assertThat(line.eventTime()).as("event time of %s", line).isEqualTo(event.eventTime);
            assertThat(line.perKeyCount())
                    .as("per-key count of %s", line)
                    .isEqualTo(perKeyCount[(int) line.id()]);
        }
    }

    /**
     * Output latency (first read committed minus handed to the producer) of {@code ids}, in
     * milliseconds: {@code [p50, p99, max]}; ids never read are left out.
     */
    public static long[] latencies(InputFeeder feeder, OutputTail tail, long[] ids) {
        long[] values =
                Arrays.stream(ids)
                        .filter(id -> tail.firstSeenAtMillis(id).isPresent())
                        .map(id -> tail.firstSeenAtMillis(id).getAsLong() - feeder.sentAtMillis(id))
                        .sorted()
                        .toArray();
        if (values.length == 0) {
            return new long[] {-1, -1, -1};
        }
        return new long[] {
            values[values.length / 2],
            values[(int) Math.min(values.length - 1, Math.round(values.length * 0.99))],
            values[values.length - 1]
        };
    }
}
