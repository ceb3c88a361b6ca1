package dev.bluegreen.kafka.example;

import dev.bluegreen.example.Event;
import dev.bluegreen.example.EventGenerator;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * Writes the input topic at a steady rate from a background thread: ids 0, 1, 2, ... with the keys
 * and event times of {@link EventGenerator} (so every run writes the same records), in the format
 * of {@link InputRecords}, each key to its {@link InputRecords#partition}. One idempotent producer
 * writes in id order, so each partition holds its ids in increasing order.
 *
 * <p>Records the wall-clock time at which each id was handed to the producer ({@link
 * #sentAtMillis}) for latency measurements. Thread-safe; {@link #close()} stops the thread and
 * flushes.
 */
public final class InputFeeder implements AutoCloseable {
    private final KafkaProducer<byte[], byte[]> producer;
    private final EventGenerator generator;
    private final String topic;
    private final int partitions;
    private final long ratePerSecond;
    private final Thread thread;
    private final AtomicReference<Exception> failure = new AtomicReference<>();
    private final Object lock = new Object();
    private long[] sentAt = new long[1024];
    private long sent;
    private volatile boolean running = true;

    private InputFeeder(
            String bootstrapServers,
            String topic,
            int partitions,
            long ratePerSecond,
            EventGenerator generator) {
        this.topic = topic;
        this.partitions = partitions;
        this.ratePerSecond = ratePerSecond;
        this.generator = generator;
        this.producer = producer(bootstrapServers, topic);
        this.thread = new Thread(this::run, "input-feeder-" + topic);
        this.thread.setDaemon(true);
    }

    /** An idempotent producer that waits for all replicas and sends at once (no linger). */
    private static KafkaProducer<byte[], byte[]> producer(String bootstrapServers, String topic) {
        return new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrapServers,
                        ProducerConfig.CLIENT_ID_CONFIG,
                        "input-feeder-" + topic,
                        ProducerConfig.ACKS_CONFIG,
                        "all",
                        ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                        true,
                        ProducerConfig.LINGER_MS_CONFIG,
                        0),
                new ByteArraySerializer(),
                new ByteArraySerializer());
    }

    /**
     * Starts feeding with the default out-of-orderness bound (200 ms, the job's default).
     *
     * @see #start(String, String, int, long, int, long)
     */
    public static InputFeeder start(
            String bootstrapServers, String topic, int partitions, long ratePerSecond, int keys) {
        return start(
                bootstrapServers,
                topic,
                partitions,
                ratePerSecond,
                keys,
                KafkaJobArgs.DEFAULT_MAX_OUT_OF_ORDERNESS_MS);
    }

    /**
     * Starts feeding {@code topic} (which must exist with {@code partitions} partitions).
     *
     * @param ratePerSecond records per second, also the generator's event-time spacing
     * @param keys number of keys {@code k0 .. k<keys-1>}
     * @param maxOutOfOrdernessMs largest event-time lag of a record (keep it at most the job's
     *     {@code --max-out-of-orderness-ms})
     * @throws IllegalArgumentException when a number is out of range (see {@link EventGenerator})
     */
    public static InputFeeder start(
            String bootstrapServers,
            String topic,
            int partitions,
            long ratePerSecond,
            int keys,
            long maxOutOfOrdernessMs) {
        if (partitions <= 0) {
            throw new IllegalArgumentException(
                    "partitions: expected a positive number, got " + partitions);
        }
        var generator = new EventGenerator(keys, ratePerSecond, maxOutOfOrdernessMs);
        var feeder = new InputFeeder(bootstrapServers, topic, partitions, ratePerSecond, generator);
        feeder.thread.start();
        return feeder;
    }

    private void run() {
        long start = System.nanoTime();
        for (long id = 0;
                awaitDue(start + id * TimeUnit.SECONDS.toNanos(1) / ratePerSecond);
                id++) {
            send(id);
        }
    }

    /** Parks until {@code due} ({@link System#nanoTime()}); whether the feeder still runs. */
    private boolean awaitDue(long due) {
        for (long wait = due - System.nanoTime(); wait > 0 && running; ) {
            LockSupport.parkNanos(wait);
            wait = due - System.nanoTime();
        }
        return running;
    }

    /** Hands record {@code id} to the producer and notes when; a failure is kept for close. */
    private void send(long id) {
        ProducerRecord<byte[], byte[]> record = record(generator.eventAt(id));
        synchronized (lock) {
            recordSent(System.currentTimeMillis());
        }
        producer.send(
                record,
                (metadata, error) -> {
                    if (error != null) {
                        failure.compareAndSet(null, error);
                    }
                });
    }

    /** The record of {@code event}: on its key's partition, with its event time. */
    private ProducerRecord<byte[], byte[]> record(Event event) {
        return new ProducerRecord<>(
                topic,
                InputRecords.partition(event.key, partitions),
                event.eventTime,
                InputRecords.key(event),
                InputRecords.value(event));
    }

    private void recordSent(long now) {
        if (sent == sentAt.length) {
            sentAt = Arrays.copyOf(sentAt, sentAt.length * 2);
        }
        sentAt[(int) sent] = now;
        sent++;
    }

    /** The generator whose records this feeder writes (the source of truth for an audit). */
    public EventGenerator generator() {
        return generator;
    }

    /** Records handed to the producer so far: ids {@code 0 .. sent()-1}. */
    public long sent() {
        synchronized (lock) {
            return sent;
        }
    }

    /**
     * Wall-clock time, epoch milliseconds, at which {@code id} was handed to the producer.
     *
     * @throws IllegalArgumentException when {@code id} was not sent
     */
    public long sentAtMillis(long id) {
        synchronized (lock) {
            if (id < 0 || id >= sent) {
                throw new IllegalArgumentException("id: expected 0.." + (sent - 1) + ", got " + id);
            }
            return sentAt[(int) id];
        }
    }

    /**
     * Stops the thread and flushes every record to the broker. Idempotent.
     *
     * @throws IllegalStateException when a record could not be written (the first error)
     */
    @Override
    public void close() {
        running = false;
        LockSupport.unpark(thread);
        try {
            thread.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        producer.close(Duration.ofSeconds(30));
        Exception error = failure.get();
        if (error != null) {
            throw new IllegalStateException("input feeder: writing to " + topic + " failed", error);
        }
    }
}
