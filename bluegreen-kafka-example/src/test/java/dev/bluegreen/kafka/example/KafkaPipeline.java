package dev.bluegreen.kafka.example;

import dev.bluegreen.kafka.broker.KafkaBroker;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Test support: one real KRaft broker (child JVM) for an IT class, and fresh topic pairs per test.
 * Start it in {@code @BeforeAll} (the benchmark: once for all runs), close it in {@code @AfterAll}.
 */
public final class KafkaPipeline implements AutoCloseable {
    /** Partitions of every input and output topic. */
    public static final int PARTITIONS = 4;

    private final KafkaBroker broker;
    private final AtomicInteger topicsCreated = new AtomicInteger();

    private KafkaPipeline(KafkaBroker broker) {
        this.broker = broker;
    }

    /**
     * Starts the broker with its log dir under {@code workDir}.
     *
     * @throws IOException naming the broker's log file when it does not start
     */
    public static KafkaPipeline start(Path workDir) throws IOException {
        return new KafkaPipeline(KafkaBroker.start(workDir));
    }

    /** The broker's address, {@code localhost:<port>}. */
    public String bootstrapServers() {
        return broker.bootstrapServers();
    }

    /** Creates a new input and output topic ({@value #PARTITIONS} partitions each). */
    public TopicPair freshTopics(String name) {
        int n = topicsCreated.incrementAndGet();
        var topics = new TopicPair(name + "-in-" + n, name + "-out-" + n);
        Topics.create(bootstrapServers(), topics.input(), PARTITIONS);
        Topics.create(bootstrapServers(), topics.output(), PARTITIONS);
        return topics;
    }

    /** Stops the broker. */
    @Override
    public void close() {
        broker.close();
    }

    /**
     * The input and output topic of one test.
     *
     * @param input the topic the feeder writes
     * @param output the topic the jobs write
     */
    public record TopicPair(String input, String output) {}
}
