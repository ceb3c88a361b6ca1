package dev.bluegreen.kafka.example;

import dev.bluegreen.example.OutputAudit;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.errors.WakeupException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A live reader of an output topic's committed lines ({@code read_committed}, from the beginning)
 * on a background thread. It records when each id was first seen (wall clock) to measure output
 * latency and stalls during a handover, and keeps every line read. Thread-safe; {@link #close()}
 * stops it.
 */
public final class OutputTail implements AutoCloseable {
    private final KafkaConsumer<byte[], byte[]> consumer;
    private final Thread thread;
    private final AtomicReference<Exception> failure = new AtomicReference<>();
    private final Object lock = new Object();
    private final Map<Long, Long> firstSeen = new HashMap<>();
    private final List<OutputAudit.Line> lines = new ArrayList<>();
    private volatile boolean running = true;

    private OutputTail(String bootstrapServers, String topic) {
        this.consumer = KafkaOutputAudit.committedReader(bootstrapServers, topic);
        var partitions = KafkaOutputAudit.partitions(consumer, topic);
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        this.thread = new Thread(this::run, "output-tail-" + topic);
        this.thread.setDaemon(true);
    }

    /**
     * Starts tailing {@code topic} (which must exist).
     *
     * @throws IllegalStateException when the topic has no partitions
     */
    public static OutputTail start(String bootstrapServers, String topic) {
        var tail = new OutputTail(bootstrapServers, topic);
        tail.thread.start();
        return tail;
    }

    private void run() {
        try {
            while (running) {
                var records = consumer.poll(Duration.ofMillis(100));
                keep(records, System.currentTimeMillis());
            }
        } catch (WakeupException e) {
            // close() woke the poll up
        } catch (RuntimeException e) {
            failure.compareAndSet(null, e);
        } finally {
            consumer.close(Duration.ofSeconds(5));
        }
    }

    private void keep(Iterable<ConsumerRecord<byte[], byte[]>> records, long now) {
        synchronized (lock) {
            for (ConsumerRecord<byte[], byte[]> record : records) {
                OutputAudit.Line line = KafkaOutputAudit.line(record);
                lines.add(line);
                firstSeen.putIfAbsent(line.id(), now);
            }
        }
    }

    /**
     * Wall-clock time, epoch milliseconds, at which {@code id} was first read, if it was.
     *
     * @throws IllegalStateException when the tail failed (e.g. a malformed line)
     */
    public OptionalLong firstSeenAtMillis(long id) {
        checkHealthy();
        synchronized (lock) {
            Long at = firstSeen.get(id);
            return at == null ? OptionalLong.empty() : OptionalLong.of(at);
        }
    }

    /**
     * Distinct ids read so far.
     *
     * @throws IllegalStateException when the tail failed
     */
    public long distinct() {
        checkHealthy();
        synchronized (lock) {
            return firstSeen.size();
        }
    }

    /**
     * Lines read so far with this version label.
     *
     * @throws IllegalStateException when the tail failed
     */
    public long linesOf(String version) {
        checkHealthy();
        synchronized (lock) {
            return lines.stream().filter(l -> l.version().equals(version)).count();
        }
    }

    /**
     * A copy of every line read so far, in the order read.
     *
     * @throws IllegalStateException when the tail failed
     */
    public List<OutputAudit.Line> lines() {
        checkHealthy();
        synchronized (lock) {
            return List.copyOf(lines);
        }
    }

    private void checkHealthy() {
        Exception error = failure.get();
        if (error != null) {
            throw new IllegalStateException("output tail failed", error);
        }
    }

    /** Stops the reader thread. Idempotent. */
    @Override
    public void close() {
        running = false;
        consumer.wakeup();
        try {
            thread.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
