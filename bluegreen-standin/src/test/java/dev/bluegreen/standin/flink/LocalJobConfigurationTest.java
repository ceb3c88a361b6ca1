package dev.bluegreen.standin.flink;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.JobVertex;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The job's main method sees the FlinkDeployment's {@code flinkConfiguration} through {@code
 * getExecutionEnvironment().getConfiguration()}, as in upstream's application mode (decision 3b of
 * issue 8: jobs read {@code bluegreen.color} from there).
 */
class LocalJobConfigurationTest {
    private static final String JOB_ID = "0123456789abcdef0123456789abcdef";

    @TempDir Path dir;

    private Path probeJar() throws IOException {
        Path jar = dir.resolve("probe.jar");
        String entry = ConfigurationProbeJob.class.getName().replace('.', '/') + ".class";
        try (var out = new JarOutputStream(Files.newOutputStream(jar));
                InputStream in =
                        ConfigurationProbeJob.class.getClassLoader().getResourceAsStream(entry)) {
            out.putNextEntry(new JarEntry(entry));
            in.transferTo(out);
            out.closeEntry();
        }
        return jar;
    }

    private List<String> vertexNames(Map<String, String> configuration) throws Exception {
        var launch =
                new JobLaunch(
                        probeJar(),
                        ConfigurationProbeJob.class.getName(),
                        List.of(),
                        1,
                        configuration,
                        null,
                        false,
                        JOB_ID);
        JobGraph graph = LocalJob.jobGraph(launch, Configuration.fromMap(configuration));
        return StreamSupport.stream(graph.getVertices().spliterator(), false)
                .map(JobVertex::getName)
                .toList();
    }

    @Test
    void mainSeesTheDeploymentsFlinkConfiguration() throws Exception {
        var names = vertexNames(Map.of("bluegreen.color", "GREEN"));

        assertThat(names).anySatisfy(name -> assertThat(name).contains("probe color=GREEN"));
    }

    @Test
    void mainSeesNoColourWhenTheConfigurationHasNone() throws Exception {
        var names = vertexNames(Map.of());

        assertThat(names).anySatisfy(name -> assertThat(name).contains("probe color=none"));
    }
}
