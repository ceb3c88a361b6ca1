package dev.bluegreen.kafka.example;

import dev.bluegreen.example.Event;
import dev.bluegreen.example.EventGenerator;

import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The output of the SQL window job (a one-second {@code TUMBLE} count per key, rows {@code key,
 * windowStartMs, count, maxId, version, ...} as csv) read {@code read_committed} from its topic,
 * and its audit against the source: every complete window (key, start) exactly once with the count
 * and the largest id of the records the feeder sent into it. Used by the SQL handover ITs and the
 * demo's SQL mode. Stateless; each read opens its own consumer.
 */
public final class WindowOutput {
    /** The window size, ms (whole seconds). */
    public static final long WINDOW_MS = 1_000;

    /** The watermark's delay behind the largest event time, ms (whole seconds). */
    public static final long WATERMARK_DELAY_MS = 1_000;

    private WindowOutput() {}

    /**
     * One output row.
     *
     * @param key the window's key
     * @param start the window's start, epoch ms
     * @param count records in the window
     * @param maxId the largest record id in the window
     * @param version the version label of the job that wrote it
     */
    public record Row(String key, long start, long count, long maxId, String version) {
        /** The window's rowtime ({@code window_time}): its last millisecond. */
        public long windowTime() {
            return start + WINDOW_MS - 1;
        }

        /** The window this row is about. */
        public Window window() {
            return new Window(key, start);
        }

        /** Parses a csv row; a malformed one throws a NumberFormatException or an IOOBE. */
        public static Row parse(String line) {
            String[] f = line.split(",", -1);
            return new Row(
                    f[0], Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]), f[4]);
        }
    }

    /** A window of one key, starting at {@code start} (epoch ms). */
    public record Window(String key, long start) {}

    /** The count and largest id of a window. */
    public record Content(long count, long maxId) {}

    /**
     * The committed rows so far: read up to the last stable offsets (jobs may still write; with
     * {@code settle} it first waits until no transaction is open, for a read after every job
     * stopped).
     */
    public static List<Row> committedRows(String bootstrapServers, String topic, boolean settle) {
        try (KafkaConsumer<byte[], byte[]> consumer =
                KafkaOutputAudit.committedReader(bootstrapServers, topic)) {
            List<TopicPartition> partitions = KafkaOutputAudit.fromTheBeginning(consumer, topic);
            Map<TopicPartition, Long> end =
                    settle
                            ? KafkaOutputAudit.settledEnd(
                                    bootstrapServers, consumer, partitions, Duration.ofSeconds(60))
                            : consumer.endOffsets(partitions);
            return KafkaOutputAudit.readTo(
                    consumer,
                    end,
                    record -> Row.parse(new String(record.value(), StandardCharsets.UTF_8)));
        }
    }

    /**
     * The windows the source's records fall into that are complete: their end is at least {@code 2
     * * watermark delay} before the largest event time sent (every partition's watermark passed
     * them), with their content, ordered by start then key.
     *
     * @param generator the feeder's generator (ids {@code 0 .. sent-1} were sent)
     * @param sent how many records the feeder sent
     */
    public static Map<Window, Content> completeWindows(EventGenerator generator, long sent) {
        Map<Window, Content> all = new HashMap<>();
        long maxEventTime = Long.MIN_VALUE;
        for (long id = 0; id < sent; id++) {
            Event event = generator.eventAt(id);
            maxEventTime = Math.max(maxEventTime, event.eventTime);
            long start = event.eventTime - Math.floorMod(event.eventTime, WINDOW_MS);
            long thisId = id;
            all.merge(
                    new Window(event.key, start),
                    new Content(1, id),
                    (a, b) -> new Content(a.count() + 1, Math.max(a.maxId(), thisId)));
        }
        return endingBy(all, maxEventTime - 2 * WATERMARK_DELAY_MS);
    }

    /** The windows of {@code all} that end at or before {@code cutoff}, by start then key. */
    private static Map<Window, Content> endingBy(Map<Window, Content> all, long cutoff) {
        Map<Window, Content> complete = new TreeMap<>(WindowOutput::compare);
        all.forEach(
                (w, c) -> {
                    if (w.start() + WINDOW_MS <= cutoff) {
                        complete.put(w, c);
                    }
                });
        return complete;
    }

    private static int compare(Window a, Window b) {
        int byStart = Long.compare(a.start(), b.start());
        return byStart != 0 ? byStart : a.key().compareTo(b.key());
    }

    /**
     * The audit of an output against the complete windows of its source.
     *
     * @param rows rows written by all jobs
     * @param distinct distinct windows among them
     * @param duplicates {@code rows - distinct}: windows written more than once
     * @param lost complete windows never written
     * @param wrong rows of a complete window with a wrong count or largest id
     * @param byVersion rows per version label
     */
    public record Audit(
            int rows,
            int distinct,
            int duplicates,
            int lost,
            int wrong,
            Map<String, Long> byVersion) {
        /** Audits {@code rows} against the {@code complete} windows. */
        public static Audit of(List<Row> rows, Map<Window, Content> complete) {
            return audit(rows, complete);
        }
    }

    private static Audit audit(List<Row> rows, Map<Window, Content> complete) {
        Set<Window> written = rows.stream().map(Row::window).collect(Collectors.toSet());
        int lost = (int) complete.keySet().stream().filter(w -> !written.contains(w)).count();
        int wrong = (int) rows.stream().filter(r -> isWrong(r, complete)).count();
        Map<String, Long> byVersion =
                new TreeMap<>(
                        rows.stream()
                                .collect(
                                        Collectors.groupingBy(
                                                Row::version, Collectors.counting())));
        int distinct = written.size();
        return new Audit(rows.size(), distinct, rows.size() - distinct, lost, wrong, byVersion);
    }

    /** Whether {@code row} is of a complete window whose count or largest id it gets wrong. */
    private static boolean isWrong(Row row, Map<Window, Content> complete) {
        Content expected = complete.get(row.window());
        return expected != null && !expected.equals(new Content(row.count(), row.maxId()));
    }

    /** Rows keyed by window, for lookups in the ITs. */
    public static Map<Window, Row> byWindow(List<Row> rows) {
        return rows.stream()
                .collect(Collectors.toMap(Row::window, Function.identity(), (a, b) -> a));
    }
}
