package dev.bluegreen.diff;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import static dev.bluegreen.diff.ChangeKind.IGNORE;
import static dev.bluegreen.diff.ChangeKind.PARENT_ONLY;
import static dev.bluegreen.diff.ChangeKind.PATCH_CHILD;
import static dev.bluegreen.diff.ChangeKind.RESUME;
import static dev.bluegreen.diff.ChangeKind.SUSPEND;
import static dev.bluegreen.diff.ChangeKind.TRANSITION;
import static org.assertj.core.api.Assertions.assertThat;

/** Our own cases: normalization, unknown fields, rule overrides, rescale policy, bundling. */
class SpecDifferTest {

    private static final String CONFIG = "template.spec.flinkConfiguration";
    private static final String SLOTS = CONFIG + "[\"taskmanager.numberOfTaskSlots\"]";
    private static final String INTERVAL = CONFIG + "[\"execution.checkpointing.interval\"]";

    static Stream<Arguments> cases() {
        return Stream.of(
                same("number equals numeric string in flinkConfiguration", s -> s.set(SLOTS, 2)),
                same("duration spellings: 60 s equals 1 min", s -> s.set(INTERVAL, "1 min")),
                same("duration spellings: 60 s equals 60000ms", s -> s.set(INTERVAL, "60000ms")),
                same(
                        "duration long form: 60 s equals 1 minutes",
                        s -> s.set(INTERVAL, "1 minutes")),
                same(
                        "memory spellings: 1024m equals 1g",
                        s -> s.set(CONFIG + "[\"taskmanager.memory.process.size\"]", "1024m"),
                        s -> s.set(CONFIG + "[\"taskmanager.memory.process.size\"]", "1g")),
                same(
                        "duration in configuration: 10 min equals 600 s",
                        s ->
                                s.set(
                                        "configuration[\"kubernetes.operator.bluegreen.abort.grace-period\"]",
                                        "600 s")),
                same(
                        "nested flinkConfiguration equals flat",
                        s ->
                                s.remove(SLOTS)
                                        .set(
                                                CONFIG + ".taskmanager",
                                                Specs.json("{'numberOfTaskSlots': 2}"))),
                same(
                        "nested and flat spelling of one key in the same map",
                        s ->
                                s.set(
                                        CONFIG + ".taskmanager",
                                        Specs.json("{'numberOfTaskSlots': '2'}"))),
                same(
                        "empty object equals absent",
                        s -> s.set("template.spec.logConfiguration", Specs.json("{}"))),
                same("empty string equals absent", s -> s.set("template.spec.imagePullPolicy", "")),
                same("null equals absent", s -> s.set("ingress", null)),
                same("empty list equals absent", s -> s.set("template.spec.job.args", List.of())),
                same("job.state running equals absent", s -> s.remove("template.spec.job.state")),
                same(
                        "integer 2 equals 2.0 outside configuration",
                        s -> s.set("template.spec.job.parallelism", 2.0)),
                same(
                        "pod template status is not part of a PodTemplateSpec",
                        s ->
                                s.set(
                                        "template.spec.podTemplate.status",
                                        Specs.json("{'phase': 'Running'}"))),
                differs(
                        "bare number is not a duration: 1 vs 1 ms",
                        s -> s.set(INTERVAL, "1"),
                        s -> s.set(INTERVAL, "1 ms"),
                        DiffRules.defaults(),
                        TRANSITION,
                        INTERVAL),
                differs(
                        "decimal number differs from integer string in configuration",
                        s -> s.set(SLOTS, 2.5),
                        TRANSITION,
                        SLOTS),
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

    static Stream<Arguments> edgeCases() {
        String jars = CONFIG + "[\"pipeline.jars\"]";
        return Stream.of(
                same("flinkConfiguration null on both sides", s -> s.set(CONFIG, null), s -> s),
                same(
                        "configuration list: numbers equal their text",
                        s -> s.set(jars, List.of(1, 2)),
                        s -> s.set(jars, List.of("1", "2"))),
                same(
                        "configuration list: null element reads as empty text",
                        s -> s.set(jars, Arrays.asList("x", null)),
                        s -> s.set(jars, List.of("x", ""))),
                same(
                        "nested configuration with a list and an empty value",
                        s -> s.set(jars, List.of("a")),
                        s ->
                                s.remove(jars)
                                        .set(
                                                CONFIG + ".pipeline",
                                                Specs.json("{'jars': ['a'], 'name': ''}"))),
                differs(
                        "configuration list element changed",
                        s -> s.set(jars, List.of("a", "b")),
                        s -> s.set(jars, List.of("a", "c")),
                        DiffRules.defaults(),
                        TRANSITION,
                        jars),
                differs(
                        "configuration list grew",
                        s -> s.set(jars, List.of("a")),
                        s -> s.set(jars, List.of("a", "b")),
                        DiffRules.defaults(),
                        TRANSITION,
                        jars),
                differs(
                        "configuration list became text",
                        s -> s.set(jars, List.of("a")),
                        s -> s.set(jars, "a"),
                        DiffRules.defaults(),
                        TRANSITION,
                        jars),
                differs(
                        "configuration text became a list",
                        s -> s.set(jars, "a"),
                        s -> s.set(jars, List.of("a")),
                        DiffRules.defaults(),
                        TRANSITION,
                        jars),
                differs(
                        "a list that grows by an empty element changed",
                        s -> s.set("template.spec.job.args", List.of("a")),
                        s -> s.set("template.spec.job.args", List.of("a", "")),
                        DiffRules.defaults(),
                        TRANSITION,
                        "template.spec.job.args[1]"),
                differs(
                        "a list that loses an empty element changed",
                        s -> s.set("template.spec.job.args", Arrays.asList("a", null)),
                        s -> s.set("template.spec.job.args", List.of("a")),
                        DiffRules.defaults(),
                        TRANSITION,
                        "template.spec.job.args[1]"),
                same("null leaf equals absent", s -> s.set("template.spec.imagePullPolicy", null)),
                same(
                        "null metadata, job, jobManager and pod templates on both sides",
                        s ->
                                s.set("template.metadata", null)
                                        .set("template.spec.job", null)
                                        .set("template.spec.jobManager", null)
                                        .set("template.spec.podTemplate", null)
                                        .set("template.spec.taskManager.podTemplate", null),
                        s -> s),
                same(
                        "missing nodes count as absent",
                        s -> withMissing(s),
                        s -> s.remove("template.metadata")),
                differs(
                        "unknown template field falls to the catch-all",
                        s -> s.set("template.extra", 1),
                        TRANSITION,
                        "template.extra"),
                differs(
                        "custom RESUME rule resolves by value",
                        s -> s.set("template.spec.job.entryClass", "Main"),
                        DiffRules.defaults().toBuilder()
                                .rule(
                                        DiffRule.path(
                                                "template.spec.job.entryClass", RESUME, "policy"))
                                .build(),
                        RESUME,
                        "template.spec.job.entryClass"),
                differs(
                        "custom SUSPEND rule resolves by value",
                        s -> s.set("template.spec.job.entryClass", "suspended"),
                        DiffRules.defaults().toBuilder()
                                .rule(
                                        DiffRule.path(
                                                "template.spec.job.entryClass", RESUME, "policy"))
                                .build(),
                        SUSPEND,
                        "template.spec.job.entryClass"));
    }

    private static Specs withMissing(Specs s) {
        ((ObjectNode) s.node().get("template")).set("metadata", MissingNode.getInstance());
        ((ObjectNode) s.node().get("template").get("spec"))
                .set("imagePullPolicy", MissingNode.getInstance());
        return s;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("edgeCases")
    void classifiesEdgeCases(
            String name,
            UnaryOperator<Specs> lastApplied,
            UnaryOperator<Specs> desired,
            DiffRules rules,
            ChangeKind expectedKind,
            List<String> expectedPaths) {
        classifiesTheChange(name, lastApplied, desired, rules, expectedKind, expectedPaths);
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
        // Given
        JsonNode before = lastApplied.apply(Specs.base()).node();
        JsonNode after = desired.apply(Specs.of(before)).node();

        // When
        SpecChange change = new SpecDiffer(rules).diff(before, after);

        // Then
        assertThat(change.kind()).isEqualTo(expectedKind);
        assertThat(change.changedPaths()).containsExactlyElementsOf(expectedPaths);
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

    private static Arguments same(String name, UnaryOperator<Specs> desired) {
        return differs(name, s -> s, desired, DiffRules.defaults(), IGNORE);
    }

    private static Arguments same(
            String name, UnaryOperator<Specs> lastApplied, UnaryOperator<Specs> desired) {
        return differs(name, lastApplied, desired, DiffRules.defaults(), IGNORE);
    }

    private static Arguments differs(
            String name, UnaryOperator<Specs> desired, ChangeKind kind, String... paths) {
        return differs(name, s -> s, desired, DiffRules.defaults(), kind, paths);
    }

    private static Arguments differs(
            String name,
            UnaryOperator<Specs> desired,
            DiffRules rules,
            ChangeKind kind,
            String... paths) {
        return differs(name, s -> s, desired, rules, kind, paths);
    }

    private static Arguments differs(
            String name,
            UnaryOperator<Specs> lastApplied,
            UnaryOperator<Specs> desired,
            DiffRules rules,
            ChangeKind kind,
            String... paths) {
        return Arguments.of(name, lastApplied, desired, rules, kind, List.of(paths));
    }
}
