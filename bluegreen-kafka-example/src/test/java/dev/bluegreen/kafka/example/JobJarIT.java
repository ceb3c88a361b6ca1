package dev.bluegreen.kafka.example;

import org.apache.flink.client.program.PackagedProgram;
import org.apache.flink.client.program.PackagedProgramUtils;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.JobVertex;

import org.junit.jupiter.api.Test;

import java.io.File;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.jar.JarFile;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The shaded job jar (classifier {@code job}) as a cluster (or the stand-in, which builds job
 * graphs the same way) runs it: {@code main()} sees the deployment's {@code flinkConfiguration}
 * through {@code env.getConfiguration()} (so the colour reaches the sink's name, uid and prefix),
 * and the jar carries the connector and the client but not Flink.
 *
 * <p>This IT runs in its own failsafe execution whose classpath has Flink but neither the
 * connector, connector-base nor kafka-clients (as on a cluster, whose {@code lib/} has no
 * connector): the job loads all three from its jar with Flink's default class loading (child-first,
 * {@code org.apache.flink.} parent-first but found only in the jar), no extra parent-first pattern.
 */
class JobJarIT {
    private static final File JAR = new File(System.getProperty("bluegreen.job.jar"));

    /** The job's main class, by name: this JVM cannot link it (no connector on its classpath). */
    private static final String MAIN_CLASS = "dev.bluegreen.kafka.example.KafkaCountingJob";

    /** Builds the job graph from the jar's {@code main()}, as a cluster does at submission. */
    private static <T> T fromJobGraph(
            Map<String, String> flinkConfiguration, Function<JobGraph, T> read) throws Exception {
        Configuration config = Configuration.fromMap(flinkConfiguration);
        PackagedProgram program =
                PackagedProgram.newBuilder()
                        .setJarFile(JAR)
                        .setArguments("--bootstrap-servers", "localhost:9")
                        .setConfiguration(config)
                        .build();
        try {
            return read.apply(PackagedProgramUtils.createJobGraph(program, config, 2, true));
        } finally {
            program.close();
        }
    }

    private static List<String> vertexNames(Map<String, String> flinkConfiguration)
            throws Exception {
        return fromJobGraph(
                flinkConfiguration,
                graph ->
                        StreamSupport.stream(graph.getVertices().spliterator(), false)
                                .map(JobVertex::getName)
                                .toList());
    }

    private static long checkpointInterval(Map<String, String> flinkConfiguration)
            throws Exception {
        return fromJobGraph(
                flinkConfiguration,
                graph ->
                        graph.getCheckpointingSettings()
                                .getCheckpointCoordinatorConfiguration()
                                .getCheckpointInterval());
    }

    @Test
    void thisJvmHasNeitherTheConnectorNorTheClient() {
        // Given this IT's classpath, Then the job can only take them from its jar
        for (String absent :
                List.of(
                        "org.apache.flink.connector.kafka.sink.KafkaSink",
                        "org.apache.flink.connector.base.DeliveryGuarantee",
                        "org.apache.kafka.clients.producer.KafkaProducer")) {
            assertThatThrownBy(() -> Class.forName(absent, false, getClass().getClassLoader()))
                    .as(absent)
                    .isInstanceOf(ClassNotFoundException.class);
        }
    }

    @Test
    void mainSeesTheColourOfTheFlinkConfiguration() throws Exception {
        assertThat(vertexNames(Map.of("bluegreen.color", "GREEN")))
                .anyMatch(name -> name.contains("kafka-sink-green: Writer"));
        assertThat(vertexNames(Map.of("bluegreen.gate.color", "BLUE")))
                .anyMatch(name -> name.contains("kafka-sink-blue: Writer"));
        assertThat(vertexNames(Map.of()))
                .anyMatch(name -> name.contains("kafka-sink: Writer"))
                .noneMatch(name -> name.contains("kafka-sink-"));
    }

    @Test
    void checkpointsEveryTenSecondsUnlessConfigured() throws Exception {
        assertThat(checkpointInterval(Map.of())).isEqualTo(10_000);
        assertThat(checkpointInterval(Map.of("execution.checkpointing.interval", "1 s")))
                .isEqualTo(1_000);
    }

    @Test
    void jarCarriesTheConnectorAndTheClientButNotFlink() throws Exception {
        try (JarFile jar = new JarFile(JAR)) {
            assertThat(jar.getManifest().getMainAttributes().getValue("Main-Class"))
                    .isEqualTo(MAIN_CLASS);
            for (String carried :
                    List.of(
                            "dev/bluegreen/kafka/example/KafkaCountingJob.class",
                            "dev/bluegreen/example/PerKeyCounter.class",
                            "dev/bluegreen/gate/flink/ColorScope.class",
                            "org/apache/flink/connector/kafka/sink/KafkaSink.class",
                            "org/apache/flink/connector/base/DeliveryGuarantee.class",
                            "org/apache/kafka/clients/producer/KafkaProducer.class")) {
                assertThat(jar.getEntry(carried)).as(carried).isNotNull();
            }
            assertThat(jar.stream().map(e -> e.getName()))
                    .noneMatch(n -> n.startsWith("org/apache/flink/api/"))
                    .noneMatch(n -> n.startsWith("org/apache/flink/runtime/"))
                    .noneMatch(n -> n.startsWith("com/fasterxml/"))
                    .noneMatch(n -> n.startsWith("com/google/"))
                    .noneMatch(n -> n.startsWith("org/slf4j/"));
        }
    }
}
