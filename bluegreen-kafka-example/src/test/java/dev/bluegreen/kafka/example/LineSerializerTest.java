package dev.bluegreen.kafka.example;

import dev.bluegreen.example.OutputAudit;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Output lines as Kafka records. */
class LineSerializerTest {

    @Test
    void keyIsTheLinesKeyAndTimestampTheEventTime() {
        var record = new LineSerializer("out").serialize("7,k3,1000,2,v1", null, 1000L);

        assertThat(record.topic()).isEqualTo("out");
        assertThat(record.partition()).isNull();
        assertThat(record.timestamp()).isEqualTo(1000L);
        assertThat(new String(record.key(), StandardCharsets.UTF_8)).isEqualTo("k3");
        assertThat(OutputAudit.Line.parse(new String(record.value(), StandardCharsets.UTF_8), "x"))
                .isEqualTo(new OutputAudit.Line(7, "k3", 1000, 2, "v1"));
    }

    @Test
    void keyIsTheIdOrNoneWhenAsked() {
        var byId =
                new LineSerializer("out", KafkaJobArgs.RecordKey.ID)
                        .serialize("7,k3,1000,2,v1", null, 1000L);
        var withoutKey =
                new LineSerializer("out", KafkaJobArgs.RecordKey.NONE)
                        .serialize("7,k3,1000,2,v1", null, 1000L);

        assertThat(new String(byId.key(), StandardCharsets.UTF_8)).isEqualTo("7");
        assertThat(new String(byId.value(), StandardCharsets.UTF_8)).isEqualTo("7,k3,1000,2,v1");
        assertThat(withoutKey.key()).isNull();
        assertThat(new String(withoutKey.value(), StandardCharsets.UTF_8))
                .isEqualTo("7,k3,1000,2,v1");
    }

    @Test
    void lineWithoutAKeyIsRejected() {
        assertThatThrownBy(() -> new LineSerializer("out").serialize("7", null, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("output line: expected id,key,");
    }
}
