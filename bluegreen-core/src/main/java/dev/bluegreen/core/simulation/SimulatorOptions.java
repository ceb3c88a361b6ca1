package dev.bluegreen.core.simulation;

import dev.bluegreen.core.Observation;
import dev.bluegreen.core.Plan;
import dev.bluegreen.core.TransitionPolicy;
import dev.bluegreen.core.TransitionRecord;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * The options of {@link TransitionSimulator.Builder}, with their defaults: kept apart so that the
 * simulator itself stays small. Mutable, not thread-safe.
 *
 * @param <B> the builder type returned for chaining
 */
abstract class SimulatorOptions<B extends SimulatorOptions<B>> {
    TransitionPolicy policy = TransitionPolicy.defaults();
    long seed;
    ChildScript blue = ChildScript.readyAfter(Duration.ofSeconds(20));
    ChildScript green = ChildScript.readyAfter(Duration.ofSeconds(20));
    GateScript gate = GateScript.defaults();
    AnalysisScript prePromotion;
    AnalysisScript postPromotion;
    Supplier<? extends BiFunction<TransitionRecord, Observation, Plan>> deciders;
    Instant start = Instant.parse("2026-01-01T00:00:00Z");
    Duration maxStep = Duration.ofMinutes(1);
    int convergenceSteps = 1_000;
    Duration convergenceTime = Duration.ofHours(24);

    SimulatorOptions() {}

    /** This builder, for chaining. */
    abstract B self();

    /** The policy of the default engine; default {@link TransitionPolicy#defaults()}. */
    public B policy(TransitionPolicy value) {
        policy = Objects.requireNonNull(value, "policy == null");
        return self();
    }

    /** A label reported with every violation so a random schedule can be replayed; default 0. */
    public B seed(long value) {
        seed = value;
        return self();
    }

    /** The script of the blue child; default ready after 20 s. */
    public B blue(ChildScript value) {
        blue = Objects.requireNonNull(value, "blue == null");
        return self();
    }

    /** The script of the green child; default ready after 20 s. */
    public B green(ChildScript value) {
        green = Objects.requireNonNull(value, "green == null");
        return self();
    }

    /**
     * The script of the record-level gate, used when the policy is in ADVANCED mode ({@code
     * gatedHandover}); default {@link GateScript#defaults()}.
     */
    public B gate(GateScript value) {
        gate = Objects.requireNonNull(value, "gate == null");
        return self();
    }

    /**
     * The script of the pre-promotion analysis checks (see {@link AnalysisScript}); default none
     * (no checks: the verdict is {@code NONE}). With a script of either stage the analysis
     * invariants are checked too.
     */
    public B prePromotion(AnalysisScript value) {
        prePromotion = Objects.requireNonNull(value, "prePromotion == null");
        return self();
    }

    /**
     * The script of the post-promotion analysis checks (see {@link AnalysisScript}); default none.
     */
    public B postPromotion(AnalysisScript value) {
        postPromotion = Objects.requireNonNull(value, "postPromotion == null");
        return self();
    }

    /**
     * The decision function, built by {@code factory} at the start and at every controller restart;
     * default {@code new TransitionEngine(policy)::decide}.
     */
    public B decider(Supplier<? extends BiFunction<TransitionRecord, Observation, Plan>> factory) {
        deciders = Objects.requireNonNull(factory, "decider == null");
        return self();
    }

    /** The virtual time at the start; default 2026-01-01T00:00:00Z. */
    public B start(Instant value) {
        start = Objects.requireNonNull(value, "start == null");
        return self();
    }

    /**
     * The longest clock advance of one step (the controller's resync period); default 1 min.
     *
     * @throws IllegalArgumentException if not positive
     */
    public B maxStep(Duration value) {
        Objects.requireNonNull(value, "maxStep == null");
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException("maxStep must be positive: " + value);
        }
        maxStep = value;
        return self();
    }

    /**
     * How many steps and how much virtual time {@link #runUntilResting()} may take; default 1,000
     * steps and 24 h.
     *
     * @throws IllegalArgumentException if {@code steps < 1} or {@code time} is not positive
     */
    public B convergenceBound(int steps, Duration time) {
        Objects.requireNonNull(time, "time == null");
        if (steps < 1 || time.isNegative() || time.isZero()) {
            throw new IllegalArgumentException(
                    "convergenceBound: steps must be >= 1 and time positive: "
                            + steps
                            + ", "
                            + time);
        }
        convergenceSteps = steps;
        convergenceTime = time;
        return self();
    }
}
