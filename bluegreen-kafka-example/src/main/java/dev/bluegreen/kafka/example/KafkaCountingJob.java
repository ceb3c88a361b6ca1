package dev.bluegreen.kafka.example;

import dev.bluegreen.example.CountingJob;
import dev.bluegreen.example.Event;
import dev.bluegreen.example.FailAfterRecords;
import dev.bluegreen.example.PerKeyCounter;
import dev.bluegreen.example.Throttle;
import dev.bluegreen.gate.flink.BlueGreenGate;
import dev.bluegreen.gate.flink.ColorScope;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.connector.base.DeliveryGuarantee;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.time.Duration;
import java.util.Properties;

/**
 * The example job on Kafka: {@code KafkaSource} (input topic) with event-time watermarks, keyBy
 * key, {@link PerKeyCounter}, the blue/green gate, {@code KafkaSink} (output topic; EXACTLY_ONCE by
 * default, AT_LEAST_ONCE with {@code --delivery-guarantee at-least-once}). Arguments: {@link
 * KafkaJobArgs}.
 *
 * <p>Names that must differ between the blue and the green run come from {@link ColorScope} (the
 * job configuration's {@code bluegreen.color}, else {@code bluegreen.gate.color}): the sink's uid
 * {@code kafka-sink-<colour>}, its transactional-id prefix {@code orders-out-<colour>} and the
 * consumer group {@code orders-<colour>}. Green is restored from blue's savepoint with {@code
 * allowNonRestoredState} (blue's sink state has no operator in green), so green neither commits nor
 * aborts blue's transactions. Every other operator keeps its uid: {@code kafka-source}, {@code
 * throttle}, {@code fault}, {@code count} and the gate's.
 *
 * <p>Exactly-once output needs checkpoints (transactions commit when a checkpoint completes), and
 * at-least-once output is flushed on them: when the configuration enables none, the job checkpoints
 * every {@value #DEFAULT_CHECKPOINT_INTERVAL_MS} ms.
 */
public final class KafkaCountingJob {
    /** Name prefix of the Flink job; the version follows. */
    public static final String JOB_NAME_PREFIX = "bluegreen-kafka-example-";

    /** Checkpoint interval when the configuration sets none, milliseconds. */
    public static final long DEFAULT_CHECKPOINT_INTERVAL_MS = 10_000;

    private KafkaCountingJob() {}

    /** The consumer's per-partition fetch limit, set by {@code --max-partition-fetch-bytes}. */
    static final String MAX_FETCH_BYTES = "max.partition.fetch.bytes";

    /**
     * Runs the job in the environment Flink provides (a cluster, the stand-in or a local one).
     *
     * @throws IllegalArgumentException for bad arguments or a bad colour in the configuration
     * @throws Exception when the job fails
     */
    public static void main(String[] args) throws Exception {
        var env = StreamExecutionEnvironment.getExecutionEnvironment();
        KafkaJobArgs parsed = withConfiguredFault(KafkaJobArgs.parse(args), env.getConfiguration());
        if (!env.getCheckpointConfig().isCheckpointingEnabled()) {
            env.enableCheckpointing(DEFAULT_CHECKPOINT_INTERVAL_MS);
        }
        build(env, parsed, ColorScope.of(env));
        env.execute(JOB_NAME_PREFIX + parsed.version());
    }

    /**
     * {@code args} with the stand-in's fault ({@link CountingJob#FAIL_AFTER_RECORDS}) from {@code
     * config}, unless the arguments set one already.
     */
    public static KafkaJobArgs withConfiguredFault(KafkaJobArgs args, ReadableConfig config) {
        if (args.failAfterRecords().isPresent()) {
            return args;
        }
        return config.getOptional(CountingJob.FAIL_AFTER_RECORDS)
                .map(args::withFailAfterRecords)
                .orElse(args);
    }

