package dev.bluegreen.operator.internal.apply;

import dev.bluegreen.core.Action;
import dev.bluegreen.core.Color;
import dev.bluegreen.operator.fake.FakeFlinkOperator;
import dev.bluegreen.operator.internal.config.HandoverSettings;
import dev.bluegreen.operator.internal.spec.SpecJson;
import dev.bluegreen.operator.internal.spec.SpecRefs;
import dev.bluegreen.operator.resource.DeploymentTemplate;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentSpec;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus;
import dev.bluegreen.operator.resource.ParentIngressSpec;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@EnableKubernetesMockClient(crud = true)
class PlanExecutorTest {
    KubernetesClient client;
    PlanExecutor executor;
    FlinkBlueGreenDeployment parent;
    SpecRefs specs;
    String ref;

    @BeforeEach
    void setUp() throws Exception {
        try (InputStream crd =
                getClass()
                        .getResourceAsStream(
                                "/META-INF/fabric8/flinkbluegreendeployments.bluegreen.dev-v1.yml")) {
            client.apiextensions().v1().customResourceDefinitions().load(crd).create();
        }
        FakeFlinkOperator.installCrds(client);
        executor = new PlanExecutor(client);
        var template = new DeploymentTemplate();
        template.setSpec(
                SpecJson.parse("{\"image\":\"flink:1.20\",\"job\":{\"parallelism\":2}}", "t"));
        var spec = new FlinkBlueGreenDeploymentSpec();
        spec.setTemplate(template);
        var resource = new FlinkBlueGreenDeployment();
        resource.setMetadata(
                new ObjectMetaBuilder().withName("orders").withNamespace("default").build());
        resource.setSpec(spec);
        parent = client.resource(resource).create();
        specs = SpecRefs.of(SpecJson.tree(spec), null);
        ref = SpecJson.ref(SpecJson.tree(spec));
    }

    GenericKubernetesResource blue() {
        return client.genericKubernetesResources("flink.apache.org/v1beta1", "FlinkDeployment")
                .inNamespace("default")
                .withName("orders-blue")
                .get();
    }

    @Test
    void deployCreatesTheChildAndARepeatWritesNothing() {
        var deploy = new Action.DeployChild(Color.BLUE, ref, Action.RestoreFrom.EMPTY, null);

        Applied first = executor.execute(parent, specs, List.of(deploy), HandoverSettings.DEFAULTS);
        Applied second =
                executor.execute(parent, specs, List.of(deploy), HandoverSettings.DEFAULTS);

        assertThat(first.children()).hasSize(1);
        assertThat(blue().getMetadata().getLabels()).containsEntry("bluegreen.dev/color", "blue");
        assertThat(second.nothing()).isTrue();
    }

    @Test
    void patchKeepsLabelsOthersAdded() {
        executor.execute(
                parent,
                specs,
                List.of(new Action.DeployChild(Color.BLUE, ref, Action.RestoreFrom.EMPTY, null)),
                HandoverSettings.DEFAULTS);
        var live = blue();
        live.getMetadata().getLabels().put("team", "data");
        client.resource(live).update();
        parent.getSpec().getTemplate().setSpec(SpecJson.parse("{\"image\":\"flink:1.20.1\"}", "t"));
        var tree = SpecJson.tree(parent.getSpec());

        executor.execute(
                parent,
                SpecRefs.of(tree, null),
                List.of(new Action.PatchChild(Color.BLUE, SpecJson.ref(tree))),
                HandoverSettings.DEFAULTS);

        assertThat(blue().getMetadata().getLabels()).containsEntry("team", "data");
        assertThat(
                        ((java.util.Map<?, ?>) blue().getAdditionalProperties().get("spec"))
                                .get("image"))
                .isEqualTo("flink:1.20.1");
    }

    @Test
    void savepointRequestIsIdempotent() {
        var take = new Action.TakeSavepoint(Color.BLUE, "t1-savepoint", "job-1");

        Applied first = executor.execute(parent, specs, List.of(take), HandoverSettings.DEFAULTS);
        Applied second = executor.execute(parent, specs, List.of(take), HandoverSettings.DEFAULTS);

        assertThat(first.snapshots())
                .singleElement()
                .satisfies(
                        s ->
                                assertThat(s.getMetadata().getName())
                                        .isEqualTo("orders-t1-savepoint"));
        assertThat(second.nothing()).isTrue();
    }

    @Test
    void ingressFollowsTheColourAndGoesAwayWithTheSpec() {
        var ingress = new ParentIngressSpec();
        ingress.setTemplate("{{name}}.example.com");
        parent.getSpec().setIngress(ingress);

        executor.execute(
                parent,
                specs,
                List.of(new Action.SwitchTraffic(Color.GREEN)),
                HandoverSettings.DEFAULTS);
        var created =
                client.network().v1().ingresses().inNamespace("default").withName("orders").get();
        parent.getSpec().setIngress(null);
        executor.execute(
                parent,
                specs,
                List.of(new Action.SwitchTraffic(Color.GREEN)),
                HandoverSettings.DEFAULTS);

        assertThat(
                        created.getSpec()
                                .getRules()
                                .get(0)
                                .getHttp()
                                .getPaths()
                                .get(0)
                                .getBackend()
                                .getService()
                                .getName())
                .isEqualTo("orders-green-rest");
        assertThat(
                        client.network()
                                .v1()
                                .ingresses()
                                .inNamespace("default")
                                .withName("orders")
                                .get())
                .isNull();
    }

    @Test
    void unchangedStatusIsNotWritten() {
        parent.setStatus(new FlinkBlueGreenDeploymentStatus());

        assertThat(executor.updateStatus(parent, new FlinkBlueGreenDeploymentStatus())).isFalse();
    }

    @Test
    void unknownSpecRefNamesTheRef() {
        var deploy =
                new Action.DeployChild(
                        Color.BLUE, "0000000000000000", Action.RestoreFrom.EMPTY, null);

        assertThatThrownBy(
                        () ->
                                executor.execute(
                                        parent, specs, List.of(deploy), HandoverSettings.DEFAULTS))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("0000000000000000");
    }
}
