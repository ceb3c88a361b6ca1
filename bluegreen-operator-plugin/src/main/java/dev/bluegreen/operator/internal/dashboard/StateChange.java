package dev.bluegreen.operator.internal.dashboard;

import java.time.Instant;
import java.util.Objects;

/**
 * One state a parent entered, as the controller wrote or first saw it.
 *
 * @param at when the controller wrote (or first saw) it
 * @param state the persisted state, e.g. {@code SAVEPOINTING_BLUE}
 * @param activeColor the serving colour then, or {@code null}
 * @param reason the Progressing reason then (what the controller was doing), or {@code null}
 */
public record StateChange(Instant at, String state, String activeColor, String reason) {
    public StateChange {
        Objects.requireNonNull(at, "at == null");
        Objects.requireNonNull(state, "state == null");
    }
}
