package dev.bluegreen.diff;

import java.util.ArrayList;
import java.util.List;

import static dev.bluegreen.diff.ChangeKind.IGNORE;
import static dev.bluegreen.diff.ChangeKind.PARENT_ONLY;
import static dev.bluegreen.diff.ChangeKind.PATCH_CHILD;
import static dev.bluegreen.diff.ChangeKind.SAVEPOINT_REDEPLOY;
import static dev.bluegreen.diff.ChangeKind.SUSPEND;
import static dev.bluegreen.diff.ChangeKind.TRANSITION;

/**
 * The default rules table of {@link DiffRules#defaults()}: upstream's in-place fields, rescale in
 * place, template labels and annotations propagated, parent-only settings, and TRANSITION for
 * everything else. Generated into docs/diff-rules.md.
 */
final class DefaultRules {

    private DefaultRules() {}

    /** Returns the default rules in table order (the order of docs/diff-rules.md). */
    static List<DiffRule> list() {
        List<DiffRule> rules = new ArrayList<>();
        rules.add(DiffRules.CATCH_ALL);
        rules.add(
                DiffRule.path(
                        "configuration",
                        PARENT_ONLY,
                        "blue/green settings, read by the controller only"));
        rules.add(
                DiffRule.path(
                        "ingress",
                        PARENT_ONLY,
                        "the parent ingress, reconciled by the controller"));
        rules.add(
                DiffRule.path(
                        "template.metadata",
                        IGNORE,
                        "not used for the children (their names and namespace are derived)"));
        rules.add(
                DiffRule.path(
                        "template.metadata.labels",
                        PATCH_CHILD,
                        "propagated to the children in place"));
        rules.add(
                DiffRule.path(
                        "template.metadata.annotations",
                        PATCH_CHILD,
                        "propagated to the children in place"));
        rules.add(
                DiffRule.path(
                        "template.spec",
                        TRANSITION,
                        "any other FlinkDeployment spec change needs a new deployment"));
        rules.add(
                DiffRule.path(
                        "template.spec.job.state",
                        SUSPEND,
                        "running to suspended: SUSPEND; suspended to running: RESUME (absent means running)"));
        rules.add(
                DiffRule.path(
                        "template.spec.job.savepointRedeployNonce",
                        SAVEPOINT_REDEPLOY,
                        "redeploy from job.initialSavepointPath; removing the nonce: PATCH_CHILD"));
        for (String field :
                List.of("upgradeMode", "allowNonRestoredState", "initialSavepointPath")) {
            rules.add(
                    DiffRule.path(
                            "template.spec.job." + field,
                            PATCH_CHILD,
                            "as upstream: applied to the running child"));
        }
        for (String nonce :
                List.of(
                        "savepointTriggerNonce",
                        "checkpointTriggerNonce",
                        "autoscalerResetNonce")) {
            rules.add(
                    DiffRule.path(
                            "template.spec.job." + nonce,
                            PATCH_CHILD,
                            "trigger nonce, as upstream: the child acts on it in place"));
        }
        for (String prefix :
                List.of("job.autoscaler", "kubernetes.operator", "parallelism.default")) {
            rules.add(
                    DiffRule.flinkConfigPrefix(
                            prefix, PATCH_CHILD, "as upstream: applied to the running child"));
        }
        rules.addAll(DiffRules.RESCALE_RULES);
        return rules;
    }
}
