package dev.bluegreen.example;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ThrottleTest {

    @Test
    void passesEachRecordThroughUnchanged() throws InterruptedException {
        var throttle = new Throttle(1_000_000);
        var event = new Event(7, "k1", 1_000);

        assertThat(throttle.map(event)).isSameAs(event);
        assertThat(throttle.map(event)).isSameAs(event);
    }

    @Test
    void aRateThatIsNotPositiveIsRejected() {
        assertThatThrownBy(() -> new Throttle(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("records per second must be positive, got 0");
    }
}
