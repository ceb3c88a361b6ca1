package dev.bluegreen.kafka.broker;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Bad input to {@link KafkaBroker#start} fails early, naming what is wrong. */
class KafkaBrokerGuardTest {

    private static final String RESOURCE = "test/broker.classpath";

    @TempDir Path tmp;

    @Test
    void refusesAWorkDirThatIsAFile() throws IOException {
        Path file = Files.writeString(tmp.resolve("not-a-dir"), "x");

        assertThatThrownBy(() -> KafkaBroker.start(file))
                .isInstanceOf(IOException.class)
                .hasMessage("Kafka broker work dir " + file + " is not a directory");
    }

    @Test
    void namesAMissingClasspathResource() throws IOException {
        try (URLClassLoader loader = loaderOver(tmp)) {
            assertThatThrownBy(() -> BrokerClasspath.load(loader, RESOURCE))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("resource " + RESOURCE + " not found");
        }
    }

    @Test
    void namesAnEmptyClasspathResource() throws IOException {
        writeResource(" \n");

        try (URLClassLoader loader = loaderOver(tmp)) {
            assertThatThrownBy(() -> BrokerClasspath.load(loader, RESOURCE))
                    .isInstanceOf(IOException.class)
                    .hasMessage("Kafka broker classpath resource " + RESOURCE + " is empty");
        }
    }

    @Test
    void namesAJarTheClasspathResourceListsButThatIsGone() throws IOException {
        Path present = Files.writeString(tmp.resolve("present.jar"), "");
        Path gone = tmp.resolve("gone.jar");
        writeResource(present + java.io.File.pathSeparator + gone + "\n");

        try (URLClassLoader loader = loaderOver(tmp)) {
            assertThatThrownBy(() -> BrokerClasspath.load(loader, RESOURCE))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining(
                            "resource " + RESOURCE + " lists " + gone + ", which does not exist");
        }
    }

    @Test
    void shipsTheBrokersOwnClientNotTheJobSidesOne() throws IOException {
        List<Path> classpath =
                BrokerClasspath.load(KafkaBroker.class.getClassLoader(), BrokerClasspath.RESOURCE);

        assertThat(classpath)
                .extracting(path -> path.getFileName().toString())
                .contains("kafka_2.13-4.4.0.jar", "kafka-clients-4.4.0.jar")
                .doesNotContain("kafka-clients-3.4.0.jar")
                .anyMatch(name -> name.startsWith("slf4j-simple-"));
    }

    @Test
    void reportsAFailedFormatStepWithTheEndOfItsLog() throws IOException {
        Path emptyClasspath = Files.createDirectory(tmp.resolve("no-kafka-here"));

        assertThatThrownBy(
                        () ->
                                KafkaBroker.start(
                                        tmp.resolve("work"),
                                        List.of(emptyClasspath),
                                        Duration.ofSeconds(30)))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith(
                        "Kafka broker storage format failed with exit code 1; log "
                                + tmp.resolve("work"))
                .hasMessageContaining("format.log; last lines:")
                .hasMessageContaining("kafka.tools.StorageTool");
    }

    private void writeResource(String text) throws IOException {
        Path file = tmp.resolve(RESOURCE);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private static URLClassLoader loaderOver(Path dir) throws IOException {
        return new URLClassLoader(new URL[] {dir.toUri().toURL()}, null);
    }
}
