package dev.bluegreen.standin.usage;

import dev.bluegreen.standin.FlinkStandIn;
import dev.bluegreen.standin.StandInSettings;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

// docs:begin
@EnableKubernetesMockClient(crud = true)
class StandInUsageExampleIT {
    static KubernetesClient client; // an embedded API server in CRUD mode
    static final ResourceDefinitionContext FLINK_DEPLOYMENTS =
            new ResourceDefinitionContext.Builder()
                    .withGroup("flink.apache.org")
                    .withVersion("v1beta1")
                    .withKind("FlinkDeployment")
                    .withPlural("flinkdeployments")
                    .withNamespaced(true)
                    .build();

    @Test
    void myFlinkDeploymentRunsAndFailsOnRequest(@TempDir Path tmp) {
        FlinkStandIn.installCrds(client);
        var settings =
                StandInSettings.builder()
                        .workDir(tmp.resolve("work"))
                        .mapLocalUri("local:///opt/flink/usrlib/", Path.of("target/usrlib"))
                        .build();
        try (FlinkStandIn standIn = FlinkStandIn.start(client, settings)) {
            // the job fails after 100 records: test how your code reacts to a FAILED job
            standIn.faults().failAfterRecords("default", "my-job", 100);

            client.genericKubernetesResources(FLINK_DEPLOYMENTS)
                    .inNamespace("default")
                    .load(
                            new ByteArrayInputStream(
                                    """
                                    apiVersion: flink.apache.org/v1beta1
                                    kind: FlinkDeployment
                                    metadata:
                                      name: my-job
                                    spec:
                                      flinkVersion: v1_20
                                      serviceAccount: flink
                                      flinkConfiguration:
                                        execution.checkpointing.interval: "1 s"
                                        # required for savepoint upgrades; the stand-in uses local directories
                                        execution.checkpointing.dir: s3://my-bucket/checkpoints
                                        execution.checkpointing.savepoint-dir: s3://my-bucket/savepoints
                                      jobManager:
                                        resource: {memory: 1024m, cpu: 0.5}
                                      taskManager:
                                        resource: {memory: 1024m, cpu: 0.5}
                                      job:
                                        jarURI: local:///opt/flink/usrlib/bluegreen-example-job.jar
                                        entryClass: dev.bluegreen.example.CountingJob
                                        args: ["--output", "%s", "--rate", "200"]
                                        parallelism: 1
                                        upgradeMode: savepoint
                                    """
                                            .formatted(tmp.resolve("out"))
                                            .getBytes(StandardCharsets.UTF_8)))
                    .create();

            await().atMost(Duration.ofSeconds(60))
                    .until(() -> lifecycle("my-job").equals("FAILED"));
            assertThat(status("my-job").get("error").toString()).contains("fail-after-records=100");
        }
    }

    static String lifecycle(String name) {
        return String.valueOf(status(name).get("lifecycleState"));
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> status(String name) {
        GenericKubernetesResource fd =
                client.genericKubernetesResources(FLINK_DEPLOYMENTS)
                        .inNamespace("default")
                        .withName(name)
                        .get();
        Object status = fd.getAdditionalProperties().get("status");
        return status == null ? Map.of() : (Map<String, Object>) status;
    }
}
// docs:end
