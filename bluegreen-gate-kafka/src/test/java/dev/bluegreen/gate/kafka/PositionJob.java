package dev.bluegreen.gate.kafka;

import dev.bluegreen.gate.rule.Color;

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.connector.base.DeliveryGuarantee;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.SavepointRestoreSettings;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.Collector;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Test support: one colour of a processing-time Kafka-to-Kafka job on its own MiniCluster: a
 * KafkaSource whose deserializer is gated ({@link BlueGreenKafkaSource#gated}), no timestamps and
 * no watermarks, a stateless map that tags each record with the version, and a KafkaSink
 * EXACTLY_ONCE. Output lines are {@code version|partition@offset}.
 */
final class PositionJob implements AutoCloseable {
    static final int PARALLELISM = 2;
    private static final long TIMEOUT_S = 60;

    private final MiniCluster cluster;
    private final JobID jobId;
    private final Path dir;

    private PositionJob(MiniCluster cluster, JobID jobId, Path dir) {
        this.cluster = cluster;
        this.jobId = jobId;
        this.dir = dir;
    }

    static PositionJob start(
            Color color,
            String version,
            String bootstrap,
            String channel,
            Path dir,
            String savepoint)
            throws Exception {
        Configuration config = new Configuration();
        config.setString("execution.checkpointing.interval", "300 ms");
        config.setString("state.checkpoints.dir", dir.resolve("checkpoints").toUri().toString());
        config.setString("restart-strategy.type", "none");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(config);
        env.setParallelism(PARALLELISM);
        build(env, color, version, bootstrap, channel);
        JobGraph graph = env.getStreamGraph().getJobGraph();
        graph.setSavepointRestoreSettings(
                savepoint == null
                        ? SavepointRestoreSettings.none()
                        : SavepointRestoreSettings.forPath(savepoint, true));
        MiniCluster cluster = new MiniCluster(clusterConfiguration(config));
        cluster.start();
        cluster.submitJob(graph).get(TIMEOUT_S, TimeUnit.SECONDS);
        return new PositionJob(cluster, graph.getJobID(), dir);
    }

    private static void build(
            StreamExecutionEnvironment env,
            Color color,
            String version,
            String bootstrap,
            String channel) {
        GatedSourceOptions options =
                GatedSourceOptions.builder()
                        .color(color)
                        .channel("memory", channel)
                        .parallelism(PARALLELISM)
                        .reportInterval(Duration.ofMillis(100))
                        .build();
        KafkaSource<String> source =
                KafkaSource.<String>builder()
                        .setBootstrapServers(bootstrap)
                        .setTopics(GatedKafkaHandoverIT.INPUT)
                        .setGroupId("position-" + color.name().toLowerCase())
                        .setStartingOffsets(OffsetsInitializer.earliest())
                        .setDeserializer(BlueGreenKafkaSource.gated(new PositionNaming(), options))
                        .build();
        KafkaSink<String> sink =
                KafkaSink.<String>builder()
                        .setBootstrapServers(bootstrap)
                        .setRecordSerializer(new Lines())
                        .setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)
                        .setTransactionalIdPrefix("position-" + version)
                        .setProperty("transaction.timeout.ms", "60000")
                        .build();
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "input")
                .uid("source")
                .map(line -> version + "|" + line)
                .uid("map")
                .sinkTo(sink)
                .uid("sink-" + version);
    }

    private static MiniClusterConfiguration clusterConfiguration(Configuration jobConfig) {
        Configuration config = new Configuration(jobConfig);
        config.set(RestOptions.BIND_PORT, "0");
        config.set(TaskManagerOptions.MANAGED_MEMORY_SIZE, MemorySize.parse("16m"));
        config.set(TaskManagerOptions.NETWORK_MEMORY_MIN, MemorySize.parse("16m"));
        config.set(TaskManagerOptions.NETWORK_MEMORY_MAX, MemorySize.parse("16m"));
        return new MiniClusterConfiguration.Builder()
                .setConfiguration(config)
                .setNumTaskManagers(1)
                .setNumSlotsPerTaskManager(PARALLELISM)
                .build();
    }

    String savepoint() throws Exception {
        return cluster.triggerSavepoint(
                        jobId,
                        dir.resolve("savepoints").toUri().toString(),
                        false,
                        SavepointFormatType.CANONICAL)
                .get(TIMEOUT_S, TimeUnit.SECONDS);
    }

    /** Stops with a savepoint: the sink's last transaction commits before the job ends. */
    void stopWithSavepoint() throws Exception {
        cluster.stopWithSavepoint(
                        jobId,
                        dir.resolve("savepoints").toUri().toString(),
                        false,
                        SavepointFormatType.CANONICAL)
                .get(TIMEOUT_S, TimeUnit.SECONDS);
    }

    /** The MiniCluster's real REST address. */
    URI rest() throws Exception {
        return cluster.getRestAddress().get(TIMEOUT_S, TimeUnit.SECONDS);
    }

    JobID jobId() {
        return jobId;
    }

    boolean isRunning() throws Exception {
        return cluster.getJobStatus(jobId).get(TIMEOUT_S, TimeUnit.SECONDS) == JobStatus.RUNNING;
    }

    @Override
    public void close() throws Exception {
        cluster.close();
    }

    /** The user's deserializer: names each record by its partition and offset. */
    static final class PositionNaming implements KafkaRecordDeserializationSchema<String> {
        @Override
        public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<String> out) {
            out.collect(record.partition() + "@" + record.offset());
        }

        @Override
        public TypeInformation<String> getProducedType() {
            return Types.STRING;
        }
    }

    /** Output lines as values of the output topic. */
    static final class Lines implements KafkaRecordSerializationSchema<String> {
        @Override
        public ProducerRecord<byte[], byte[]> serialize(
                String line, KafkaSinkContext context, Long timestamp) {
            return new ProducerRecord<>(
                    GatedKafkaHandoverIT.OUTPUT, null, line.getBytes(StandardCharsets.UTF_8));
        }
    }
}
