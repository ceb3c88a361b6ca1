package dev.bluegreen.kafka.example;

import dev.bluegreen.example.Event;
import dev.bluegreen.example.EventGenerator;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The input record format and partitioning. */
class InputRecordsTest {

    @Test
    void valueRoundTrips() {
        Event event = new EventGenerator(8, 100, 200).eventAt(42);

        Event parsed = InputRecords.parse(InputRecords.value(event), "in-0@3");

        assertThat(parsed).isEqualTo(event);
        assertThat(new String(InputRecords.key(event), StandardCharsets.UTF_8))
                .isEqualTo(event.key);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "two fields|1,k1|expected id,key,eventTimeMs, got \"1,k1\"",
                "id not a number|x,k1,5|expected id and eventTimeMs as integers",
                "negative id|-1,k1,5|expected id and eventTimeMs as integers",
                "empty key|1,,5|expected id,key,eventTimeMs"
            })
    void malformedValueNamesTheRecord(String name, String value, String message) {
        assertThatThrownBy(
                        () -> InputRecords.parse(value.getBytes(StandardCharsets.UTF_8), "in-2@17"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("in-2@17: ")
                .hasMessageContaining(message);
    }

    @Test
    void nullValueNamesTheRecord() {
        assertThatThrownBy(() -> InputRecords.parse(null, "in-0@1"))
                .hasMessage("in-0@1: expected id,key,eventTimeMs, got null");
    }

    @Test
    void generatorKeysCoverEveryPartition() {
        Set<Integer> partitions = new TreeSet<>();
        for (int k = 0; k < 8; k++) {
            partitions.add(InputRecords.partition("k" + k, 4));
        }

        assertThat(partitions).containsExactly(0, 1, 2, 3);
        assertThat(InputRecords.partition("k5", 4)).isEqualTo(1);
        assertThat(InputRecords.partition("other", 4)).isBetween(0, 3);
        assertThatThrownBy(() -> InputRecords.partition("k1", 0))
                .hasMessageStartingWith("partitions: expected a positive number");
    }
}
