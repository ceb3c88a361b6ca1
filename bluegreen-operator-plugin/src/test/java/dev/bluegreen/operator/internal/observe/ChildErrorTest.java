package dev.bluegreen.operator.internal.observe;

import dev.bluegreen.core.Color;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A child's {@code status.error} read next to the observation. */
class ChildErrorTest {

    static GenericKubernetesResource child(String name, Object status) {
        var child = new GenericKubernetesResource();
        child.setMetadata(new ObjectMetaBuilder().withName(name).build());
        if (status != null) {
            child.setAdditionalProperty("status", status);
        }
        return child;
    }

    @Test
    void namesTheChildAndAddsTheHintOfAKnownError() {
        // Given
        var green =
                child(
                        "orders-green",
                        Map.of("lifecycleState", "FAILED", "error", ErrorTextTest.upstreamJson()));

        // When
        ChildError error = ChildError.read(green, Color.GREEN);

        // Then
        assertThat(error.child()).isEqualTo("orders-green");
        assertThat(error.summary()).isEqualTo(ErrorTextTest.ROLLBACK_FAILED);
        assertThat(error.describe())
                .isEqualTo(
                        "orders-green: "
                                + ErrorTextTest.ROLLBACK_FAILED
                                + "; hint: green could not map blue's savepoint state: an"
                                + " operator of blue (for example a per-colour sink uid) is not"
                                + " in green; set spec.template.spec.job.allowNonRestoredState:"
                                + " true (docs/sinks.md)");
    }

    @Test
    void describesAnUnknownErrorWithoutAHint() {
        var blue =
                child("orders-blue", Map.of("error", "Deployment orders-blue: ImagePullBackOff"));

        assertThat(ChildError.read(blue, Color.BLUE).describe())
                .isEqualTo("orders-blue: Deployment orders-blue: ImagePullBackOff");
    }

    @Test
    void isAbsentForNoChildNoStatusNoErrorOrABlankOne() {
        assertThat(ChildError.read(null, Color.BLUE)).isNull();
        assertThat(ChildError.read(child("orders-blue", null), Color.BLUE)).isNull();
        assertThat(
                        ChildError.read(
                                child("orders-blue", Map.of("lifecycleState", "STABLE")),
                                Color.BLUE))
                .isNull();
        assertThat(ChildError.read(child("orders-blue", Map.of("error", " ")), Color.BLUE))
                .isNull();
        assertThat(ChildError.read(child("orders-blue", "not an object"), Color.BLUE)).isNull();
    }
}
