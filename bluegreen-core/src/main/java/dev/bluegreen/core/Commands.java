package dev.bluegreen.core;

/**
 * Manual commands from the user. Promote and abort are tokens: a command is new when its token
 * differs from the last one the engine handled ({@link TransitionRecord#handledPromote()}, {@link
 * TransitionRecord#handledAbort()}), so each is acted on once, even across controller restarts.
 *
 * @param promote token of the newest promote request, or {@code null}: skip the remaining soak and
 *     optional readiness checks and switch traffic as soon as the incoming child is stable and
 *     running at its newest generation
 * @param abort token of the newest abort request, or {@code null}: abandon the in-flight change and
 *     roll back to the last stable spec on the serving child
 * @param paused whether the in-flight change is paused: no step forward and no deadline action
 *     while paused
 */
public record Commands(String promote, String abort, boolean paused) {

    /** No commands. */
    public static Commands none() {
        return new Commands(null, null, false);
    }
}
