package dev.bluegreen.operator.internal.apply;

import dev.bluegreen.operator.internal.spec.Capacity;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceQuotaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

@EnableKubernetesMockClient(crud = true)
class QuotasTest {
    KubernetesClient client;

    @Test
    void noQuotaMeansNoLimit() {
        assertThat(Quotas.headroom(client, "ns")).isEqualTo(new Capacity.Headroom(null, null));
    }

    @Test
    void quotaWithoutMemoryLeavesMemoryUnlimited() {
        client.resource(
                        new ResourceQuotaBuilder()
                                .withNewMetadata()
                                .withName("c")
                                .withNamespace("ns")
                                .endMetadata()
                                .withNewSpec()
                                .addToHard("requests.cpu", new Quantity("2"))
                                .endSpec()
                                .build())
                .create();

        assertThat(Quotas.headroom(client, "ns")).isEqualTo(new Capacity.Headroom(2000L, null));
    }

    @Test
    void headroomIsHardMinusUsedOfTheTightestQuota() {
        client.resource(
                        new ResourceQuotaBuilder()
                                .withNewMetadata()
                                .withName("a")
                                .withNamespace("ns")
                                .endMetadata()
                                .withNewSpec()
                                .addToHard("requests.cpu", new Quantity("4"))
                                .addToHard("requests.memory", new Quantity("8Gi"))
                                .endSpec()
                                .withNewStatus()
                                .addToHard("requests.cpu", new Quantity("4"))
                                .addToHard("requests.memory", new Quantity("8Gi"))
                                .addToUsed("requests.cpu", new Quantity("2500m"))
                                .addToUsed("requests.memory", new Quantity("1Gi"))
                                .endStatus()
                                .build())
                .create();
        client.resource(
                        new ResourceQuotaBuilder()
                                .withNewMetadata()
                                .withName("b")
                                .withNamespace("ns")
                                .endMetadata()
                                .withNewSpec()
                                .addToHard("cpu", new Quantity("1"))
                                .endSpec()
                                .build())
                .create();

        assertThat(Quotas.headroom(client, "ns"))
                .isEqualTo(new Capacity.Headroom(1000L, 7L * 1024 * 1024 * 1024));
    }
}
