package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.Plan;
import dev.bluegreen.operator.internal.pipeline.decide.Decision;
import dev.bluegreen.operator.internal.status.StatusInput;
import dev.bluegreen.operator.internal.validate.SpecProblem;

import java.util.List;
import java.util.Objects;

/**
 * What a stage found when it stops a reconcile short of carrying out a decision, as a value: the
 * report stage alone turns it into the status, its conditions and its events ({@code
 * StatusInputs}). Stages never build a status themselves. Immutable.
 */
public sealed interface Finding {
    /**
     * The controller does not act on the parent: {@code problems} are reported as an invalid spec
     * on the current record, and a status it cannot read ({@code UnreadableStatus}) is kept and
     * reported together with them.
     *
     * @param problems what is wrong with the spec; empty when only the status is unreadable
     */
    record Invalid(List<SpecProblem> problems) implements Finding {
        public Invalid {
            problems = List.copyOf(problems);
        }
    }

    /**
     * The parent's extension failed (a customiser threw or overran): the record is kept and the
     * parent is held {@code Degraded} with {@value StatusInput#EXTENSION_FAILED}.
     *
     * @param why what failed, for the condition's message and the Warning event
     */
    record ExtensionFailed(String why) implements Finding {
        public ExtensionFailed {
            Objects.requireNonNull(why, "why == null");
        }
    }

    /**
     * The engine's decision was not carried out: the persisted record is kept (the plan's actions
     * are dropped) and {@code why} says why (the quota, a child that is not ours alone).
     */
    record NotCarriedOut(Decision decision, StatusInput.Blocked why) implements Finding {
        public NotCarriedOut {
            Objects.requireNonNull(decision, "decision == null");
            Objects.requireNonNull(why, "why == null");
        }
    }

    /**
     * One step of a pending adoption ({@code dev.bluegreen.core.Adoption}): waiting, or adopted.
     *
     * @param plan the adoption's plan
     * @param color the colour the deployment is adopted as
     * @param adopted what is observed of the deployment to adopt
     * @param stableJson the stable spec's canonical JSON once adopted, else {@code null}
     */
    record AdoptionStep(Plan plan, Color color, ChildObservation adopted, String stableJson)
            implements Finding {
        public AdoptionStep {
            Objects.requireNonNull(plan, "plan == null");
            Objects.requireNonNull(color, "color == null");
        }
    }
}
