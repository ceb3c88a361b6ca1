package dev.bluegreen.core;

import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.Assertions;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * AssertJ assertions for a {@link Plan}, in the engine's words: {@code
 * assertThat(plan).movesTo(ACTIVE_GREEN).because(TRANSITION_COMPLETED).hasActions(...)}. Not
 * thread-safe (like every AssertJ assertion).
 */
public final class PlanAssert extends AbstractAssert<PlanAssert, Plan> {

    private PlanAssert(Plan actual) {
        super(actual, PlanAssert.class);
    }

    /** Starts assertions on {@code plan}. */
    public static PlanAssert assertThat(Plan plan) {
        return new PlanAssert(plan);
    }

    /** The next state is {@code state}. */
    public PlanAssert movesTo(BlueGreenState state) {
        isNotNull();
        if (actual.next() != state) {
            failWithMessage(
                    "expected next state %s but was %s (%s: %s)",
                    state, actual.next(), actual.reason(), actual.message());
        }
        return this;
    }

    /** The plan's reason is {@code reason}. */
    public PlanAssert because(Reason reason) {
        isNotNull();
        if (actual.reason() != reason) {
            failWithMessage(
                    "expected reason %s but was %s (%s)",
                    reason, actual.reason(), actual.message());
        }
        return this;
    }

    /** The actions are exactly {@code actions}, in this order. */
    public PlanAssert hasActions(Action... actions) {
        isNotNull();
        if (!actual.actions().equals(List.of(actions))) {
            failWithMessage("expected actions %s but were %s", List.of(actions), actual.actions());
        }
        return this;
    }

    /** The plan has no actions. */
    public PlanAssert hasNoActions() {
        return hasActions();
    }

    /** No action deletes or suspends the child of {@code color}. */
    public PlanAssert keeps(Color color) {
        isNotNull();
        for (Action action : actual.actions()) {
            if (action.equals(new Action.DeleteChild(color))
                    || action.equals(new Action.SuspendChild(color))) {
                failWithMessage("expected %s to be kept but the plan has %s", color, action);
            }
        }
        return this;
    }

    /** The next decision is due after exactly {@code delay}. */
    public PlanAssert requeuesAfter(Duration delay) {
        isNotNull();
        if (!actual.requeueAfter().equals(Optional.of(delay))) {
            failWithMessage("expected requeue after %s but was %s", delay, actual.requeueAfter());
        }
        return this;
    }

    /** The next decision is due at once. */
    public PlanAssert requeuesNow() {
        return requeuesAfter(Duration.ZERO);
    }

    /** Only an event can move things forward: no requeue. */
    public PlanAssert waitsForEvents() {
        isNotNull();
        if (actual.requeueAfter().isPresent()) {
            failWithMessage("expected no requeue but was %s", actual.requeueAfter());
        }
        return this;
    }

    /** The persisted record satisfies {@code requirements}. */
    public PlanAssert record(Consumer<TransitionRecord> requirements) {
        isNotNull();
        requirements.accept(actual.record());
        return this;
    }

    /** The record is unchanged from {@code before}. */
    public PlanAssert keepsRecord(TransitionRecord before) {
        isNotNull();
        Assertions.assertThat(actual.record()).isEqualTo(before);
        return this;
    }

    /** The message mentions {@code text}. */
    public PlanAssert saysThat(String text) {
        isNotNull();
        Assertions.assertThat(actual.message()).contains(text);
        return this;
    }
}
