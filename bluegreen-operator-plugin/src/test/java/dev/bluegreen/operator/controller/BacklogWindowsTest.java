package dev.bluegreen.operator.controller;

import dev.bluegreen.operator.internal.observe.SourceBacklog;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/** The incoming job's backlog over the window: no number until it is spanned, then the largest. */
class BacklogWindowsTest {
    static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");
    static final Duration WINDOW = Duration.ofSeconds(30);

    final ParentMemory memory = new ParentMemory();
    final BacklogWindows windows = new BacklogWindows(memory);

    SourceBacklog read(String job, int second, long records) {
        return windows.add(
                "default/orders",
                job,
                T0.plusSeconds(second),
                new SourceBacklog(records, "pendingRecords"),
                WINDOW);
    }

    @Test
    void noNumberUntilTheReadingsSpanTheWindow() {
        read("g1", 0, 900);

        assertThat(read("g1", 12, 120))
                .isEqualTo(
                        SourceBacklog.unknown(
                                "at most 900 records over 12 s of readings, 30 s needed"
                                        + " (readiness.max-lag-window)"));
    }

    @Test
    void aLowReadingInASawToothDoesNotHideTheHighOnesOfTheWindow() {
        read("g1", 0, 4_000);
        read("g1", 10, 3_500);
        read("g1", 20, 150);

        assertThat(read("g1", 30, 2_000))
                .isEqualTo(new SourceBacklog(4_000L, "pendingRecords, largest of the window"));
        assertThat(read("g1", 45, 100).records()).isEqualTo(2_000);
        assertThat(read("g1", 61, 90).records()).isEqualTo(100);
    }

    @Test
    void aNewJobRunStartsANewWindow() {
        read("g1", 0, 50);
        read("g1", 40, 50);

        assertThat(read("g2", 41, 10).known()).isFalse();
    }

    @Test
    void unknownReadingsAndAZeroWindowPassThrough() {
        var unknown = SourceBacklog.unknown("REST API not readable");

        assertThat(windows.add("p", "g1", T0, unknown, WINDOW)).isSameAs(unknown);
        var reading = new SourceBacklog(7L, "pendingRecords");
        assertThat(windows.add("p", "g1", T0, reading, Duration.ZERO)).isSameAs(reading);
    }

    @Test
    void aForgottenParentStartsAgain() {
        read("g1", 0, 50);
        memory.forget(DeletedChildrenTest.parent("default", "orders"));

        assertThat(read("g1", 40, 50).known()).isFalse();
    }
}
