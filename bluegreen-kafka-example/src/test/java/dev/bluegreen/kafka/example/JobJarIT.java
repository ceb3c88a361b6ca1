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
import java.util.jar.JarFile;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shaded job jar as a cluster (or the stand-in, which builds job graphs the same way) runs it:
 * {@code main()} sees the deployment's {@code flinkConfiguration} through {@code
 * env.getConfiguration()} (so the colour reaches the sink's name, uid and prefix), and the jar
 * carries the connector and the client but not Flink.
 *
 * <p>This JVM has the connector on its classpath (test scope), and {@code org.apache.flink.} is
 * loaded parent-first, so the connector comes from here while the jar's kafka-clients would be
 * loaded child-first: a LinkageError ({@code ProducerRecord} from two loaders). Loading {@code
 * org.apache.kafka.} parent-first too, as {@link #PARENT_FIRST} does, is what any JVM needs that
 * runs this jar with the connector on its own classpath (the stand-in in tests and the demo); a
 * Flink cluster has no connector in {@code lib/} and needs nothing.
 */
class JobJarIT {
    private static final File JAR = new File(System.getProperty("bluegreen.job.jar"));

    /** Parent-first loading of kafka-clients, for JVMs that carry the connector themselves. */
    static final Map<String, String> PARENT_FIRST =
            Map.of("classloader.parent-first-patterns.additional", "org.apache.kafka.");

    private static List<String> vertexNames(Map<String, String> flinkConfiguration)
            throws Exception {
        Configuration config = Configuration.fromMap(flinkConfiguration);
        config.addAll(Configuration.fromMap(PARENT_FIRST));
        PackagedProgram program =
                PackagedProgram.newBuilder()
                        .setJarFile(JAR)
                        .setArguments("--bootstrap-servers", "localhost:9")
                        .setConfiguration(config)
                        .build();
        try {
            JobGraph graph = PackagedProgramUtils.createJobGraph(program, config, 2, true);
            return StreamSupport.stream(graph.getVertices().spliterator(), false)
                    .map(JobVertex::getName)
                    .toList();
        } finally {
            program.close();
        }
    }

    private static long checkpointInterval(Map<String, String> flinkConfiguration)
            throws Exception {
        Configuration config = Configuration.fromMap(flinkConfiguration);
        config.addAll(Configuration.fromMap(PARENT_FIRST));
        PackagedProgram program =
                PackagedProgram.newBuilder()
                        .setJarFile(JAR)
                        .setArguments("--bootstrap-servers", "localhost:9")
                        .setConfiguration(config)
                        .build();
        try {
            return PackagedProgramUtils.createJobGraph(program, config, 2, true)
                    .getCheckpointingSettings()
                    .getCheckpointCoordinatorConfiguration()
                    .getCheckpointInterval();
        } finally {
            program.close();
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
                    .isEqualTo(KafkaCountingJob.class.getName());
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
