package dev.bluegreen.ingress;

import dev.bluegreen.core.Color;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.networking.v1.HTTPIngressPath;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.networking.v1.IngressRule;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ParentIngressTest {

    private static final Owner OWNER = Fixtures.owner("orders");

    @Test
    void routesTheStableHostToTheActiveChildsRestService() {
        // Given
        IngressSpec spec = Fixtures.fullSpec("{{name}}.{{namespace}}.example.com");

        // When
        Ingress ingress = ParentIngress.v1(spec, OWNER, new ChildBackend(Color.GREEN, 9091));

        // Then
        assertThat(ingress.getApiVersion()).isEqualTo("networking.k8s.io/v1");
        assertThat(ingress.getKind()).isEqualTo("Ingress");
        assertThat(ingress.getMetadata().getName()).isEqualTo("orders");
        assertThat(ingress.getMetadata().getNamespace()).isEqualTo("prod");
        assertThat(ingress.getMetadata().getLabels())
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of("team", "payments", "component", "ingress"));
        assertThat(ingress.getMetadata().getAnnotations())
                .containsExactlyEntriesOf(
                        Map.of("nginx.ingress.kubernetes.io/rewrite-target", "/$2"));
        assertThat(ingress.getSpec().getIngressClassName()).isEqualTo("nginx");
        assertThat(ingress.getSpec().getTls())
                .singleElement()
                .satisfies(
                        tls -> {
                            assertThat(tls.getHosts()).containsExactly("flink.example.com");
                            assertThat(tls.getSecretName()).isEqualTo("flink-tls");
                        });
        IngressRule rule = ingress.getSpec().getRules().get(0);
        assertThat(ingress.getSpec().getRules()).hasSize(1);
        assertThat(rule.getHost()).isEqualTo("orders.prod.example.com");
        HTTPIngressPath path = rule.getHttp().getPaths().get(0);
        assertThat(path.getPath()).isNull();
        assertThat(path.getPathType()).isEqualTo("ImplementationSpecific");
        assertThat(path.getBackend().getService().getName()).isEqualTo("orders-green-rest");
        assertThat(path.getBackend().getService().getPort().getNumber()).isEqualTo(9091);
    }

    @Test
    void isOwnedByTheParentAsController() {
        Ingress ingress =
                ParentIngress.v1(
                        IngressSpec.of("flink.example.com"),
                        OWNER,
                        ChildBackend.onDefaultPort(Color.BLUE));

        OwnerReference ref = ingress.getMetadata().getOwnerReferences().get(0);
        assertThat(ingress.getMetadata().getOwnerReferences()).hasSize(1);
        assertThat(ref.getApiVersion()).isEqualTo("bluegreen.dev/v1alpha1");
        assertThat(ref.getKind()).isEqualTo("FlinkBlueGreenDeployment");
        assertThat(ref.getName()).isEqualTo("orders");
        assertThat(ref.getUid()).isEqualTo(Fixtures.UID);
        assertThat(ref.getController()).isTrue();
        assertThat(ref.getBlockOwnerDeletion()).isTrue();
    }

    @Test
    void pathOnlyTemplateGivesARuleWithoutHost() {
        Ingress ingress =
                ParentIngress.v1(
                        IngressSpec.of("/{{namespace}}/{{name}}(/|$)(.*)"),
                        OWNER,
                        ChildBackend.onDefaultPort(Color.BLUE));

        IngressRule rule = ingress.getSpec().getRules().get(0);
        assertThat(rule.getHost()).isNull();
        assertThat(rule.getHttp().getPaths().get(0).getPath()).isEqualTo("/prod/orders(/|$)(.*)");
        assertThat(rule.getHttp().getPaths().get(0).getBackend().getService().getPort().getNumber())
                .isEqualTo(8081);
    }

    @Test
    void theComponentLabelWinsOverAUserLabelOfTheSameKey() {
        IngressSpec spec =
                new IngressSpec("flink.example.com", null, null, Map.of("component", "ui"), null);

        Ingress ingress = ParentIngress.v1(spec, OWNER, ChildBackend.onDefaultPort(Color.BLUE));

        assertThat(ingress.getMetadata().getLabels())
                .containsExactlyEntriesOf(Map.of("component", "ingress"));
        assertThat(ingress.getMetadata().getAnnotations()).isEmpty();
        assertThat(ingress.getSpec().getTls()).isEmpty();
    }

    @Test
    void equalInputGivesAnEqualObjectAndAnActiveSwitchDoesNot() {
        IngressSpec spec = Fixtures.fullSpec("flink.example.com/{{namespace}}/{{name}}(/|$)(.*)");

        Ingress first = ParentIngress.v1(spec, OWNER, ChildBackend.onDefaultPort(Color.BLUE));
        Ingress second =
                ParentIngress.v1(
                        Fixtures.fullSpec(spec.template()),
                        Fixtures.owner("orders"),
                        ChildBackend.onDefaultPort(Color.BLUE));
        Ingress switched = ParentIngress.v1(spec, OWNER, ChildBackend.onDefaultPort(Color.GREEN));

        assertThat(second).isEqualTo(first).hasSameHashCodeAs(first);
        assertThat(switched).isNotEqualTo(first);
    }

    @Test
    void v1beta1UsesServiceNameAndPortWithoutPathType() {
        var ingress =
                ParentIngress.v1beta1(
                        Fixtures.fullSpec("flink.example.com/{{name}}"),
                        OWNER,
                        new ChildBackend(Color.BLUE, 8082));

        assertThat(ingress.getApiVersion()).isEqualTo("networking.k8s.io/v1beta1");
        var path = ingress.getSpec().getRules().get(0).getHttp().getPaths().get(0);
        assertThat(path.getPath()).isEqualTo("/orders");
        assertThat(path.getPathType()).isNull();
        assertThat(path.getBackend().getServiceName()).isEqualTo("orders-blue-rest");
        assertThat(path.getBackend().getServicePort().getIntVal()).isEqualTo(8082);
        assertThat(ingress.getSpec().getTls().get(0).getSecretName()).isEqualTo("flink-tls");
        assertThat(ingress)
                .isEqualTo(
                        ParentIngress.v1beta1(
                                Fixtures.fullSpec("flink.example.com/{{name}}"),
                                OWNER,
                                new ChildBackend(Color.BLUE, 8082)));
    }

    @Test
    void theCallerChoosesTheApiVersion() {
        IngressSpec spec = IngressSpec.of("flink.example.com");
        ChildBackend active = ChildBackend.onDefaultPort(Color.BLUE);

        for (IngressApiVersion version : IngressApiVersion.values()) {
            HasMetadata ingress = ParentIngress.desired(version, spec, OWNER, active);
            assertThat(ingress.getApiVersion()).isEqualTo(version.apiVersion());
            assertThat(ingress.getKind()).isEqualTo("Ingress");
        }
        assertThat(ParentIngress.desired(IngressApiVersion.NETWORKING_V1, spec, OWNER, active))
                .isEqualTo(ParentIngress.v1(spec, OWNER, active));
    }

    @Test
    void ingressSpecCopiesItsCollections() {
        var labels = new java.util.HashMap<>(Map.of("a", "b"));
        IngressSpec spec = new IngressSpec("x.example.com", null, null, labels, List.of());
        labels.put("c", "d");
        assertThat(spec.labels()).containsOnlyKeys("a");
    }
}
