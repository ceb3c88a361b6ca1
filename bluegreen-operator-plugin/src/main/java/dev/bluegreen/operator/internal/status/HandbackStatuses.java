package dev.bluegreen.operator.internal.status;

import dev.bluegreen.operator.internal.handover.HandbackNote;
import dev.bluegreen.operator.resource.HandbackStatus;

import java.time.Instant;
import java.util.List;

/**
 * {@code status.handback} and the hand-back's events (docs/gate.md, "Keep window and cold
 * hand-back"): a sent hand-back replaces the previous one ({@value #HANDED_BACK}, Warning); once
 * every keeper subtask applied it, its counts are filled in, once ({@value #APPLIED}: Normal, or
 * Warning when records could not be recovered; after a cut that was not exact the count is an upper
 * bound, and the event says so). Pure.
 */
final class HandbackStatuses {
    /** Event reason: the controller handed the output back to the keeper. */
    static final String HANDED_BACK = "OutputHandedBack";

    /** Event reason: every keeper subtask applied the hand-back. */
    static final String APPLIED = "HandBackApplied";

    /**
     * Said of the records that could not be recovered when the cut was not exact: the count is then
     * an upper bound (green committed some of the unkept records past the frontier).
     */
    static final String AT_MOST =
            "; the cut was not exact, so that is an upper bound: green may have committed some of"
                    + " them";

    private HandbackStatuses() {}

    /** The status after {@code note} ({@code null}: kept as it is). */
    static HandbackStatus next(HandbackStatus previous, HandbackNote note, Instant now) {
        if (note == null) {
            return previous;
        }
        if (!note.applied()) {
            return sent(note, now);
        }
        if (previous == null || previous.getLost() != null) {
            return previous;
        }
        HandbackStatus applied = copy(previous);
        applied.setRecovered(note.recovered());
        applied.setLost(note.lost());
        return applied;
    }

    private static HandbackStatus sent(HandbackNote note, Instant now) {
        HandbackStatus status = new HandbackStatus();
        status.setAt(now.toString());
        status.setFrom(note.from().name());
        status.setTo(note.to().name());
        status.setFrontier(note.frontier());
        status.setCheckpoint(note.checkpoint());
        status.setExact(note.exact());
        status.setMayRepeatBelow(note.exact() ? null : note.mayRepeatBelow());
        status.setMessage(note.message());
        return status;
    }

    private static HandbackStatus copy(HandbackStatus from) {
        HandbackStatus copy = new HandbackStatus();
        copy.setAt(from.getAt());
        copy.setFrom(from.getFrom());
        copy.setTo(from.getTo());
        copy.setFrontier(from.getFrontier());
        copy.setCheckpoint(from.getCheckpoint());
        copy.setExact(from.getExact());
        copy.setMayRepeatBelow(from.getMayRepeatBelow());
        copy.setMessage(from.getMessage());
        return copy;
    }

    /** The events of the step from {@code previous} to {@code next}. */
    static List<EventSpec> events(HandbackStatus previous, HandbackNote note, HandbackStatus next) {
        if (note == null || next == previous) {
            return List.of();
        }
        if (!note.applied()) {
            return List.of(EventSpec.warning(HANDED_BACK, note.message()));
        }
        if (note.lost() == 0) {
            return List.of(EventSpec.normal(APPLIED, note.message()));
        }
        boolean inexact = previous != null && Boolean.FALSE.equals(previous.getExact());
        return List.of(EventSpec.warning(APPLIED, note.message() + (inexact ? AT_MOST : "")));
    }
}