    /**
     * Adds the pipeline to {@code env}: source, optional throttle, optional fault, keyed counter,
     * gate (a pass-through without {@code bluegreen.gate.color}), sink.
     *
     * @param env the environment; its parallelism applies to every operator
     * @param args the arguments
     * @param scope the colour for the per-colour names
     */
    public static void build(StreamExecutionEnvironment env, KafkaJobArgs args, ColorScope scope) {
        DataStream<Event> events =
                env.fromSource(source(args, scope), watermarks(args), "kafka-source")
                        .uid("kafka-source");
        DataStream<String> counted =
                withOptionalSteps(events, args)
                        .keyBy(event -> event.key)
                        .process(new PerKeyCounter(args.version()))
                        .uid("count");
        // named like its uid, so the colour shows in the Flink UI ("kafka-sink-green: Writer")
        String sinkUid = args.sinkUid(scope);
        BlueGreenGate.apply(counted).sinkTo(sink(args, scope)).name(sinkUid).uid(sinkUid);
    }

    /** {@code events} throttled and with the faults, when the arguments ask for them. */
    private static DataStream<Event> withOptionalSteps(
            DataStream<Event> events, KafkaJobArgs args) {
        if (args.maxRecordsPerSecond().isPresent()) {
            events =
                    events.map(new Throttle(args.maxRecordsPerSecond().getAsLong()))
                            .uid("throttle");
        }
        if (args.failAfterRecords().isPresent()) {
            events =
                    events.map(new FailAfterRecords(args.failAfterRecords().getAsLong()))
                            .uid("fault");
        }
        if (args.failWhenFile().isPresent()) {
            events = events.map(new FailWhenFile(args.failWhenFile().get())).uid("fail-when-file");
        }
        return events;
    }

    /**
     * The source: every partition of the input topic, from the earliest offset without state; the
     * consumer's {@code max.partition.fetch.bytes} when the arguments set it.
     */
    static KafkaSource<Event> source(KafkaJobArgs args, ColorScope scope) {
        String group = args.groupId(scope);
        var builder = KafkaSource.<Event>builder();
        args.maxPartitionFetchBytes()
                .ifPresent(bytes -> builder.setProperty(MAX_FETCH_BYTES, Long.toString(bytes)));
        return builder.setBootstrapServers(args.bootstrapServers())
                .setTopics(args.inputTopic())
                .setGroupId(group)
                // distinct client ids per colour: both colours may share a JVM (JMX names)
                .setClientIdPrefix(group)
                .setStartingOffsets(OffsetsInitializer.earliest())
                .setDeserializer(new EventDeserializer())
                .build();
    }

    /**
     * Event time from the record, a bounded out-of-orderness watermark per partition, and idleness
     * so that a partition without records does not hold the gate's watermark back.
     */
    static WatermarkStrategy<Event> watermarks(KafkaJobArgs args) {
        return WatermarkStrategy.<Event>forBoundedOutOfOrderness(
                        Duration.ofMillis(args.maxOutOfOrdernessMs()))
                .withTimestampAssigner((event, previous) -> event.eventTime)
                .withIdleness(Duration.ofMillis(args.sourceIdleMs()));
    }

    /**
     * The sink: the delivery guarantee and record key of the arguments; for EXACTLY_ONCE also the
     * colour's transactional-id prefix and the transaction timeout (AT_LEAST_ONCE uses neither).
     */
    static KafkaSink<String> sink(KafkaJobArgs args, ColorScope scope) {
        var builder =
                KafkaSink.<String>builder()
                        .setBootstrapServers(args.bootstrapServers())
                        .setDeliveryGuarantee(args.deliveryGuarantee())
                        .setRecordSerializer(
                                new LineSerializer(args.outputTopic(), args.recordKey()));
        if (args.deliveryGuarantee() == DeliveryGuarantee.EXACTLY_ONCE) {
            Properties producer = new Properties();
            producer.setProperty(
                    "transaction.timeout.ms", Long.toString(args.transactionTimeoutMs()));
            builder.setTransactionalIdPrefix(args.transactionalIdPrefix(scope))
                    .setKafkaProducerConfig(producer);
        }
        return builder.build();
    }
}
