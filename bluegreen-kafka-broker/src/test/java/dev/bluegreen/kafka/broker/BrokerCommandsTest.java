package dev.bluegreen.kafka.broker;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class BrokerCommandsTest {

    private final BrokerCommands commands = new BrokerCommands("/jdk/bin/java", "a.jar:b.jar");
    private final Path properties = Path.of("/run/server.properties");

    @Test
    void formatsStorageWithTheStorageToolAndTheGivenClusterId() {
        List<String> command = commands.format(properties, "AbCdEfGhIjKlMnOpQrStUv");

        assertThat(command.get(0)).isEqualTo("/jdk/bin/java");
        assertThat(command)
                .containsSequence("-cp", "a.jar:b.jar")
                .endsWith(
                        "kafka.tools.StorageTool",
                        "format",
                        "--cluster-id",
                        "AbCdEfGhIjKlMnOpQrStUv",
                        "--config",
                        "/run/server.properties");
    }

    @Test
    void runsTheBrokerMainClassWithASmallHeap() {
        List<String> command = commands.server(properties);

        assertThat(command.get(0)).isEqualTo("/jdk/bin/java");
        assertThat(command)
                .contains("-Xmx384m")
                .containsSequence("-cp", "a.jar:b.jar")
                .endsWith("kafka.Kafka", "/run/server.properties");
    }

    @Test
    void usesTheJavaExecutableOfTheRunningJvm() {
        assertThat(Path.of(BrokerCommands.currentJava())).isExecutable();
    }

    @Test
    void clusterIdsAreSixteenRandomBytesInUrlSafeBase64() {
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 200; i++) {
            String id = BrokerCommands.randomClusterId();

            assertThat(id).hasSize(22).matches("[A-Za-z0-9_][A-Za-z0-9_-]{21}");
            assertThat(Base64.getUrlDecoder().decode(id)).hasSize(16);
            ids.add(id);
        }
        assertThat(ids).hasSize(200);
    }
}
