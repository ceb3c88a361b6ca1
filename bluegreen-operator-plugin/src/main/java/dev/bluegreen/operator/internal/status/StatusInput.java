package dev.bluegreen.operator.internal.status;

import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.Plan;
import dev.bluegreen.ingress.ChildNames;
import dev.bluegreen.operator.internal.handover.HandbackNote;
import dev.bluegreen.operator.internal.observe.ChildError;
import dev.bluegreen.operator.internal.observe.GateHealth;
import dev.bluegreen.operator.internal.validate.SpecProblem;
import dev.bluegreen.operator.resource.AnalysisStatus;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus;
import dev.bluegreen.operator.resource.TransitionMode;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Everything {@link StatusMapper} needs for one reconcile. Build one with {@link #builder}.
 * Immutable.
 *
 * @param parentName the resource's {@code metadata.name}
 * @param generation the resource's {@code metadata.generation}
 * @param now the time of this reconcile (conditions' lastTransitionTime)
 * @param previous the current status, or {@code null} for a new resource
 * @param plan the engine's plan, or {@code null} when the engine did not run (invalid spec)
 * @param transitionMode the spec's transition mode ({@code null} means BASIC); recorded in the
 *     status at the first deployment
 * @param blue what is known of the blue child; {@link ChildObservation#absent()} if not known
 * @param green what is known of the green child; {@link ChildObservation#absent()} if not known
 * @param stableSpecJson the JSON of the spec {@code plan.record().stableSpecRef()} names, or {@code
 *     null} to keep the previous {@code lastStableSpec}
 * @param targetSpecJson the JSON of the spec {@code plan.record().targetSpecRef()} names, or {@code
 *     null} to keep the previous {@code targetSpec} (cleared anyway when no change is in flight)
 * @param problems the validation problems (empty when the spec is valid)
 * @param blocked why the plan could not be carried out (e.g. InsufficientQuota), or {@code null}
 * @param childErrors what the children report in {@code status.error} (see {@link ChildFailures}
 *     for where it is shown); empty when none
 * @param gateHealth what is wrong with the gate channel (ADVANCED mode), shown as Degraded with its
 *     reason and a Warning event; {@code null} when nothing is
 * @param adopted the name of the adopted FlinkDeployment ({@code ChildNaming}; it plays the colour
 *     {@code ChildNames.adoptedColor} says), or {@code null} when both children have derived names
 * @param analysis the analysis runs after this reconcile's measurements ({@code status.analysis});
 *     {@code null} keeps the previous ones
 * @param handback a cold hand-back the coordinator sent or saw applied in this reconcile ({@code
 *     status.handback} and its events, {@link HandbackStatuses}); {@code null} for none
 */
public record StatusInput(
        String parentName,
        long generation,
        Instant now,
        FlinkBlueGreenDeploymentStatus previous,
        Plan plan,
        TransitionMode transitionMode,
        ChildObservation blue,
        ChildObservation green,
        String stableSpecJson,
        String targetSpecJson,
        List<SpecProblem> problems,
        Blocked blocked,
        List<ChildError> childErrors,
        GateHealth gateHealth,
        String adopted,
        AnalysisStatus analysis,
        HandbackNote handback) {

    /**
     * The reason of a {@link Blocked} parent whose extension failed (a customiser threw or
     * overran): also shown as Degraded.
     */
    public static final String EXTENSION_FAILED = "ExtensionFailed";

    public StatusInput {
        Objects.requireNonNull(parentName, "parentName == null");
        Objects.requireNonNull(now, "now == null");
        blue = blue == null ? ChildObservation.absent() : blue;
        green = green == null ? ChildObservation.absent() : green;
        problems = problems == null ? List.of() : List.copyOf(problems);
        childErrors = childErrors == null ? List.of() : List.copyOf(childErrors);
    }

    /**
     * A reason why the controller did not carry out the plan, shown as Progressing=False with this
     * reason and a Warning event.
     *
     * @param reason PascalCase, e.g. {@code InsufficientQuota}
     * @param message what is missing, e.g. {@code needs 4 CPU, 2 left in ResourceQuota compute}
     */
    public record Blocked(String reason, String message) {
        public Blocked {
            Objects.requireNonNull(reason, "reason == null");
            Objects.requireNonNull(message, "message == null");
        }
    }

    /** This input with another plan. */
    StatusInput withPlan(Plan value) {
        return new StatusInput(
                parentName,
                generation,
                now,
                previous,
                value,
                transitionMode,
                blue,
                green,
                stableSpecJson,
                targetSpecJson,
                problems,
                blocked,
                childErrors,
                gateHealth,
                adopted,
                analysis,
                handback);
    }

    /** The children's names. */
    public ChildNames names() {
        return new ChildNames(parentName, adopted);
    }

    /** The observation of one colour. */
    public ChildObservation child(Color color) {
        return color == Color.BLUE ? blue : green;
    }

    /** A builder with the required values; everything else starts absent or empty. */
    public static Builder builder(String parentName, long generation, Instant now) {
        return new Builder(parentName, generation, now);
    }

    /** A mutable builder of {@link StatusInput}; not thread-safe. */
    public static final class Builder {
        private final String parentName;
        private final long generation;
        private final Instant now;
        private FlinkBlueGreenDeploymentStatus previous;
        private Plan plan;
        private TransitionMode transitionMode;
        private ChildObservation blue;
        private ChildObservation green;
        private String stableSpecJson;
        private String targetSpecJson;
        private List<SpecProblem> problems = List.of();
        private Blocked blocked;
        private List<ChildError> childErrors = List.of();
        private GateHealth gateHealth;
        private String adopted;
        private AnalysisStatus analysis;
        private HandbackNote handback;

        private Builder(String parentName, long generation, Instant now) {
            this.parentName = parentName;
            this.generation = generation;
            this.now = now;
        }

        /** The current status; default {@code null} (a new resource). */
        public Builder previous(FlinkBlueGreenDeploymentStatus value) {
            previous = value;
            return this;
        }

        /** The engine's plan; default {@code null} (the engine did not run). */
        public Builder plan(Plan value) {
            plan = value;
            return this;
        }

        /** The spec's transition mode; default {@code null} (BASIC). */
        public Builder transitionMode(TransitionMode value) {
            transitionMode = value;
            return this;
        }

        /** The blue child; default absent. */
        public Builder blue(ChildObservation value) {
            blue = value;
            return this;
        }

        /** The green child; default absent. */
        public Builder green(ChildObservation value) {
            green = value;
            return this;
        }

        /** The JSON of the stable spec; default {@code null} (keep the previous one). */
        public Builder stableSpecJson(String value) {
            stableSpecJson = value;
            return this;
        }

        /** The JSON of the target spec; default {@code null} (keep the previous one). */
        public Builder targetSpecJson(String value) {
            targetSpecJson = value;
            return this;
        }

        /** The validation problems; default none. */
        public Builder problems(List<SpecProblem> value) {
            problems = value;
            return this;
        }

        /** Why the plan was not carried out; default {@code null}. */
        public Builder blocked(Blocked value) {
            blocked = value;
            return this;
        }

        /** What the children report in {@code status.error}; default none. */
        public Builder childErrors(List<ChildError> value) {
            childErrors = value;
            return this;
        }

        /** What is wrong with the gate channel; default {@code null} (nothing). */
        public Builder gateHealth(GateHealth value) {
            gateHealth = value;
            return this;
        }

        /** The adopted FlinkDeployment; default {@code null} (derived names). */
        public Builder adopted(String value) {
            adopted = value;
            return this;
        }

        /** The input. */
        /** The cold hand-back of this reconcile; default {@code null} (none). */
        public Builder handback(HandbackNote value) {
            handback = value;
            return this;
        }

        /** The analysis runs; default {@code null} (keep the previous ones). */
        public Builder analysis(AnalysisStatus value) {
            analysis = value;
            return this;
        }

        public StatusInput build() {
            return new StatusInput(
                    parentName,
                    generation,
                    now,
                    previous,
                    plan,
                    transitionMode,
                    blue,
                    green,
                    stableSpecJson,
                    targetSpecJson,
                    problems,
                    blocked,
                    childErrors,
                    gateHealth,
                    adopted,
                    analysis,
                    handback);
        }
    }
}
