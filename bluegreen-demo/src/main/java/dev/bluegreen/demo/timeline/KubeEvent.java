package dev.bluegreen.demo.timeline;

import java.time.Duration;

/**
 * A Kubernetes Event (core/v1) as it was created.
 *
 * @param at time since the demo started
 * @param name the Event's name (unique)
 * @param object the name of the object it is about
 * @param type {@code Normal} or {@code Warning}
 * @param reason e.g. {@code TrafficSwitched}
 * @param message the Event's message
 */
public record KubeEvent(
        Duration at, String name, String object, String type, String reason, String message)
        implements TimelineEvent {
    /** The reason of the Event the controller emits when it rolls back by itself. */
    public static final String ROLLBACK = "Rollback";

    /** Whether this is the controller's automatic rollback ({@value #ROLLBACK}). */
    public boolean rollback() {
        return reason.equals(ROLLBACK);
    }

    @Override
    public String source() {
        return "event";
    }

    /**
     * Type, reason and object; the message only for warnings (a Normal event's message repeats the
     * controller's {@code Progressing} message, which the controller line already shows).
     */
    @Override
    public String text() {
        String line = type + " " + reason + " on " + object;
        return type.equals("Normal") ? line : line + ": " + message;
    }

    /** Per object: the controller may emit the same reason again (e.g. after a conflict). */
    @Override
    public String key() {
        return "event:" + object;
    }

    /** Type and reason: a repeat of the previous reason for the object is not a change. */
    @Override
    public String value() {
        return type + "/" + reason;
    }
}
