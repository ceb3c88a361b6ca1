package dev.bluegreen.diff;

import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import static dev.bluegreen.diff.ChangeKind.RESUME;
import static dev.bluegreen.diff.ChangeKind.SUSPEND;
import static dev.bluegreen.diff.ChangeKind.TRANSITION;
import static dev.bluegreen.diff.DiffCases.CONFIG;
import static dev.bluegreen.diff.DiffCases.INTERVAL;
import static dev.bluegreen.diff.DiffCases.SLOTS;
import static dev.bluegreen.diff.DiffCases.differs;
import static dev.bluegreen.diff.DiffCases.same;

/**
 * Specs that mean the same do not differ: numbers and their text, Flink duration and memory
 * spellings, nested and flat configuration, null/absent/empty, ignored pod template fields.
 */
class NormalizationTest {

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
                        SLOTS));
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
    @MethodSource("cases")
    void comparesNormalizedSpecs(
            String name,
            UnaryOperator<Specs> lastApplied,
            UnaryOperator<Specs> desired,
            DiffRules rules,
            ChangeKind expectedKind,
            List<String> expectedPaths) {
        DiffCases.assertClassifies(lastApplied, desired, rules, expectedKind, expectedPaths);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("edgeCases")
    void handlesEdgeCases(
            String name,
            UnaryOperator<Specs> lastApplied,
            UnaryOperator<Specs> desired,
            DiffRules rules,
            ChangeKind expectedKind,
            List<String> expectedPaths) {
        DiffCases.assertClassifies(lastApplied, desired, rules, expectedKind, expectedPaths);
    }
}
