package dev.bluegreen.demo.scenario;

import dev.bluegreen.demo.summary.AuditCounts;
import dev.bluegreen.demo.summary.VersionOutput;
import dev.bluegreen.kafka.broker.KafkaBroker;
import dev.bluegreen.kafka.example.InputFeeder;
import dev.bluegreen.kafka.example.Topics;
import dev.bluegreen.kafka.example.WindowOutput;
import dev.bluegreen.kafka.example.WindowOutput.Content;
import dev.bluegreen.kafka.example.WindowOutput.Row;
import dev.bluegreen.kafka.example.WindowOutput.Window;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The SQL job's pipeline: the same real KRaft broker, input topic and feeder as {@link
 * KafkaPipeline}, and an output topic of one-second window counts per key ({@link WindowOutput})
 * that both colours write through the {@code bluegreen} connector with exactly-once transactions.
 * Progress and the audit read the output {@code read_committed}; a window's record ids are those of
 * the records it counted, so a version's progress is the records its windows counted and the
 * largest id among them. The audit counts windows: every complete window (one the watermark passed
 * when the input stopped) exactly once with the right count. Not thread-safe.
 */
final class SqlPipeline implements Pipeline {
    private final KafkaBroker broker;
    private final Consumer<String> step;
    private InputFeeder feeder;
    private String outputTopic;
    private Map<Window, Content> complete = Map.of();

    private SqlPipeline(KafkaBroker broker, Consumer<String> step) {
        this.broker = broker;
        this.step = step;
    }

    /**
     * Starts the broker with a fresh log directory under {@code workDir} (emptied first).
     *
     * @param step records what the pipeline does on the demo's timeline
     * @throws UncheckedIOException naming the broker's log when it did not start
     */
    static SqlPipeline start(Path workDir, Consumer<String> step) {
        Directories.recreate(workDir);
        step.accept("start a Kafka broker (KRaft, in a child JVM)");
        try {
            KafkaBroker broker = KafkaBroker.start(workDir);
            step.accept("Kafka broker ready at " + broker.bootstrapServers());
            return new SqlPipeline(broker, step);
        } catch (IOException e) {
            throw new UncheckedIOException("the Kafka broker did not start", e);
        }
    }

    /**
     * Creates the topics named in the parent's {@code job.args}, starts feeding the input, and
     * points the parent at the broker ({@code --bootstrap-servers}, which the SQL names as {@code
     * {{bootstrap-servers}}}).
     */
    @Override
    public FlinkBlueGreenDeployment prepare(FlinkBlueGreenDeployment parent) {
        String servers = broker.bootstrapServers();
        String inputTopic = ParentSpec.requiredArg(parent, "--input-topic");
        outputTopic = ParentSpec.requiredArg(parent, "--output-topic");
        Topics.create(servers, inputTopic, KafkaPipeline.PARTITIONS);
        Topics.create(servers, outputTopic, KafkaPipeline.PARTITIONS);
        feeder =
                InputFeeder.start(
                        servers,
                        inputTopic,
                        KafkaPipeline.PARTITIONS,
                        KafkaPipeline.RATE_PER_SECOND,
                        KafkaPipeline.KEYS);
        step.accept(prepared(inputTopic));
        return ParentSpec.withArg(parent, "--bootstrap-servers", servers);
    }

    private String prepared(String inputTopic) {
        return String.format(
                Locale.ROOT,
                "topics %s and %s (%d partitions each); feeding %s at %d records/s, %d"
                        + " keys; the SQL job counts them per key in 1 s windows",
                inputTopic,
                outputTopic,
                KafkaPipeline.PARTITIONS,
                inputTopic,
                KafkaPipeline.RATE_PER_SECOND,
                KafkaPipeline.KEYS);
    }

    /** The records counted by {@code version}'s committed windows, and their largest id. */
    @Override
    public OutputProgress progress(String version) {
        OutputProgress progress = OutputProgress.NONE;
        for (Row row : rows(false)) {
            if (row.version().equals(version)) {
                progress = progress.plus(new OutputProgress(row.count(), row.maxId(), row.maxId()));
            }
        }
        return progress;
    }

    /**
     * Stops the feeder and computes the complete windows of what it sent.
     *
     * @return the largest record id of a complete window: the output reaches it once the last
     *     complete window is written; empty when no window is complete
     */
    @Override
    public OptionalLong stopInput() {
        feeder.close();
        complete = WindowOutput.completeWindows(feeder.generator(), feeder.sent());
        return complete.values().stream().mapToLong(Content::maxId).max();
    }

    /**
     * Reads the output topic {@code read_committed} (after every open transaction ended) and audits
     * it window by window: expected = complete windows, out = rows, distinct = distinct windows.
     */
    @Override
    public AuditCounts audit() {
        List<Row> rows = rows(true);
        WindowOutput.Audit audit = WindowOutput.Audit.of(rows, complete);
        return new AuditCounts(
                complete.size(),
                audit.rows(),
                audit.distinct(),
                audit.duplicates(),
                audit.lost(),
                versions(rows));
    }

    /** Per version: its rows, and the smallest and largest of their largest ids. */
    static List<VersionOutput> versions(List<Row> rows) {
        Map<String, OutputProgress> byVersion = new TreeMap<>();
        for (Row row : rows) {
            byVersion.merge(row.version(), OutputProgress.one(row.maxId()), OutputProgress::plus);
        }
        return byVersion.entrySet().stream()
                .map(
                        e ->
                                new VersionOutput(
                                        e.getKey(),
                                        e.getValue().lines(),
                                        e.getValue().minId(),
                                        e.getValue().maxId()))
                .toList();
    }

    @Override
    public String describe() {
        return "topic "
                + outputTopic
                + " (window counts, read_committed) on the demo's broker "
                + broker.bootstrapServers()
                + "; broker log: "
                + broker.logFile();
    }

    /** Stops the feeder and the broker; names the broker's log. */
    @Override
    public void close() {
        try (broker;
                InputFeeder f = feeder) {
            step.accept("stop the Kafka broker");
        } finally {
            step.accept("Kafka broker stopped; its log: " + broker.logFile());
        }
    }

    private List<Row> rows(boolean settle) {
        return WindowOutput.committedRows(broker.bootstrapServers(), outputTopic, settle);
    }
}
