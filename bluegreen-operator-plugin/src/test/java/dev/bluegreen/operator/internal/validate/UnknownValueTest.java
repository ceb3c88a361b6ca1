package dev.bluegreen.operator.internal.validate;

import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A spec value the controller's classes do not know is an InvalidSpec problem naming it. */
class UnknownValueTest {
    private static final SpecValidator VALIDATOR = SpecValidator.withoutSchema();

    @Test
    void unknownTransitionModeNamesFieldAndValue() {
        var tree = Manifests.upstreamTree();
        ((com.fasterxml.jackson.databind.node.ObjectNode) tree.get("spec"))
                .put("transitionMode", "FANCY");

        var problems = VALIDATOR.validate(Manifests.resource(tree));

        assertThat(problems)
                .containsExactly(
                        new SpecProblem(
                                "spec.transitionMode",
                                "unknown value \"FANCY\" (expected BASIC or ADVANCED)"));
    }

    @Test
    void unknownTransitionModeIsNotReportedAsAChangeOfMode() {
        var tree = Manifests.upstreamTree();
        ((com.fasterxml.jackson.databind.node.ObjectNode) tree.get("spec"))
                .put("transitionMode", "basic");
        var previous = new FlinkBlueGreenDeploymentStatus();
        previous.setTransitionModeText("BASIC");

        assertThat(VALIDATOR.validate(Manifests.resource(tree), previous))
                .extracting(SpecProblem::message)
                .containsExactly("unknown value \"basic\" (expected BASIC or ADVANCED)");
    }

    @Test
    void unknownFieldsOfTheSpecAreNoProblem() {
        var tree = Manifests.upstreamTree();
        ((com.fasterxml.jackson.databind.node.ObjectNode) tree.get("spec"))
                .put("futureSetting", true);

        assertThat(VALIDATOR.validate(Manifests.resource(tree))).isEmpty();
    }
}
