package dev.bluegreen.operator.controller;

import dev.bluegreen.core.Action;
import dev.bluegreen.core.Color;
import dev.bluegreen.operator.internal.apply.Quotas;
import dev.bluegreen.operator.internal.spec.Capacity;
import dev.bluegreen.operator.internal.spec.SpecRefs;
import dev.bluegreen.operator.internal.status.StatusInput;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.client.KubernetesClient;

import java.util.Optional;

/**
 * The capacity pre-check: before a plan creates the incoming child (a {@code DeployChild} of a
 * colour that does not serve and does not exist yet), its CPU and memory requests are compared with
 * the namespace's ResourceQuota headroom. A recreation of the serving child is never blocked.
 */
final class CapacityCheck {
    /** The reason of the Progressing condition and the Warning event. */
    static final String REASON = "InsufficientQuota";

    private CapacityCheck() {}

    /** Why the plan must wait, or {@code null} when it may go ahead. */
    static StatusInput.Blocked blocked(
            KubernetesClient client,
            FlinkBlueGreenDeployment parent,
            Decision decision,
            SpecRefs specs) {
        Optional<Color> serving = decision.record().state().activeColor();
        for (Action action : decision.plan().actions()) {
            if (action instanceof Action.DeployChild deploy
                    && serving.map(c -> c != deploy.color()).orElse(true)
                    && !decision.observation().child(deploy.color()).exists()) {
                var requests =
                        Capacity.requests(
                                specs.resolve(deploy.specRef()).path("template").path("spec"));
                var shortfall =
                        Capacity.shortfall(
                                requests,
                                Quotas.headroom(client, parent.getMetadata().getNamespace()));
                if (shortfall.isPresent()) {
                    return new StatusInput.Blocked(
                            REASON,
                            "not starting " + deploy.color().lowerCase() + ": " + shortfall.get());
                }
            }
        }
        return null;
    }
}
