package dev.bluegreen.operator.internal.validate;

import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus;

import org.junit.jupiter.api.Test;

import static dev.bluegreen.operator.internal.validate.SpecValidatorTest.meta;
import static dev.bluegreen.operator.internal.validate.SpecValidatorTest.spec;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What adoption and release accept; their bad inputs are rows of {@link
 * SpecValidatorTest#badInputs()}.
 */
class AdoptionChecksTest {
    static final SpecValidator VALIDATOR = SpecValidator.withoutSchema();

    @Test
    void aValidAdoptionAndKeepActiveAreAccepted() {
        var tree = Manifests.upstreamTree();
        spec(tree).put("adoptDeployment", "orders-live");
        meta(tree).putObject("annotations").put("bluegreen.dev/on-delete", "keep-active");

        assertThat(VALIDATOR.validate(Manifests.resource(tree))).isEmpty();
    }

    @Test
    void theParentsOwnGreenNameIsAccepted() {
        // the child of the upstream operator's parent of the same name: adopted as green
        var tree = Manifests.upstreamTree();
        spec(tree).put("adoptDeployment", meta(tree).get("name").asText() + "-green");

        assertThat(VALIDATOR.validate(Manifests.resource(tree))).isEmpty();
    }

    @Test
    void theAdoptedNameIsNotCheckedOnceSomethingIsDeployed() {
        // after the first deployment spec.adoptDeployment has no effect, so it cannot be wrong
        var tree = Manifests.upstreamTree();
        spec(tree).put("adoptDeployment", "Not_A_Name");
        var status = new FlinkBlueGreenDeploymentStatus();
        status.setState("ACTIVE_BLUE");
        var resource = Manifests.resource(tree);
        resource.setStatus(status);

        assertThat(VALIDATOR.validate(resource, status)).isEmpty();
    }
}
