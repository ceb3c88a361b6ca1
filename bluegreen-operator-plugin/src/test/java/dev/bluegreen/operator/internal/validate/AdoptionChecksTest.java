package dev.bluegreen.operator.internal.validate;

import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.function.Consumer;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The guards of adoption and release, fed bad input. */
class AdoptionChecksTest {
    static final SpecValidator VALIDATOR = SpecValidator.withoutSchema();

    static ObjectNode spec(ObjectNode tree) {
        return (ObjectNode) tree.get("spec");
    }

    static String green(ObjectNode tree) {
        return tree.get("metadata").get("name").asText() + "-green";
    }

    static Stream<Arguments> badInputs() {
        return Stream.of(
                Arguments.of(
                        "not a FlinkDeployment name",
                        (Consumer<ObjectNode>) t -> spec(t).put("adoptDeployment", "Orders_Live"),
                        "spec.adoptDeployment",
                        "expected the name of a FlinkDeployment"),
                Arguments.of(
                        "the green child's own name",
                        (Consumer<ObjectNode>) t -> spec(t).put("adoptDeployment", green(t)),
                        "spec.adoptDeployment",
                        "is the name of this parent's green child"),
                Arguments.of(
                        "ADVANCED mode",
                        (Consumer<ObjectNode>)
                                t ->
                                        spec(t).put("adoptDeployment", "orders-live")
                                                .put("transitionMode", "ADVANCED"),
                        "spec.adoptDeployment",
                        "adoption needs transitionMode BASIC"),
                Arguments.of(
                        "unknown on-delete value",
                        (Consumer<ObjectNode>)
                                t ->
                                        ((ObjectNode) t.get("metadata"))
                                                .putObject("annotations")
                                                .put("bluegreen.dev/on-delete", "keep_active"),
                        "metadata.annotations[bluegreen.dev/on-delete]",
                        "expected one of delete-all, keep-active, got \"keep_active\""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badInputs")
    void reportsTheFieldOfEveryProblem(
            String name, Consumer<ObjectNode> edit, String field, String message) {
        var tree = Manifests.upstreamTree();
        edit.accept(tree);

        var problems = VALIDATOR.validate(Manifests.resource(tree));

        assertThat(problems)
                .as("problems of %s", name)
                .anySatisfy(
                        p -> {
                            assertThat(p.field()).isEqualTo(field);
                            assertThat(p.message()).contains(message);
                        });
    }

    @org.junit.jupiter.api.Test
    void aValidAdoptionAndKeepActiveAreAccepted() {
        var tree = Manifests.upstreamTree();
        spec(tree).put("adoptDeployment", "orders-live");
        ((ObjectNode) tree.get("metadata"))
                .putObject("annotations")
                .put("bluegreen.dev/on-delete", "keep-active");

        assertThat(VALIDATOR.validate(Manifests.resource(tree))).isEmpty();
    }

    @org.junit.jupiter.api.Test
    void theAdoptedNameIsNotCheckedOnceSomethingIsDeployed() {
        // after the first deployment spec.adoptDeployment has no effect, so it cannot be wrong
        var tree = Manifests.upstreamTree();
        spec(tree).put("adoptDeployment", green(tree));
        var status = new FlinkBlueGreenDeploymentStatus();
        status.setState("ACTIVE_BLUE");

        var resource = Manifests.resource(tree);
        resource.setStatus(status);

        assertThat(VALIDATOR.validate(resource, status)).isEmpty();
    }
}
