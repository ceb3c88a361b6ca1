package dev.bluegreen.diff;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import static dev.bluegreen.diff.ChangeKind.IGNORE;
import static dev.bluegreen.diff.ChangeKind.PARENT_ONLY;
import static dev.bluegreen.diff.ChangeKind.PATCH_CHILD;
import static dev.bluegreen.diff.ChangeKind.RESUME;
import static dev.bluegreen.diff.ChangeKind.SUSPEND;
import static dev.bluegreen.diff.ChangeKind.TRANSITION;
import static dev.bluegreen.diff.DiffCases.CONFIG;
import static dev.bluegreen.diff.DiffCases.SLOTS;
import static dev.bluegreen.diff.DiffCases.differs;
import static org.assertj.core.api.Assertions.assertThat;

/** Our own classification cases: unknown fields, rule overrides, rescale policy, bundling. */
class SpecDifferTest {

    static Stream<Arguments> cases() {
        return Stream.of(
                differs(
                        "other flinkConfiguration key is a transition",
                        s -> s.set(CONFIG + "[\"state.backend.type\"]", "rocksdb"),
                        TRANSITION,
                        CONFIG + "[\"state.backend.type\"]"),
                differs(
                        "flinkConfiguration prefix parallelism.default patches",
                        s -> s.set(CONFIG + "[\"parallelism.default\"]", 4),
                        PATCH_CHILD,
                        CONFIG + "[\"parallelism.default\"]"),
                differs(
                        "flinkConfiguration prefix job.autoscaler patches (nested form)",
                        s ->
                                s.set(
                                        CONFIG + ".job",
                                        Specs.json("{'autoscaler': {'enabled': true}}")),
                        PATCH_CHILD,
                        CONFIG + "[\"job.autoscaler.enabled\"]"),
                differs(
                        "unknown template.spec field is a transition",
                        s -> s.set("template.spec.futureField", "x"),
                        TRANSITION,
                        "template.spec.futureField"),
                differs(
                        "unknown top-level field falls to the catch-all",
                        s -> s.set("transitionMode", "ADVANCED"),
                        TRANSITION,
                        "transitionMode"),
                differs(
                        "unknown field deep in the pod spec counts",
                        s -> s.set("template.spec.podTemplate.spec.newK8sField", true),
                        TRANSITION,
                        "template.spec.podTemplate.spec.newK8sField"),
                differs(
                        "list element change is reported by index",
                        s -> s.set("template.spec.job.args", List.of("--a")),
                        s -> s.set("template.spec.job.args", List.of("--a", "--b")),
                        DiffRules.defaults(),
                        TRANSITION,
                        "template.spec.job.args[1]"),
                differs(
                        "type change is reported where it happens",
                        s -> s.set("template.spec.jobManager.resource", "big"),
                        TRANSITION,
                        "template.spec.jobManager.resource"),
                differs(
                        "template annotation propagates in place",
                        s -> s.set("template.metadata.annotations[\"example.com/owner\"]", "me"),
                        PATCH_CHILD,
                        "template.metadata.annotations[\"example.com/owner\"]"),
                differs(
                        "parent ingress change is parent only",
                        s -> s.set("ingress.template", "{{name}}.example.com"),
                        PARENT_ONLY,
                        "ingress.template"),
                differs(
                        "ingress plus label change patches the child",
                        s ->
                                s.set("ingress.className", "nginx")
                                        .set("template.metadata.labels.tier", "gold"),
                        PATCH_CHILD,
                        "ingress.className",
                        "template.metadata.labels.tier"),
                differs(
                        "taskManager.replicas rescales in place",
                        s -> s.set("template.spec.taskManager.replicas", 3),
                        PATCH_CHILD,
                        "template.spec.taskManager.replicas"),
                differs(
                        "vertex parallelism overrides rescale in place",
                        s ->
                                s.set(
                                        CONFIG + "[\"pipeline.jobvertex-parallelism-overrides\"]",
                                        "a:2"),
                        PATCH_CHILD,
                        CONFIG + "[\"pipeline.jobvertex-parallelism-overrides\"]"),
                differs(
                        "rescale policy switch: replicas is a transition",
                        s -> s,
                        s -> s.set("template.spec.taskManager.replicas", 3),
                        DiffRules.defaults().withRescaleAsTransition(),
                        TRANSITION,
                        "template.spec.taskManager.replicas"),
                differs(
                        "rescale policy switch: vertex overrides are a transition",
                        s -> s,
                        s ->
                                s.set(
                                        CONFIG + "[\"pipeline.jobvertex-parallelism-overrides\"]",
                                        "a:2"),
                        DiffRules.defaults().withRescaleAsTransition(),
                        TRANSITION,
                        CONFIG + "[\"pipeline.jobvertex-parallelism-overrides\"]"),
                differs(
                        "rescale policy switched back off patches again",
                        s -> s,
                        s -> s.set("template.spec.job.parallelism", 9),
                        DiffRules.defaults().withRescaleAsTransition().toBuilder()
                                .rescaleAsTransition(false)
                                .build(),
                        PATCH_CHILD,
                        "template.spec.job.parallelism"),
                differs(
                        "bundled suspend: SUSPEND, other paths listed",
                        s ->
                                s.set("template.spec.job.state", "suspended")
                                        .set("template.spec.image", "flink:2.0"),
                        SUSPEND,
                        "template.spec.image",
                        "template.spec.job.state"),
                differs(
                        "bundled resume: RESUME, other paths listed",
                        s -> s.set("template.spec.job.state", "suspended"),
                        s ->
                                s.remove("template.spec.job.state")
                                        .set("template.spec.job.parallelism", 6),
                        DiffRules.defaults(),
                        RESUME,
                        "template.spec.job.parallelism",
                        "template.spec.job.state"),
                differs(
                        "suspend beats savepoint redeploy",
                        s ->
                                s.set("template.spec.job.state", "suspended")
                                        .set("template.spec.job.savepointRedeployNonce", 1),
                        SUSPEND,
                        "template.spec.job.savepointRedeployNonce",
                        "template.spec.job.state"),
                differs(
                        "removing the redeploy nonce only patches",
                        s -> s.set("template.spec.job.savepointRedeployNonce", 1),
                        s -> s.remove("template.spec.job.savepointRedeployNonce"),
                        DiffRules.defaults(),
                        PATCH_CHILD,
                        "template.spec.job.savepointRedeployNonce"),
                differs(
                        "override: image patched in place",
                        s -> s.set("template.spec.image", "flink:1.20.1"),
                        DiffRules.defaults().toBuilder()
                                .rule(DiffRule.path("template.spec.image", PATCH_CHILD, "hot swap"))
                                .build(),
                        PATCH_CHILD,
                        "template.spec.image"),
                differs(
                        "override: exact key beats a default prefix",
                        s -> s.set(CONFIG + "[\"kubernetes.operator.job.restart.failed\"]", true),
                        DiffRules.defaults().toBuilder()
                                .rule(
                                        DiffRule.path(
                                                CONFIG
                                                        + "[\"kubernetes.operator.job.restart.failed\"]",
                                                TRANSITION,
                                                "policy"))
                                .build(),
                        TRANSITION,
                        CONFIG + "[\"kubernetes.operator.job.restart.failed\"]"),
                differs(
                        "override: longer prefix beats a shorter one",
                        s -> s.set(CONFIG + "[\"kubernetes.operator.savepoint.format\"]", "native"),
                        DiffRules.defaults().toBuilder()
                                .rule(
                                        DiffRule.flinkConfigPrefix(
                                                "kubernetes.operator.savepoint",
                                                TRANSITION,
                                                "policy"))
                                .build(),
                        TRANSITION,
                        CONFIG + "[\"kubernetes.operator.savepoint.format\"]"),
                differs(
                        "override: wildcard rule on any pod template",
                        s -> s.set("template.spec.taskManager.podTemplate.metadata.labels.x", "y"),
                        DiffRules.defaults().toBuilder()
                                .rule(
                                        DiffRule.path(
                                                "template.spec.*.podTemplate.metadata",
                                                PATCH_CHILD,
                                                "policy"))
                                .build(),
                        PATCH_CHILD,
                        "template.spec.taskManager.podTemplate.metadata.labels.x"),
                differs(
                        "override: ignore the parent configuration entirely",
                        s -> s.set("configuration.x", "1"),
                        DiffRules.defaults().toBuilder()
                                .rule(DiffRule.path("configuration", IGNORE, "policy"))
                                .build(),
                        IGNORE,
                        "configuration.x"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void classifiesTheChange(
            String name,
            UnaryOperator<Specs> lastApplied,
            UnaryOperator<Specs> desired,
            DiffRules rules,
            ChangeKind expectedKind,
            List<String> expectedPaths) {
        DiffCases.assertClassifies(lastApplied, desired, rules, expectedKind, expectedPaths);
    }

    @Test
    void neverMutatesItsInputs() {
        // Given specs with everything the normalizer rewrites
        JsonNode before =
                Specs.base()
                        .set("template.spec.podTemplate.extra", 1)
                        .set("template.spec.job.args", List.of())
                        .node();
        JsonNode after =
                Specs.of(before)
                        .remove(SLOTS)
                        .set(CONFIG + ".taskmanager", Specs.json("{'numberOfTaskSlots': 4}"))
                        .set("template.spec.image", "")
                        .node();
        JsonNode beforeCopy = before.deepCopy();
        JsonNode afterCopy = after.deepCopy();

        // When
        SpecDiffer.withDefaults().diff(before, after);

        // Then
        assertThat(before).isEqualTo(beforeCopy);
        assertThat(after).isEqualTo(afterCopy);
    }

    @Test
    void reportsTheRuleAndTheDecisiveFields() {
        // Given
        JsonNode before = Specs.base().node();
        JsonNode after =
                Specs.of(before)
                        .set("template.spec.image", "flink:2.0")
                        .set("template.spec.job.parallelism", 8)
                        .set("ingress.className", "nginx")
                        .node();

        // When
        SpecChange change = SpecDiffer.withDefaults().diff(before, after);

        // Then
        assertThat(change.kind()).isEqualTo(TRANSITION);
        assertThat(change.decisive())
                .extracting(FieldChange::path)
                .containsExactly("template.spec.image");
        assertThat(change.decisive().get(0).rule().pattern()).isEqualTo("template.spec");
        assertThat(change.changes())
                .extracting(FieldChange::kind)
                .containsExactly(PARENT_ONLY, TRANSITION, PATCH_CHILD);
        assertThat(change.reason())
                .isEqualTo(
                        "TRANSITION: template.spec.image (template.spec), and 2 more changed fields");
        assertThat(change.changes().get(0))
                .hasToString(
                        "ingress.className: PARENT_ONLY (rule ingress: the parent ingress, reconciled by the controller)");
    }

    @Test
    void explainsNoChangeAndSingleChange() {
        JsonNode base = Specs.base().node();
        assertThat(SpecDiffer.withDefaults().diff(base, base).reason())
                .isEqualTo("IGNORE: no change");
        SpecChange single =
                SpecDiffer.withDefaults()
                        .diff(base, Specs.of(base).set("template.spec.image", "x").node());
        assertThat(single.reason()).isEqualTo("TRANSITION: template.spec.image (template.spec)");
        SpecChange two =
                SpecDiffer.withDefaults()
                        .diff(
                                base,
                                Specs.of(base)
                                        .set("template.spec.image", "x")
                                        .set("template.spec.serviceAccount", "y")
                                        .node());
        assertThat(two.reason()).endsWith(", and 1 more changed field");
    }

    @Test
    void exposesItsRules() {
        DiffRules rules = DiffRules.defaults().withRescaleAsTransition();
        assertThat(new SpecDiffer(rules).rules()).isSameAs(rules);
        assertThat(SpecDiffer.withDefaults().rules()).isSameAs(DiffRules.defaults());
    }
}
