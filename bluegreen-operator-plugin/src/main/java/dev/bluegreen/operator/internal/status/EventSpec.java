package dev.bluegreen.operator.internal.status;

import java.util.Objects;

/**
 * A Kubernetes Event to emit on the FlinkBlueGreenDeployment (core/v1 Event, involvedObject = the
 * parent), computed by {@link StatusMapper}. Immutable.
 *
 * @param type {@value #NORMAL} or {@value #WARNING}
 * @param reason the PascalCase reason, e.g. {@code UpgradeAborted}, {@code RollbackToBlue}
 * @param message a human-readable message naming the children and values involved
 */
public record EventSpec(String type, String reason, String message) {

    /** The type of informational events. */
    public static final String NORMAL = "Normal";

    /** The type of events that need attention. */
    public static final String WARNING = "Warning";

    /**
     * Checks the components.
     *
     * @throws IllegalArgumentException if the type is neither Normal nor Warning
     */
    public EventSpec {
        Objects.requireNonNull(type, "type == null");
        Objects.requireNonNull(reason, "reason == null");
        Objects.requireNonNull(message, "message == null");
        if (!type.equals(NORMAL) && !type.equals(WARNING)) {
            throw new IllegalArgumentException("type: expected Normal or Warning, got " + type);
        }
    }

    /** A Normal event. */
    public static EventSpec normal(String reason, String message) {
        return new EventSpec(NORMAL, reason, message);
    }

    /** A Warning event. */
    public static EventSpec warning(String reason, String message) {
        return new EventSpec(WARNING, reason, message);
    }
}
