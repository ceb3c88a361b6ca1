package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.operator.internal.apply.Applied;
import dev.bluegreen.operator.internal.apply.ChildOwnedByAnotherException;
import dev.bluegreen.operator.internal.apply.WriteConflictException;
import dev.bluegreen.operator.internal.pipeline.decide.Decision;
import dev.bluegreen.operator.internal.spec.ChildNaming;
import dev.bluegreen.operator.internal.spec.Owners;
import dev.bluegreen.operator.internal.spec.ParentRoutes;
import dev.bluegreen.operator.internal.spec.RouteIntent;
import dev.bluegreen.operator.internal.spec.SpecRefs;
import dev.bluegreen.operator.internal.spec.TrafficIntent;
import dev.bluegreen.operator.internal.status.StatusInput;

/**
 * The act stage: carries out what was decided, through the plan executor (the only writer). A
 * decision's actions, its HTTPRoute and its gate command; a pending adoption's step ({@link
 * Adopter}). A decision held by the quota, or one whose child turns out to be not ours alone
 * ({@code ChildOwnedByAnother}), keeps the persisted record and reports why, to look again after
 * the reschedule interval (quotas are not watched). The objects written are fed into the informer
 * caches, so the next decision sees them. Other outcomes pass as they are.
 */
public final class Act {
    private Act() {}

    /** The outcome of carrying out {@code decided}. */
    public static Outcome act(Outcome decided, Round round) {
        try {
            if (decided instanceof Outcome.Adopt adopt) {
                return adopt(adopt, round);
            }
            if (decided instanceof Outcome.Decided d) {
                return d.decision().blocked() == null
                        ? carryOut(d, round)
                        : hold(d, d.decision().blocked());
            }
            return decided;
        } catch (WriteConflictException e) {
            return new Outcome.Conflict(decided.observed());
        }
    }

    private static Outcome adopt(Outcome.Adopt adopt, Round round) {
        var seen = adopt.observed().value();
        var step =
                Adopter.step(
                        seen.parent(),
                        seen.adoptionCandidate(),
                        adopt.settings(),
                        round.executor(),
                        round.now());
        if (step.adopted() != null) {
            round.sources().adopted(step.adopted());
        }
        return new Outcome.StatusOnly(adopt.observed(), step.finding(), step.requeue());
    }

    private static Outcome carryOut(Outcome.Decided d, Round round) {
        Decision decision = d.decision();
        var specs = decision.specs();
        Applied applied;
        try {
            applied = execute(d, specs, round);
        } catch (ChildOwnedByAnotherException e) {
            var refused =
                    new StatusInput.Blocked(ChildOwnedByAnotherException.REASON, e.getMessage());
            return hold(d, refused);
        }
        if (decision.gateCommand() != null) {
            round.executor().send(d.observed().gate(), decision.gateCommand());
        }
        return new Outcome.CarriedOut(d.observed(), decision, applied);
    }

    /** Carries out the plan's actions and feeds what they wrote into the caches. */
    private static Applied execute(Outcome.Decided d, SpecRefs specs, Round round) {
        var decision = d.decision();
        var plan = decision.plan();
        var handover = decision.settings().handover();
        var traffic = d.observed().traffic();
        var applied =
                round.executor()
                        .execute(
                                d.parent(),
                                specs,
                                plan.actions(),
                                handover,
                                traffic,
                                intent(d, round));
        round.sources().wrote(applied);
        return applied;
    }

    /** Keeps the persisted record, reports why the plan was not carried out, retries later. */
    private static Outcome hold(Outcome.Decided d, StatusInput.Blocked why) {
        var decision = d.decision();
        return new Outcome.StatusOnly(
                d.observed(),
                new Finding.NotCarriedOut(decision, why),
                decision.settings().rescheduleInterval());
    }

    /** What the parent's traffic objects should be once the decision's plan is carried out. */
    private static TrafficIntent intent(Outcome.Decided d, Round round) {
        var record = d.decision().plan().record();
        return new TrafficIntent(record.trafficColor(), routeIntent(d, round));
    }

    private static RouteIntent routeIntent(Outcome.Decided d, Round round) {
        if (!round.sources().httpRoutesInstalled()) {
            return new RouteIntent.Absent();
        }
        var parent = d.parent();
        var observed = d.decision().observation();
        return ParentRoutes.intent(
                parent.getSpec(),
                Owners.of(parent),
                ChildNaming.names(parent),
                d.decision().plan().record(),
                observed.blue(),
                observed.green());
    }
}
