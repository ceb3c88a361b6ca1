package dev.bluegreen.demo.cluster;

import dev.bluegreen.demo.render.ConsoleLine;
import dev.bluegreen.demo.timeline.ChildDeleted;
import dev.bluegreen.demo.timeline.Color;
import dev.bluegreen.demo.timeline.Timeline;
import dev.bluegreen.operator.resource.AnalysisStatus;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.networking.v1.IngressBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.NonNamespaceOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The watchers on the embedded API, without Flink: objects in, timeline lines out. */
@EnableKubernetesMockClient(crud = true)
class ClusterWatchTest {
    static final String NS = "default";

    KubernetesClient client;
    Timeline timeline = new Timeline();
    ClusterWatch watch;

    @BeforeEach
    void start() {
        watch = ClusterWatch.start(client, NS, "orders", timeline, () -> Duration.ZERO);
    }

    @AfterEach
    void stop() {
        watch.close();
    }

    @Test
    void recordsAChildsLifecycleAndJobStateOnlyWhenTheyChangeAndItsDeletion() {
        var blue =
                client.genericKubernetesResources(ClusterWatch.FLINK_DEPLOYMENT)
                        .inNamespace(NS)
                        .resource(child("orders-blue", "DEPLOYED", "RECONCILING"))
                        .create();
        awaitLines("blue       orders-blue  lifecycle DEPLOYED, job RECONCILING");

        blue.getMetadata().setLabels(Map.of("touched", "yes"));
        client.genericKubernetesResources(ClusterWatch.FLINK_DEPLOYMENT)
                .inNamespace(NS)
                .resource(blue)
                .update();
        client.genericKubernetesResources(ClusterWatch.FLINK_DEPLOYMENT)
                .inNamespace(NS)
                .resource(child("orders-blue", "STABLE", "RUNNING"))
                .update();
        client.genericKubernetesResources(ClusterWatch.FLINK_DEPLOYMENT)
                .inNamespace(NS)
                .withName("orders-blue")
                .delete();

        await().atMost(Duration.ofSeconds(10))
                .until(() -> timeline.events().stream().anyMatch(e -> e instanceof ChildDeleted));
        assertThat(lines())
                .containsExactly(
                        "blue       orders-blue  lifecycle DEPLOYED, job RECONCILING",
                        "blue       orders-blue  lifecycle STABLE, job RUNNING",
                        "blue       orders-blue  deleted (teardown)");
    }

    @Test
    void ignoresFlinkDeploymentsOfOtherParents() {
        client.genericKubernetesResources(ClusterWatch.FLINK_DEPLOYMENT)
                .inNamespace(NS)
                .resource(child("payments-blue", "STABLE", "RUNNING"))
                .create();
        client.genericKubernetesResources(ClusterWatch.FLINK_DEPLOYMENT)
                .inNamespace(NS)
                .resource(child("orders-green", "STABLE", "RUNNING"))
                .create();

        awaitLines("green      orders-green  lifecycle STABLE, job RUNNING");
        assertThat(lines()).noneMatch(l -> l.contains("payments"));
    }

    @Test
    void recordsTheParentIngressBackendAsTheTrafficSwitch() {
        client.network()
                .v1()
                .ingresses()
                .inNamespace(NS)
                .resource(ingress("orders-blue-rest"))
                .create();
        awaitLines("traffic    ingress orders -> orders-blue-rest (blue)");

        client.network()
                .v1()
                .ingresses()
                .inNamespace(NS)
                .resource(ingress("orders-green-rest"))
                .update();

        awaitLines(
                "traffic    ingress orders -> orders-blue-rest (blue)",
                "traffic    ingress orders -> orders-green-rest (green)");
    }

    @Test
    void followsAnAdoptedChildByItsLabelsFromBeforeItsAdoptionWithoutABreak() {
        watch.close();
        watch =
                ClusterWatch.start(
                        client,
                        NS,
                        "orders",
                        Map.of("orders-live", Color.BLUE),
                        timeline,
                        () -> Duration.ZERO);
        var live = deployments().resource(child("orders-live", "STABLE", "RUNNING")).create();
        awaitLines("blue       orders-live  lifecycle STABLE, job RUNNING");

        live.getMetadata()
                .setLabels(
                        Map.of(
                                "bluegreen.dev/parent", "orders",
                                "bluegreen.dev/color", "blue"));
        deployments().resource(live).update();
        client.network()
                .v1()
                .ingresses()
                .inNamespace(NS)
                .resource(ingress("orders-live-rest"))
                .create();

        String adopted =
                "blue       orders-live  adopted by orders (owner reference and labels only)";
        awaitLines(adopted, "traffic    ingress orders -> orders-live-rest (blue)");
        assertThat(lines())
                .containsSubsequence(
                        "blue       orders-live  lifecycle STABLE, job RUNNING", adopted)
                .filteredOn(l -> l.contains("orders-live  lifecycle"))
                .hasSize(1);
    }

    @Test
    void takesAChildsColourFromItsLabelNotFromItsName() {
        var green = child("orders-next", "STABLE", "RUNNING");
        green.getMetadata()
                .setLabels(
                        Map.of("bluegreen.dev/parent", "orders", "bluegreen.dev/color", "green"));
        deployments().resource(green).create();
        var other = child("orders-other", "STABLE", "RUNNING");
        other.getMetadata()
                .setLabels(
                        Map.of("bluegreen.dev/parent", "payments", "bluegreen.dev/color", "blue"));
        deployments().resource(other).create();
        awaitLines("green      orders-next  lifecycle STABLE, job RUNNING");

        deployments().withName("orders-next").delete();

        awaitLines("green      orders-next  deleted (teardown)");
        assertThat(lines()).noneMatch(l -> l.contains("orders-other"));
    }

