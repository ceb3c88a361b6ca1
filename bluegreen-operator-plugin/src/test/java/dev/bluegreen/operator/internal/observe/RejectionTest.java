package dev.bluegreen.operator.internal.observe;

import dev.bluegreen.operator.internal.spec.ChildLabels;
import dev.bluegreen.operator.internal.spec.SpecJson;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class RejectionTest {
    static final String VALIDATION =
            "{\"type\":\"org.apache.flink.kubernetes.operator.exception.ValidationException\","
                    + "\"message\":\"spec.serviceAccount must be defined.\"}";
    static final String DEPLOY_ERROR =
            "{\"type\":\"org.apache.flink.kubernetes.operator.exception.DeploymentFailedException\","
                    + "\"message\":\"image pull failed\"}";

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            textBlock =
                    """
                    validation error, generation not observed        | VALIDATION | 2 | 1 | STABLE | none     | true
                    validation error before the first deployment     | VALIDATION | 1 | 0 | FAILED | none     | true
                    other error, FAILED, generation not observed     | DEPLOY     | 1 | 0 | FAILED | none     | true
                    other error, running, generation not observed    | DEPLOY     | 2 | 1 | STABLE | none     | false
                    validation error, generation observed            | VALIDATION | 2 | 2 | STABLE | none     | false
                    the error the child had when it was last written | VALIDATION | 3 | 1 | FAILED | same     | false
                    another error than at the last write             | VALIDATION | 3 | 1 | FAILED | other    | true
                    no error                                         | NONE       | 2 | 1 | FAILED | none     | false
                    """)
    void readsARejectionOnlyForTheNewestWrite(
            String name,
            String error,
            long generation,
            long observed,
            String lifecycle,
            String atWrite,
            boolean rejected) {
        String text =
                switch (error) {
                    case "VALIDATION" -> VALIDATION;
                    case "DEPLOY" -> DEPLOY_ERROR;
                    default -> null;
                };
        String stamp =
                switch (atWrite) {
                    case "same" -> Rejection.fingerprint(VALIDATION);
                    case "other" -> Rejection.fingerprint(DEPLOY_ERROR);
                    default -> null;
                };
        var meta = meta(generation, stamp);
        var status = new java.util.LinkedHashMap<String, Object>();
        status.put("observedGeneration", observed);
        status.put("lifecycleState", lifecycle);
        if (text != null) {
            status.put("error", text);
        }
        JsonNode tree = SpecJson.mapper().valueToTree(Map.of("status", status));

        assertThat(Rejection.rejected(tree, meta)).as(name).isEqualTo(rejected);
    }

    @Test
    void stampsTheLiveErrorOnTheWrittenChildAndClearsItWhenThereIsNone() {
        var live = new GenericKubernetesResource();
        live.setMetadata(meta(2, null));
        live.setAdditionalProperty("status", Map.of("error", VALIDATION));
        var written = new GenericKubernetesResource();
        written.setMetadata(meta(2, "stale"));

        Rejection.stamp(written, live);
        assertThat(written.getMetadata().getAnnotations())
                .containsEntry(ChildLabels.ERROR_AT_WRITE, Rejection.fingerprint(VALIDATION));

        live.setAdditionalProperty("status", Map.of("lifecycleState", "STABLE"));
        Rejection.stamp(written, live);
        assertThat(written.getMetadata().getAnnotations())
                .doesNotContainKey(ChildLabels.ERROR_AT_WRITE);
    }

    @Test
    void fingerprintsAreShortAndStable() {
        assertThat(Rejection.fingerprint(VALIDATION))
                .hasSize(16)
                .isEqualTo(Rejection.fingerprint(VALIDATION))
                .isNotEqualTo(Rejection.fingerprint(DEPLOY_ERROR));
    }

    private static ObjectMeta meta(long generation, String stamp) {
        var meta = new ObjectMetaBuilder().withName("orders-green").withGeneration(generation);
        if (stamp != null) {
            meta.withAnnotations(Map.of(ChildLabels.ERROR_AT_WRITE, stamp));
        }
        return meta.build();
    }
}
