package dev.bluegreen.demo.scenario;

import dev.bluegreen.demo.summary.AuditCounts;
import dev.bluegreen.kafka.broker.KafkaBroker;
import dev.bluegreen.kafka.example.InputFeeder;
import dev.bluegreen.kafka.example.KafkaOutputAudit;
import dev.bluegreen.kafka.example.OutputTail;
import dev.bluegreen.kafka.example.Topics;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * The Kafka example job's pipeline: a real single-node KRaft broker in a child JVM, an input topic
 * the demo feeds at a steady rate, and an output topic both colours write with exactly-once
 * transactions. Progress and the audit read the output topic {@code read_committed}, so they count
 * only what a downstream reader would see. Not thread-safe (the scenario's thread uses it).
 */
final class KafkaPipeline implements Pipeline {
    /** Partitions of each topic. */
    static final int PARTITIONS = 4;

    /** Input records per second. */
    static final long RATE_PER_SECOND = 200;

    /** Distinct keys of the input (the job counts per key). */
    static final int KEYS = 8;

    private final KafkaBroker broker;
    private final Consumer<String> step;
    private InputFeeder feeder;
    private OutputTail tail;
    private String outputTopic;
    private long fed;

    private KafkaPipeline(KafkaBroker broker, Consumer<String> step) {
        this.broker = broker;
        this.step = step;
    }

    /**
     * Starts the broker with a fresh log directory under {@code workDir} (emptied first).
     *
     * @param step records what the pipeline does on the demo's timeline
     * @throws UncheckedIOException naming the broker's log when it did not start
     */
    static KafkaPipeline start(Path workDir, Consumer<String> step) {
        Directories.recreate(workDir);
        step.accept("start a Kafka broker (KRaft, in a child JVM)");
        try {
            KafkaBroker broker = KafkaBroker.start(workDir);
            step.accept("Kafka broker ready at " + broker.bootstrapServers());
            return new KafkaPipeline(broker, step);
        } catch (IOException e) {
            throw new UncheckedIOException("the Kafka broker did not start", e);
        }
    }

    /**
     * Creates the input and output topics named in the parent's {@code job.args} (without
     * time-based retention: the records' timestamps are the example's event times, from
     * 2026-01-01), starts reading the output and feeding the input, and points the parent at the
     * broker.
     */
    @Override
    public FlinkBlueGreenDeployment prepare(FlinkBlueGreenDeployment parent) {
        String servers = broker.bootstrapServers();
        String inputTopic = ParentSpec.requiredArg(parent, "--input-topic");
        outputTopic = ParentSpec.requiredArg(parent, "--output-topic");
        Topics.create(servers, inputTopic, PARTITIONS);
        Topics.create(servers, outputTopic, PARTITIONS);
        tail = OutputTail.start(servers, outputTopic);
        feeder = InputFeeder.start(servers, inputTopic, PARTITIONS, RATE_PER_SECOND, KEYS);
        step.accept(prepared(inputTopic));
        return ParentSpec.withArg(parent, "--bootstrap-servers", servers);
    }

    private String prepared(String inputTopic) {
        return String.format(
                Locale.ROOT,
                "topics %s and %s (%d partitions each); feeding %s at %d records/s, %d keys",
                inputTopic,
                outputTopic,
                PARTITIONS,
                inputTopic,
                RATE_PER_SECOND,
                KEYS);
    }

    @Override
    public OutputProgress progress(String version) {
        return OutputProgress.of(tail.lines(), version);
    }

    /** Stops the feeder (flushing what it sent); every id below {@code sent()} is in the topic. */
    @Override
    public OptionalLong stopInput() {
        feeder.close();
        fed = feeder.sent();
        return fed == 0 ? OptionalLong.empty() : OptionalLong.of(fed - 1);
    }

    /** Reads the output topic {@code read_committed} to its end; records in = records fed. */
    @Override
    public AuditCounts audit() {
        return OutputCounts.of(
                KafkaOutputAudit.readCommitted(broker.bootstrapServers(), outputTopic), fed);
    }

    @Override
    public String describe() {
        return "topic "
                + outputTopic
                + " (read_committed) on the demo's broker "
                + broker.bootstrapServers()
                + "; broker log: "
                + broker.logFile();
    }

    /** Stops the feeder, the output reader and the broker; names the broker's log. */
    @Override
    public void close() {
        // closed in reverse order: the feeder and the reader before the broker they use
        try (broker;
                OutputTail t = tail;
                InputFeeder f = feeder) {
            step.accept("stop the Kafka broker");
        } finally {
            step.accept("Kafka broker stopped; its log: " + broker.logFile());
        }
    }
}
