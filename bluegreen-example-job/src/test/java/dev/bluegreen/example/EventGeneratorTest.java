package dev.bluegreen.example;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EventGeneratorTest {
    private final EventGenerator generator = new EventGenerator(16, 200, 200);

    @Test
    void sameIdGivesTheSameEventAcrossInstances() {
        var other = new EventGenerator(16, 200, 200);

        LongStream.range(0, 1_000)
                .forEach(i -> assertThat(other.eventAt(i)).isEqualTo(generator.eventAt(i)));
    }

    @Test
    void idIsThePosition() {
        assertThat(generator.map(12_345L).id).isEqualTo(12_345L);
    }

    @Test
    void eventTimeLagsTheInOrderTimeByAtMostTheBound() {
        for (long i = 0; i < 10_000; i++) {
            long inOrder = EventGenerator.EPOCH_START_MS + i * 1000 / 200;
            assertThat(generator.eventAt(i).eventTime).isBetween(inOrder - 200, inOrder);
        }
    }

    @Test
    void eventsAreActuallyOutOfOrder() {
        long outOfOrder =
                LongStream.range(1, 1_000)
                        .filter(
                                i ->
                                        generator.eventAt(i).eventTime
                                                < generator.eventAt(i - 1).eventTime)
                        .count();

        assertThat(outOfOrder).isGreaterThan(100);
    }

    @Test
    void zeroBoundGivesInOrderTimes() {
        var inOrder = new EventGenerator(4, 1000, 0);

        assertThat(inOrder.eventAt(1_500).eventTime)
                .isEqualTo(EventGenerator.EPOCH_START_MS + 1_500);
    }

    @Test
    void keysCoverTheConfiguredRange() {
        Set<String> keys = new HashSet<>();
        LongStream.range(0, 1_000).forEach(i -> keys.add(generator.eventAt(i).key));

        assertThat(keys).hasSize(16).allMatch(k -> k.matches("k([0-9]|1[0-5])"));
    }

    @Test
    void rejectsNonPositiveKeys() {
        assertThatThrownBy(() -> new EventGenerator(0, 200, 200))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("keys=0");
    }
}
