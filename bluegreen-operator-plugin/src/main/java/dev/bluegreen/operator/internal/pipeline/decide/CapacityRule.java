package dev.bluegreen.operator.internal.pipeline.decide;

import dev.bluegreen.core.Action;
import dev.bluegreen.operator.internal.spec.Capacity;
import dev.bluegreen.operator.internal.status.StatusInput;

/**
 * The capacity pre-check: before a plan creates the incoming child (a {@code DeployChild} of a
 * colour that does not serve and does not exist yet), its CPU and memory requests are compared with
 * the namespace's ResourceQuota headroom. A recreation of the serving child is never blocked. Pure:
 * the headroom is part of the observation.
 */
final class CapacityRule {
    /** The reason of the Progressing condition and the Warning event. */
    static final String REASON = "InsufficientQuota";

    private CapacityRule() {}

    /** Why {@code decision} must wait, or {@code null} when it may go ahead. */
    static StatusInput.Blocked blocked(Decision decision, Capacity.Headroom headroom) {
        if (headroom == null) {
            return null;
        }
        var specs = decision.specs();
        for (Action action : decision.plan().actions()) {
            if (decision.startsNew(action) && action instanceof Action.DeployChild deploy) {
                var spec = specs.resolve(deploy.specRef()).path("template").path("spec");
                var shortfall = Capacity.shortfall(Capacity.requests(spec), headroom);
                if (shortfall.isPresent()) {
                    String why = "not starting " + deploy.color().lowerCase() + ": ";
                    return new StatusInput.Blocked(REASON, why + shortfall.get());
                }
            }
        }
        return null;
    }
}
