package dev.bluegreen.kafka.broker;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BrokerSettingsTest {

    private final BrokerSettings settings =
            new BrokerSettings(9092, 9093, Path.of("/tmp/run/data"));

    @Test
    void listensOnLoopbackWithSeparateClientAndControllerPorts() {
        Map<String, String> properties = settings.properties();

        assertThat(properties)
                .containsEntry("process.roles", "broker,controller")
                .containsEntry("controller.quorum.voters", "1@localhost:9093")
                .containsEntry(
                        "listeners", "PLAINTEXT://localhost:9092,CONTROLLER://localhost:9093")
                .containsEntry("advertised.listeners", "PLAINTEXT://localhost:9092")
                .containsEntry("log.dirs", Path.of("/tmp/run/data").toAbsolutePath().toString());
        assertThat(settings.bootstrapServers()).isEqualTo("localhost:9092");
    }

    @Test
    void configuresInternalTopicsForASingleNode() {
        assertThat(settings.properties())
                .containsEntry("offsets.topic.replication.factor", "1")
                .containsEntry("offsets.topic.num.partitions", "1")
                .containsEntry("transaction.state.log.replication.factor", "1")
                .containsEntry("transaction.state.log.min.isr", "1")
                .containsEntry("transaction.state.log.num.partitions", "1")
                .containsEntry("group.initial.rebalance.delay.ms", "0")
                .containsEntry("transaction.max.timeout.ms", "900000");
    }

    @Test
    void writesOnePropertyPerLineInOrder() {
        String text = settings.propertiesText();

        assertThat(text.lines()).hasSize(settings.properties().size());
        assertThat(text).startsWith("process.roles=broker,controller\nnode.id=1\n");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "port zero, 0, 9093, 'port: expected 1..65535, got 0'",
        "port too high, 65536, 9093, 'port: expected 1..65535, got 65536'",
        "controller port negative, 9092, -1, 'controllerPort: expected 1..65535, got -1'",
        "same ports, 9092, 9092, 'controllerPort: must differ from port, both are 9092'"
    })
    void rejectsUnusablePortsNamingTheField(
            String name, int port, int controllerPort, String message) {
        assertThatThrownBy(() -> new BrokerSettings(port, controllerPort, Path.of("data")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }
}
