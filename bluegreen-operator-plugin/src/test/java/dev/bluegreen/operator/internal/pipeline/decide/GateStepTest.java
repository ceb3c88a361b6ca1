package dev.bluegreen.operator.internal.pipeline.decide;

import dev.bluegreen.operator.internal.spec.SpecJson;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The gate parallelism the coordinator expects of a child. */
class GateStepTest {
    static GenericKubernetesResource child(String json) {
        return SpecJson.mapper()
                .convertValue(SpecJson.parse(json, "test"), GenericKubernetesResource.class);
    }

    @Test
    void gateParallelismComesFromTheJobThenTheConfigurationElseTheReports() {
        assertThat(GateStep.parallelism(null)).isZero();
        assertThat(GateStep.parallelism(child("{\"spec\":{\"job\":{\"parallelism\":3}}}")))
                .isEqualTo(3);
        assertThat(
                        GateStep.parallelism(
                                child(
                                        "{\"spec\":{\"flinkConfiguration\":{\"parallelism.default\":\"4\"}}}")))
                .isEqualTo(4);
        assertThat(GateStep.parallelism(child("{\"spec\":{\"job\":{}}}"))).isEqualTo(-1);
    }
}
