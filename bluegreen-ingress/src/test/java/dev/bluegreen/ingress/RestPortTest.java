package dev.bluegreen.ingress;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class RestPortTest {

    @Test
    void defaultsTo8081WhenAbsent() {
        assertThat(RestPort.fromFlinkConfiguration(Map.of("taskmanager.numberOfTaskSlots", "2")))
                .isEqualTo(8081);
    }

    @Test
    void readsTheConfiguredPortIgnoringBlanks() {
        assertThat(RestPort.fromFlinkConfiguration(Map.of("rest.port", " 9091 "))).isEqualTo(9091);
    }
}
