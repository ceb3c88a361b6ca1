package dev.bluegreen.operator.internal.status;

import dev.bluegreen.core.Color;
import dev.bluegreen.operator.internal.handover.HandbackNote;
import dev.bluegreen.operator.resource.HandbackStatus;

import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/** status.handback and its events: a sent hand-back, then the counts once it was applied. */
class HandbackStatusesTest {
    private static final Instant NOW = Instant.parse("2026-12-07T10:00:00Z");

    private static HandbackNote sent(boolean exact) {
        return new HandbackNote(
                false,
                Color.GREEN,
                Color.BLUE,
                1_000,
                7,
                exact,
                exact ? 1_000 : 1_500,
                0,
                0,
                "green died after the cut: handing the output back to blue from event time 1000");
    }

    private static HandbackNote applied(long lost) {
        return new HandbackNote(
                true, Color.GREEN, Color.BLUE, 1_000, 0, true, 1_000, 40, lost, "blue applied it");
    }

    @Test
    void aSentHandBackIsRecordedWithItsCutAndAWarning() {
        HandbackStatus next = HandbackStatuses.next(null, sent(false), NOW);

        assertThat(next.getFrom()).isEqualTo("GREEN");
        assertThat(next.getTo()).isEqualTo("BLUE");
        assertThat(next.getFrontier()).isEqualTo(1_000);
        assertThat(next.getCheckpoint()).isEqualTo(7);
        assertThat(next.getExact()).isFalse();
        assertThat(next.getMayRepeatBelow()).isEqualTo(1_500);
        assertThat(next.getLost()).as("not applied yet").isNull();
        assertThat(HandbackStatuses.events(null, sent(false), next))
                .extracting(EventSpec::type, EventSpec::reason)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("Warning", "OutputHandedBack"));
    }

    @Test
    void anAppliedHandBackFillsInItsCountsOnceWithAnEvent() {
        HandbackStatus sent = HandbackStatuses.next(null, sent(true), NOW);

        HandbackStatus applied = HandbackStatuses.next(sent, applied(0), NOW.plusSeconds(2));
        HandbackStatus again = HandbackStatuses.next(applied, applied(0), NOW.plusSeconds(4));

        assertThat(applied.getRecovered()).isEqualTo(40);
        assertThat(applied.getLost()).isZero();
        assertThat(applied.getAt()).isEqualTo(sent.getAt());
        assertThat(HandbackStatuses.events(sent, applied(0), applied))
                .extracting(EventSpec::type)
                .containsExactly("Normal");
        assertThat(again).isSameAs(applied);
        assertThat(HandbackStatuses.events(applied, applied(0), again)).isEmpty();
    }

    @Test
    void recordsThatCouldNotBeRecoveredMakeTheAppliedEventAWarning() {
        HandbackStatus sent = HandbackStatuses.next(null, sent(true), NOW);
        HandbackStatus applied = HandbackStatuses.next(sent, applied(12), NOW);

        assertThat(HandbackStatuses.events(sent, applied(12), applied))
                .extracting(EventSpec::type, EventSpec::message)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("Warning", "blue applied it"));
        assertThat(applied.getLost()).isEqualTo(12);
    }

    @Test
    void afterACutThatWasNotExactTheUnrecoveredCountIsSaidToBeAnUpperBound() {
        HandbackStatus sent = HandbackStatuses.next(null, sent(false), NOW);
        HandbackStatus applied = HandbackStatuses.next(sent, applied(12), NOW);

        assertThat(HandbackStatuses.events(sent, applied(12), applied))
                .singleElement()
                .satisfies(
                        e -> {
                            assertThat(e.type()).isEqualTo("Warning");
                            assertThat(e.message())
                                    .isEqualTo("blue applied it" + HandbackStatuses.AT_MOST);
                        });
        assertThat(applied.getExact()).isFalse();
        assertThat(applied.getLost()).isEqualTo(12);
    }

    @Test
    void noNoteKeepsTheStatusAndEmitsNothing() {
        HandbackStatus sent = HandbackStatuses.next(null, sent(true), NOW);

        assertThat(HandbackStatuses.next(sent, null, NOW)).isSameAs(sent);
        assertThat(HandbackStatuses.events(sent, null, sent)).isEmpty();
    }
}
