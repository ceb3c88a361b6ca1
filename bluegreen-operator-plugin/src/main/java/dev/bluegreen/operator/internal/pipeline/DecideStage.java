package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.diff.InvalidSpecException;
import dev.bluegreen.operator.internal.pipeline.decide.Decide;
import dev.bluegreen.operator.internal.pipeline.decide.Decision;
import dev.bluegreen.operator.internal.pipeline.decide.ParentObservation;
import dev.bluegreen.operator.internal.pipeline.decide.StateReads;
import dev.bluegreen.operator.internal.pipeline.decide.StateReads.Read;
import dev.bluegreen.operator.internal.validate.SpecProblem;

import java.util.List;

/**
 * The decide stage in the pipeline: {@link Decide#decide} on the observation. When the plan starts
 * a child that does not exist yet, the quota headroom is observed ({@code StateReads.Read.QUOTA})
 * and the parent is decided again with it, so that the decision (held or not) follows from the
 * observation alone. A spec that cannot be compared is reported as an invalid spec. Every outcome
 * but an undecided one passes as it is.
 */
public final class DecideStage {
    private DecideStage() {}

    /** The outcome of deciding {@code validated}. */
    public static Outcome decide(Outcome validated, Round round) {
        if (!(validated instanceof Outcome.Undecided undecided)) {
            return validated;
        }
        try {
            return decided(undecided, round);
        } catch (InvalidSpecException e) {
            var problem = new SpecProblem("spec." + e.path(), e.getMessage());
            var invalid = new Finding.Invalid(List.of(problem));
            return new Outcome.StatusOnly(undecided.observed(), invalid, null);
        }
    }

    /** The decision, on the quota headroom too when the plan starts a new child. */
    private static Outcome decided(Outcome.Undecided undecided, Round round) {
        ParentObservation seen = undecided.observed().value();
        Decision decision = Decide.decide(seen, undecided.settings(), round.now());
        if (needsQuota(decision, seen)) {
            String namespace = seen.parent().getMetadata().getNamespace();
            seen = seen.withQuota(round.readers().quota(namespace));
            decision = Decide.decide(seen, undecided.settings(), round.now());
        }
        Recordings.record(seen, round.now(), decision);
        return new Outcome.Decided(undecided.observed().with(seen), decision);
    }

    /** Whether the decision's row reads the quota headroom and it was not read yet. */
    private static boolean needsQuota(Decision decision, ParentObservation seen) {
        var conditions =
                new StateReads.Conditions(false, false, false, decision.startsANewChild(), false);
        return seen.quota() == null
                && StateReads.of(decision.record().state()).under(conditions).contains(Read.QUOTA);
    }
}
