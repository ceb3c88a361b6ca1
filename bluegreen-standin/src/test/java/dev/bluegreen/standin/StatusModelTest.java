package dev.bluegreen.standin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class StatusModelTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String API = "flink.apache.org/v1beta1";

    private static JsonNode spec(int parallelism) throws Exception {
        return JSON.readTree(
                "{\"job\": {\"jarURI\": \"u\", \"parallelism\": "
                        + parallelism
                        + ", \"state\": \"running\"}}");
    }

    @Test
    void firstDeploymentRecordsTheSpecLikeUpstream() throws Exception {
        var status = new StatusModel();

        // When the first deployment is attempted and then deployed
        status.reconcile(spec(1), API, 1, false, "UPGRADING", 10);
        String beforeAttempt = status.lastReconciledSpec;
        status.reconcile(spec(1), API, 1, true, "DEPLOYED", 11);

        // Then the attempt records job.state suspended, the deployment running; first deployment
        assertThat(JSON.readTree(beforeAttempt).at("/spec/job/state").asText())
                .isEqualTo("suspended");
        JsonNode deployed = JSON.readTree(status.lastReconciledSpec);
        assertThat(deployed.at("/spec/job/state").asText()).isEqualTo("running");
        assertThat(deployed.at("/resource_metadata/apiVersion").asText()).isEqualTo(API);
        assertThat(deployed.at("/resource_metadata/firstDeployment").asBoolean()).isTrue();
        assertThat(status.lifecycleState()).isEqualTo("DEPLOYED");
        assertThat(status.toMap()).containsEntry("observedGeneration", 1L);
    }

    @Test
    void upgradeIsNoLongerTheFirstDeployment() throws Exception {
        var status = new StatusModel();
        status.reconcile(spec(1), API, 1, true, "DEPLOYED", 10);

        status.reconcile(spec(2), API, 2, false, "UPGRADING", 20);
        status.reconcile(spec(2), API, 2, true, "DEPLOYED", 21);

        assertThat(
                        JSON.readTree(status.lastReconciledSpec)
                                .at("/resource_metadata/firstDeployment")
                                .asBoolean())
                .isFalse();
    }

    @Test
    void runningJobMakesTheSpecStable() throws Exception {
        var status = new StatusModel();
        status.reconcile(spec(1), API, 1, true, "DEPLOYED", 10);
        status.jobState = "RUNNING";

        status.markStableIfRunning();

        assertThat(status.lastStableSpec).isEqualTo(status.lastReconciledSpec);
        assertThat(status.lifecycleState()).isEqualTo("STABLE");
    }

    @Test
    void userSuspendIsStableAtOnce() throws Exception {
        var status = new StatusModel();
        status.reconcile(spec(1), API, 1, true, "DEPLOYED", 10);

        status.reconcile(spec(1), API, 2, false, "DEPLOYED", 20);

        assertThat(status.lastStableSpec).isEqualTo(status.lastReconciledSpec);
        assertThat(status.lifecycleState()).isEqualTo("SUSPENDED");
    }

    @Test
    void errorsAreUpstreamStyleJson() throws Exception {
        JsonNode error = JSON.readTree(StatusModel.errorJson("java.lang.X", "went \"wrong\""));

        assertThat(error.get("type").asText()).isEqualTo("java.lang.X");
        assertThat(error.get("message").asText()).isEqualTo("went \"wrong\"");
    }
}
