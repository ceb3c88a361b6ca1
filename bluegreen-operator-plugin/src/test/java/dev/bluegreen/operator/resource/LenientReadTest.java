package dev.bluegreen.operator.resource;

import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A parent whose spec or status does not match the controller's classes is still read (with the
 * Kubernetes client's own serialization, as the informer reads it): unknown enum values are kept as
 * text, unknown fields are ignored, absent values stay absent.
 */
class LenientReadTest {
    private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

    private static FlinkBlueGreenDeployment read(String spec, String status) {
        String json =
                "{\"apiVersion\":\"bluegreen.dev/v1alpha1\",\"kind\":\"FlinkBlueGreenDeployment\","
                        + "\"metadata\":{\"name\":\"orders\",\"namespace\":\"default\"},"
                        + "\"spec\":"
                        + spec
                        + (status == null ? "" : ",\"status\":" + status)
                        + "}";
        return SERIALIZATION.unmarshal(json, FlinkBlueGreenDeployment.class);
    }

    private static final String TEMPLATE = "\"template\":{\"spec\":{\"image\":\"flink:1.20\"}}";

    @Test
    void unknownSpecTransitionModeIsKeptAsText() {
        var parent = read("{" + TEMPLATE + ",\"transitionMode\":\"FANCY\"}", null);

        assertThat(parent.getSpec().getTransitionModeText()).isEqualTo("FANCY");
        assertThat(parent.getSpec().getTransitionMode()).isNull();
    }

    @Test
    void knownSpecTransitionModeIsTyped() {
        var parent = read("{" + TEMPLATE + ",\"transitionMode\":\"ADVANCED\"}", null);

        assertThat(parent.getSpec().getTransitionMode()).isEqualTo(TransitionMode.ADVANCED);
        assertThat(parent.getSpec().getTransitionModeText()).isEqualTo("ADVANCED");
    }

    @Test
    void missingAndNullTransitionModesAreAbsent() {
        var missing = read("{" + TEMPLATE + "}", "{}");
        var nulls = read("{" + TEMPLATE + ",\"transitionMode\":null}", "{\"transitionMode\":null}");

        assertThat(missing.getSpec().getTransitionModeText()).isNull();
        assertThat(missing.getStatus().getTransitionModeText()).isNull();
        assertThat(nulls.getSpec().getTransitionMode()).isNull();
        assertThat(nulls.getStatus().getTransitionMode()).isNull();
    }

    @Test
    void unknownStatusValuesAreKeptAsText() {
        var parent =
                read(
                        "{" + TEMPLATE + "}",
                        "{\"state\":\"HIBERNATING_BLUE\",\"transitionMode\":\"TURBO\","
                                + "\"jobStatus\":{\"state\":\"WEIRD\"},"
                                + "\"transition\":{\"state\":\"WARPING\",\"restore\":\"MAGIC\"}}");

        var status = parent.getStatus();
        assertThat(status.getState()).isEqualTo("HIBERNATING_BLUE");
        assertThat(status.getTransitionModeText()).isEqualTo("TURBO");
        assertThat(status.getTransitionMode()).isNull();
        assertThat(status.getJobStatus().getState()).isEqualTo("WEIRD");
        assertThat(status.getTransition().getState()).isEqualTo("WARPING");
        assertThat(status.getTransition().getRestore()).isEqualTo("MAGIC");
    }

    @Test
    void unknownFieldsAreIgnoredAtEveryLevel() {
        var parent =
                read(
                        "{\"template\":{\"spec\":{\"image\":\"flink:1.20\",\"future\":1},"
                                + "\"future\":{\"a\":1}},"
                                + "\"ingress\":{\"template\":\"x\",\"future\":[1]},"
                                + "\"future\":true}",
                        "{\"future\":\"x\",\"jobStatus\":{\"future\":2},"
                                + "\"transition\":{\"state\":\"ACTIVE_BLUE\",\"future\":{}},"
                                + "\"conditions\":[{\"type\":\"Ready\",\"future\":1}]}");

        assertThat(parent.getSpec().getIngress().getTemplate()).isEqualTo("x");
        // the template spec is free-form JSON: unknown fields there are kept
        assertThat(parent.getSpec().getTemplate().getSpec().get("future").asInt()).isEqualTo(1);
        assertThat(parent.getStatus().getTransition().getState()).isEqualTo("ACTIVE_BLUE");
        assertThat(parent.getStatus().getConditions()).singleElement();
    }

    @Test
    void unknownTopLevelFieldIsIgnored() {
        String json =
                "{\"apiVersion\":\"bluegreen.dev/v1alpha1\",\"kind\":\"FlinkBlueGreenDeployment\","
                        + "\"metadata\":{\"name\":\"orders\"},\"future\":{\"a\":1},"
                        + "\"spec\":{"
                        + TEMPLATE
                        + "}}";

        var parent = SERIALIZATION.unmarshal(json, FlinkBlueGreenDeployment.class);

        assertThat(parent.getMetadata().getName()).isEqualTo("orders");
    }

    @Test
    void unknownValuesAreWrittenBackAsRead() {
        var parent =
                read(
                        "{" + TEMPLATE + ",\"transitionMode\":\"FANCY\"}",
                        "{\"transitionMode\":\"TURBO\"}");

        String json = SERIALIZATION.asJson(parent);

        assertThat(json).contains("\"transitionMode\":\"FANCY\"", "\"transitionMode\":\"TURBO\"");
        assertThat(SERIALIZATION.clone(parent).getStatus()).isEqualTo(parent.getStatus());
    }
}
