package dev.bluegreen.demo.timeline;

import java.time.Duration;

/**
 * One measurement of an analysis check, as the controller recorded it in the parent's {@code
 * status.analysis}; recorded once per measurement (its own time {@code measuredAt} is part of the
 * {@link #key()}).
 *
 * @param at time since the demo started, when the demo saw the measurement
 * @param stage {@code prePromotion} or {@code postPromotion} (the field of {@code status.analysis})
 * @param check the check's name, e.g. {@code error-rate}
 * @param phase the measurement's phase: {@code Successful}, {@code Failed}, {@code Inconclusive} or
 *     {@code Error}
 * @param value the provider's value as text, e.g. {@code [0]}; may be empty
 * @param message why an {@code Error} measurement failed; may be empty
 * @param measuredAt the measurement's time as the status has it (RFC 3339)
 */
public record AnalysisMeasured(
        Duration at,
        String stage,
        String check,
        String phase,
        String value,
        String message,
        String measuredAt)
        implements TimelineEvent {
    /** The post-promotion stage's field name. */
    public static final String POST_PROMOTION = "postPromotion";

    @Override
    public String source() {
        return "analysis";
    }

    /** E.g. {@code postPromotion error-rate-after-switch: Failed, result [9.6]}. */
    @Override
    public String text() {
        String line = stage + " " + check + ": " + phase;
        if (!value.isEmpty()) {
            line += ", result " + value;
        }
        return message.isEmpty() ? line : line + " (" + message + ")";
    }

    /** One key per measurement: a measurement the status lists again is not a change. */
    @Override
    public String key() {
        return "analysis:" + stage + ":" + check + ":" + measuredAt;
    }

    /** Whether the measurement judged the candidate bad: {@code Failed} or {@code Error}. */
    public boolean bad() {
        return phase.equals("Failed") || phase.equals("Error");
    }

    /** Whether it was taken after the switch. */
    public boolean postPromotion() {
        return stage.equals(POST_PROMOTION);
    }
}