    @Test
    void recordsEachAnalysisMeasurementOfTheParentOnceBeforeItsState() {
        var parent = parent("RETIRING_BLUE");
        var check =
                AnalysisMeasurementsTest.check(
                        "error-rate-after-switch",
                        AnalysisMeasurementsTest.measurement(
                                "2026-12-02T16:00:02Z", "Successful", "[0]", null));
        var analysis = new AnalysisStatus();
        analysis.setPostPromotion(AnalysisMeasurementsTest.run(check));
        parent.getStatus().setAnalysis(analysis);
        var created = client.resource(parent).create();
        awaitLines("analysis   postPromotion error-rate-after-switch: Successful, result [0]");

        check.getMeasurements()
                .add(
                        AnalysisMeasurementsTest.measurement(
                                "2026-12-02T16:00:04Z", "Failed", "[9.6]", null));
        created.getStatus().setAnalysis(analysis);
        created.getStatus().setState("RETIRING_GREEN");
        client.resource(created).update();

        awaitLines(
                "analysis   postPromotion error-rate-after-switch: Failed, result [9.6]",
                "controller RETIRING_GREEN");
        List<String> lines = lines();
        assertThat(lines)
                .filteredOn(l -> l.startsWith("analysis"))
                .containsExactly(
                        "analysis   postPromotion error-rate-after-switch: Successful, result [0]",
                        "analysis   postPromotion error-rate-after-switch: Failed, result [9.6]");
        assertThat(lines.indexOf("controller RETIRING_GREEN"))
                .isGreaterThan(
                        lines.indexOf(
                                "analysis   postPromotion error-rate-after-switch: Failed, result [9.6]"));
    }

    @Test
    void recordsTheSnapshotStateWithTheColourOfItsJob() {
        var snapshot = snapshot("orders-t2-savepoint", "orders-blue");

        client.genericKubernetesResources(ClusterWatch.FLINK_STATE_SNAPSHOT)
                .inNamespace(NS)
                .resource(snapshot)
                .create();

        awaitLines("savepoint  orders-t2-savepoint of blue  COMPLETED  file:///sp/1");
    }

    @Test
    void takesASnapshotsColourFromItsLabel() {
        var snapshot = snapshot("orders-t3-savepoint", "orders-live");
        snapshot.getMetadata().setLabels(Map.of("bluegreen.dev/color", "blue"));

        client.genericKubernetesResources(ClusterWatch.FLINK_STATE_SNAPSHOT)
                .inNamespace(NS)
                .resource(snapshot)
                .create();

        awaitLines("savepoint  orders-t3-savepoint of blue  COMPLETED  file:///sp/1");
    }

    private NonNamespaceOperation<
                    GenericKubernetesResource,
                    GenericKubernetesResourceList,
                    Resource<GenericKubernetesResource>>
            deployments() {
        return client.genericKubernetesResources(ClusterWatch.FLINK_DEPLOYMENT).inNamespace(NS);
    }

    private void awaitLines(String... expected) {
        await().atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(lines()).contains(expected));
    }

    private List<String> lines() {
        return timeline.events().stream().map(ConsoleLine::of).map(l -> l.substring(9)).toList();
    }

    private static GenericKubernetesResource child(String name, String lifecycle, String job) {
        return new GenericKubernetesResourceBuilder()
                .withApiVersion("flink.apache.org/v1beta1")
                .withKind("FlinkDeployment")
                .withNewMetadata()
                .withName(name)
                .withNamespace(NS)
                .endMetadata()
                .addToAdditionalProperties(
                        "status",
                        Map.of("lifecycleState", lifecycle, "jobStatus", Map.of("state", job)))
                .build();
    }

    private static FlinkBlueGreenDeployment parent(String state) {
        var parent = new FlinkBlueGreenDeployment();
        parent.getMetadata().setName("orders");
        parent.getMetadata().setNamespace(NS);
        parent.setStatus(new FlinkBlueGreenDeploymentStatus());
        parent.getStatus().setState(state);
        return parent;
    }

    private static GenericKubernetesResource snapshot(String name, String job) {
        return new GenericKubernetesResourceBuilder()
                .withApiVersion("flink.apache.org/v1beta1")
                .withKind("FlinkStateSnapshot")
                .withNewMetadata()
                .withName(name)
                .withNamespace(NS)
                .endMetadata()
                .addToAdditionalProperties("spec", Map.of("jobReference", Map.of("name", job)))
                .addToAdditionalProperties(
                        "status", Map.of("state", "COMPLETED", "path", "file:///sp/1"))
                .build();
    }

    private static Ingress ingress(String service) {
        return new IngressBuilder()
                .withNewMetadata()
                .withName("orders")
                .withNamespace(NS)
                .endMetadata()
                .withNewSpec()
                .addNewRule()
                .withHost("orders.default.example.com")
                .withNewHttp()
                .addNewPath()
                .withPath("/")
                .withPathType("Prefix")
                .withNewBackend()
                .withNewService()
                .withName(service)
                .withNewPort()
                .withNumber(8081)
                .endPort()
                .endService()
                .endBackend()
                .endPath()
                .endHttp()
                .endRule()
                .endSpec()
                .build();
    }
}
