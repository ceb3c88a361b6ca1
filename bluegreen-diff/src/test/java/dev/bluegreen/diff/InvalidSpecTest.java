package dev.bluegreen.diff;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.TextNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Every input guard of the differ, fed with bad input: the error names the path and the side. */
class InvalidSpecTest {

    static Stream<Arguments> badSpecs() {
        return Stream.of(
                bad(
                        "root is a string",
                        TextNode.valueOf("spec"),
                        "",
                        "expected an object, got string \"spec\""),
                bad("root is an array", Specs.json("[1]"), "", "expected an object, got array [1]"),
                bad(
                        "root is missing",
                        MissingNode.getInstance(),
                        "",
                        "expected an object, got nothing"),
                bad("root is JSON null", Specs.json("null"), "", "expected an object, got null"),
                bad(
                        "template is absent",
                        Specs.base().remove("template").node(),
                        "template",
                        "required, got nothing"),
                bad(
                        "template is a string",
                        Specs.base().set("template", "x").node(),
                        "template",
                        "expected an object, got string \"x\""),
                bad(
                        "template.spec is absent",
                        Specs.base().remove("template.spec").node(),
                        "template.spec",
                        "expected an object, got nothing"),
                bad(
                        "template.spec is a number",
                        Specs.base().set("template.spec", 3).node(),
                        "template.spec",
                        "expected an object, got number 3"),
                bad(
                        "template.metadata is a list",
                        Specs.base().set("template.metadata", List.of("a")).node(),
                        "template.metadata",
                        "expected an object, got array [\"a\"]"),
                bad(
                        "template labels are a string",
                        Specs.base().set("template.metadata.labels", "app=x").node(),
                        "template.metadata.labels",
                        "expected an object"),
                bad(
                        "template annotations are a list",
                        Specs.base().set("template.metadata.annotations", List.of()).node(),
                        "template.metadata.annotations",
                        "expected an object"),
                bad(
                        "configuration is a string",
                        Specs.base().set("configuration", "a=b").node(),
                        "configuration",
                        "expected an object"),
                bad(
                        "ingress is a boolean",
                        Specs.base().set("ingress", true).node(),
                        "ingress",
                        "expected an object, got boolean true"),
                bad(
                        "job is a string",
                        Specs.base().set("template.spec.job", "abc").node(),
                        "template.spec.job",
                        "expected an object, got string \"abc\""),
                bad(
                        "job.state is unknown",
                        Specs.base().set("template.spec.job.state", "paused").node(),
                        "template.spec.job.state",
                        "expected \"running\" or \"suspended\", got string \"paused\""),
                bad(
                        "job.state is upper case",
                        Specs.base().set("template.spec.job.state", "RUNNING").node(),
                        "template.spec.job.state",
                        "expected \"running\" or \"suspended\""),
                bad(
                        "job.state is a number",
                        Specs.base().set("template.spec.job.state", 1).node(),
                        "template.spec.job.state",
                        "expected \"running\" or \"suspended\", got number 1"),
                bad(
                        "flinkConfiguration is a list",
                        Specs.base().set("template.spec.flinkConfiguration", List.of("a")).node(),
                        "template.spec.flinkConfiguration",
                        "expected an object"),
                bad(
                        "flinkConfiguration list holds an object",
                        Specs.base()
                                .set(
                                        "template.spec.flinkConfiguration[\"pipeline.jars\"]",
                                        Specs.json("[{'a': 1}]"))
                                .node(),
                        "template.spec.flinkConfiguration[\"pipeline.jars\"]",
                        "expected a list of plain values"),
                bad(
                        "nested flinkConfiguration list holds a list",
                        Specs.base()
                                .set(
                                        "template.spec.flinkConfiguration.pipeline",
                                        Specs.json("{'jars': [['a']]}"))
                                .node(),
                        "template.spec.flinkConfiguration[\"pipeline.jars\"]",
                        "expected a list of plain values, got array [[\"a\"]]"),
                bad(
                        "flinkConfiguration key nested and flat with different values",
                        Specs.base()
                                .set(
                                        "template.spec.flinkConfiguration.taskmanager",
                                        Specs.json("{'numberOfTaskSlots': 3}"))
                                .node(),
                        "template.spec.flinkConfiguration[\"taskmanager.numberOfTaskSlots\"]",
                        "given twice (nested and flat) with different values \"2\" and 3"),
                bad(
                        "podTemplate is a string",
                        Specs.base().set("template.spec.podTemplate", "pod.yaml").node(),
                        "template.spec.podTemplate",
                        "expected an object"),
                bad(
                        "jobManager is a number",
                        Specs.base().set("template.spec.jobManager", 1).node(),
                        "template.spec.jobManager",
                        "expected an object"),
                bad(
                        "taskManager.podTemplate is a list",
                        Specs.base()
                                .set("template.spec.taskManager.podTemplate", List.of(1))
                                .node(),
                        "template.spec.taskManager.podTemplate",
                        "expected an object"),
                bad(
                        "long value is shortened in the message",
                        Specs.base().set("template.spec.job", "x".repeat(100)).node(),
                        "template.spec.job",
                        "expected an object, got string \"" + "x".repeat(36) + "..."));
    }

    @ParameterizedTest(name = "desired: {0}")
    @MethodSource("badSpecs")
    void namesThePathInTheDesiredSpec(String name, JsonNode spec, String path, String problem) {
        assertThatThrownBy(() -> SpecDiffer.withDefaults().diff(Specs.base().node(), spec))
                .isInstanceOfSatisfying(
                        InvalidSpecException.class, e -> assertThat(e.path()).isEqualTo(path))
                .hasMessageStartingWith((path.isEmpty() ? "spec" : path) + ": " + problem)
                .hasMessageEndingWith("(in the desired spec)");
    }

    @ParameterizedTest(name = "last applied: {0}")
    @MethodSource("badSpecs")
    void namesThePathInTheLastAppliedSpec(String name, JsonNode spec, String path, String problem) {
        assertThatThrownBy(() -> SpecDiffer.withDefaults().diff(spec, Specs.base().node()))
                .isInstanceOfSatisfying(
                        InvalidSpecException.class, e -> assertThat(e.path()).isEqualTo(path))
                .hasMessageContaining(problem)
                .hasMessageEndingWith("(in the last applied spec)");
    }

    private static Arguments bad(String name, JsonNode spec, String path, String problem) {
        return Arguments.of(name, spec, path, problem);
    }
}
