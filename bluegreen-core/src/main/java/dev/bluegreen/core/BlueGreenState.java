package dev.bluegreen.core;

import java.util.Optional;

/**
 * The persisted state of a blue/green deployment. The first seven names are upstream's ({@code
 * FlinkBlueGreenDeploymentState}); the rest make in-place patches, suspension, failure and the
 * post-switch retirement explicit instead of overloading {@code TRANSITIONING_TO_<same colour>}.
 *
 * <p>The full state table lives in {@code StateTable} and is rendered to {@code
 * docs/state-machine.md}.
 */
public enum BlueGreenState {
    /** Nothing deployed yet: the first reconcile, or an initial spec that is suspended. */
    INITIALIZING_BLUE(null, Role.INITIALIZING),
    /** Blue is the only serving child and is healthy. */
    ACTIVE_BLUE(Color.BLUE, Role.ACTIVE),
    /** Green is the only serving child and is healthy. */
    ACTIVE_GREEN(Color.GREEN, Role.ACTIVE),
    /** A hand-over savepoint of blue is in flight before green is started. */
    SAVEPOINTING_BLUE(Color.BLUE, Role.SAVEPOINTING),
    /** A hand-over savepoint of green is in flight before blue is started. */
    SAVEPOINTING_GREEN(Color.GREEN, Role.SAVEPOINTING),
    /**
     * Blue is deployed and must become ready; green (if any) still serves. Also the first
     * deployment, where there is no previous child.
     */
    TRANSITIONING_TO_BLUE(Color.GREEN, Role.TRANSITIONING),
    /** Green is deployed and must become ready; blue still serves. */
    TRANSITIONING_TO_GREEN(Color.BLUE, Role.TRANSITIONING),
    /**
     * Traffic has moved to green; blue is kept for the deletion delay or rollback window, then
     * retired.
     */
    RETIRING_BLUE(Color.GREEN, Role.RETIRING),
    /**
     * Traffic has moved to blue; green is kept for the deletion delay or rollback window, then
     * retired.
     */
    RETIRING_GREEN(Color.BLUE, Role.RETIRING),
    /** Blue is being patched in place (no second child) and must become ready again. */
    PATCHING_BLUE(Color.BLUE, Role.PATCHING),
    /** Green is being patched in place (no second child) and must become ready again. */
    PATCHING_GREEN(Color.GREEN, Role.PATCHING),
    /** Blue was suspended on the user's request. */
    SUSPENDED_BLUE(Color.BLUE, Role.SUSPENDED),
    /** Green was suspended on the user's request. */
    SUSPENDED_GREEN(Color.GREEN, Role.SUSPENDED),
    /** Blue is the serving child but is not healthy; a transition away from it is allowed. */
    FAILING_BLUE(Color.BLUE, Role.FAILING),
    /** Green is the serving child but is not healthy; a transition away from it is allowed. */
    FAILING_GREEN(Color.GREEN, Role.FAILING);

    /** What a state is doing, independent of colour. */
    public enum Role {
        INITIALIZING,
        ACTIVE,
        SAVEPOINTING,
        TRANSITIONING,
        RETIRING,
        PATCHING,
        SUSPENDED,
        FAILING
    }

    private final Color active;
    private final Role role;

    BlueGreenState(Color active, Role role) {
        this.active = active;
        this.role = role;
    }

    /** What this state is doing, independent of colour. */
    public Role role() {
        return role;
    }

    /**
     * The colour that serves while in this state: the child that must not be lost. For {@code
     * TRANSITIONING_TO_X} it is the opposite of X (the incumbent); for {@code RETIRING_X} the
     * opposite of X (traffic already moved). Empty only for {@link #INITIALIZING_BLUE}.
     */
    public Optional<Color> activeColor() {
        return Optional.ofNullable(active);
    }

    /**
     * The state of a role for a colour. For {@link Role#TRANSITIONING} and {@link Role#RETIRING}
     * the colour is the one named in the state ({@code TRANSITIONING_TO_<color>}, {@code
     * RETIRING_<color>}); for the others it is the active colour.
     *
     * @throws IllegalArgumentException for {@link Role#INITIALIZING}, which has no colour
     */
    public static BlueGreenState of(Role role, Color color) {
        for (BlueGreenState s : values()) {
            if (s.role == role && s.namedColor() == color) {
                return s;
            }
        }
        throw new IllegalArgumentException("no state for role " + role + " and color " + color);
    }

    /** The colour in the state's name ({@code ..._BLUE} or {@code ..._GREEN}). */
    public Color namedColor() {
        return name().endsWith("_BLUE") ? Color.BLUE : Color.GREEN;
    }

    /** Whether a blue/green or in-place change is in flight (not a resting state). */
    public boolean inFlight() {
        return role == Role.SAVEPOINTING
                || role == Role.TRANSITIONING
                || role == Role.RETIRING
                || role == Role.PATCHING;
    }
}
