package dev.bluegreen.operator.internal.adopt;

import dev.bluegreen.diff.TemplateView;
import dev.bluegreen.operator.internal.spec.SpecJson;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;

import java.util.List;
import java.util.function.BiPredicate;

/**
 * The stable spec of a parent that adopted a FlinkDeployment: the parent's own spec with {@code
 * template.spec} replaced by the deployment's running {@code spec}, except for the fields of {@link
 * #FROM_TEMPLATE}, which say how the running job was started rather than what it runs. Recorded as
 * {@code status.lastStableSpec}, it makes the next decision classify the parent's template against
 * what actually runs, like any change. Stateless.
 */
public final class AdoptedSpecs {

    /**
     * A field of {@code template.spec} the stable spec takes from the parent's template when {@code
     * applies(running value, template value)}: the running child keeps its value (nothing writes
     * it), and the next child is built from the template without it.
     *
     * @param name what the rule is about (for tests and docs)
     * @param path the field's path below {@code template.spec}
     * @param applies whether the rule applies to the running value and the template's ({@link
     *     com.fasterxml.jackson.databind.node.MissingNode} when absent)
     */
    public record FromTemplate(
            String name, List<String> path, BiPredicate<JsonNode, JsonNode> applies) {}

    /**
     * The rules, checked each on its own: where the running job was restored from (upstream's
     * hand-over savepoint; ours comes from our own savepoint), and the {@code blue-}/{@code green-}
     * prefix the upstream operator's blue/green puts before the child ingress template.
     */
    public static final List<FromTemplate> FROM_TEMPLATE =
            List.of(
                    new FromTemplate(
                            "where the running job was restored from",
                            List.of("job", "initialSavepointPath"),
                            (running, template) -> true),
                    new FromTemplate(
                            "upstream's colour prefix on the child ingress template",
                            List.of("ingress", "template"),
                            AdoptedSpecs::upstreamPrefixed));

    private AdoptedSpecs() {}

    /**
     * The stable spec tree.
     *
     * @param parentSpec the parent's spec as a tree ({@code SpecJson.tree})
     * @param adopted the adopted deployment as read from the API
     */
    public static JsonNode stable(JsonNode parentSpec, GenericKubernetesResource adopted) {
        ObjectNode stable = parentSpec.deepCopy();
        JsonNode desired = parentSpec.path(TemplateView.TEMPLATE).path(TemplateView.SPEC);
        JsonNode running =
                SpecJson.mapper().valueToTree(adopted.getAdditionalProperties().get("spec"));
        ObjectNode template =
                stable.get(TemplateView.TEMPLATE) instanceof ObjectNode existing
                        ? existing
                        : stable.putObject(TemplateView.TEMPLATE);
        template.set(TemplateView.SPEC, running);
        if (running instanceof ObjectNode runningSpec) {
            for (FromTemplate rule : FROM_TEMPLATE) {
                takeFromTemplate(runningSpec, desired, rule);
            }
        }
        return stable;
    }

    /**
     * The spec to write on a running adopted child: {@code desiredSpec} with the running child's
     * own values of the {@link #FROM_TEMPLATE} fields wherever a rule applies to them, so that an
     * in-place write keeps what the running job was started with (a change of the child ingress
     * template, for example, would make the upstream operator redeploy the job). Returns a copy;
     * neither argument is changed.
     *
     * @param desiredSpec the spec built from the parent's template
     * @param runningSpec the running child's spec
     */
    public static ObjectNode keptOnRunningChild(ObjectNode desiredSpec, JsonNode runningSpec) {
        ObjectNode kept = desiredSpec.deepCopy();
        for (FromTemplate rule : FROM_TEMPLATE) {
            JsonNode runningValue = at(runningSpec, rule.path());
            JsonNode desiredValue = at(kept, rule.path());
            if (!runningValue.isMissingNode()
                    && !runningValue.equals(desiredValue)
                    && rule.applies().test(runningValue, desiredValue)) {
                objectAt(kept, rule.path().subList(0, rule.path().size() - 1))
                        .set(rule.path().get(rule.path().size() - 1), runningValue.deepCopy());
            }
        }
        return kept;
    }

    private static ObjectNode objectAt(ObjectNode node, List<String> path) {
        ObjectNode at = node;
        for (String step : path) {
            at = at.get(step) instanceof ObjectNode child ? child : at.putObject(step);
        }
        return at;
    }

    private static void takeFromTemplate(ObjectNode running, JsonNode desired, FromTemplate rule) {
        JsonNode runningValue = at(running, rule.path());
        JsonNode desiredValue = at(desired, rule.path());
        if (runningValue.equals(desiredValue) || !rule.applies().test(runningValue, desiredValue)) {
            return;
        }
        List<String> parentPath = rule.path().subList(0, rule.path().size() - 1);
        String field = rule.path().get(rule.path().size() - 1);
        if (!(at(running, parentPath) instanceof ObjectNode parent)) {
            return; // absent in the running spec and in the template: nothing to take
        }
        if (desiredValue.isMissingNode()) {
            parent.remove(field);
        } else {
            parent.set(field, desiredValue.deepCopy());
        }
    }

    private static JsonNode at(JsonNode node, List<String> path) {
        JsonNode at = node;
        for (String step : path) {
            at = at.path(step);
        }
        return at;
    }

    /** {@code blue-<template>} or {@code green-<template>}, as the upstream operator writes it. */
    private static boolean upstreamPrefixed(JsonNode running, JsonNode template) {
        if (!running.isTextual() || !template.isTextual()) {
            return false;
        }
        String text = running.asText();
        String original = template.asText();
        return text.equals("blue-" + original) || text.equals("green-" + original);
    }
}
