package dev.bluegreen.operator.it;

import dev.bluegreen.operator.internal.spec.SpecJson;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Plain FlinkDeployments to adopt, and what the adoption tests compare across it. */
final class Adoptees {
    static final ResourceDefinitionContext DEPLOYMENTS =
            new ResourceDefinitionContext.Builder()
                    .withGroup("flink.apache.org")
                    .withVersion("v1beta1")
                    .withKind("FlinkDeployment")
                    .withPlural("flinkdeployments")
                    .withNamespaced(true)
                    .build();

    /** The label the upstream operator's FlinkBlueGreenDeployment puts on its children. */
    static final String UPSTREAM_TYPE_LABEL = "flink/blue-green-deployment-type";

    private Adoptees() {}

    /**
     * The owner reference the upstream operator's FlinkBlueGreenDeployment {@code name} (1.14,
     * 1.15) puts on its children: {@code controller: false}, {@code blockOwnerDeletion: true}.
     */
    static OwnerReference upstreamParent(String name) {
        return new OwnerReferenceBuilder()
                .withApiVersion("flink.apache.org/v1beta1")
                .withKind("FlinkBlueGreenDeployment")
                .withName(name)
                .withUid("uid-of-upstream-" + name)
                .withController(false)
                .withBlockOwnerDeletion(true)
                .build();
    }

    /**
     * Makes the FlinkDeployment {@code child} look as the upstream operator's parent {@code parent}
     * leaves its child of {@code type} (BLUE or GREEN): its owner reference and its label.
     */
    static void markAsUpstreamChild(Harness h, String child, String parent, String type) {
        h.client
                .genericKubernetesResources(DEPLOYMENTS)
                .inNamespace(Harness.NS)
                .withName(child)
                .edit(
                        fd -> {
                            fd.getMetadata().setOwnerReferences(List.of(upstreamParent(parent)));
                            fd.getMetadata().getLabels().put(UPSTREAM_TYPE_LABEL, type);
                            return fd;
                        });
    }

    /** What identifies one run of a deployment's job, and its spec's generation. */
    record Run(long generation, String jobId, String startTime) {
        static Run of(GenericKubernetesResource fd) {
            return new Run(
                    fd.getMetadata().getGeneration(),
                    Fixtures.spec(fd, "status", "jobStatus", "jobId"),
                    Fixtures.spec(fd, "status", "jobStatus", "startTime"));
        }
    }

    /** Creates the plain FlinkDeployment {@code name} with spec {@code specJson} (no owner). */
    @SuppressWarnings("unchecked")
    static GenericKubernetesResource create(Harness h, String name, String specJson) {
        var fd = new GenericKubernetesResource();
        fd.setApiVersion("flink.apache.org/v1beta1");
        fd.setKind("FlinkDeployment");
        fd.setMetadata(
                new ObjectMetaBuilder()
                        .withName(name)
                        .withNamespace(Harness.NS)
                        .addToLabels("app", name)
                        .build());
        fd.setAdditionalProperty(
                "spec",
                SpecJson.mapper().convertValue(SpecJson.parse(specJson, "test"), Map.class));
        return h.client
                .genericKubernetesResources(DEPLOYMENTS)
                .inNamespace(Harness.NS)
                .resource(fd)
                .create();
    }

    /** Creates {@code name} and waits until the fake operator runs its job. */
    static Run running(Harness h, String name, String specJson) {
        create(h, name, specJson);
        await().atMost(Harness.WAIT)
                .until(
                        () ->
                                "RUNNING"
                                        .equals(
                                                Fixtures.spec(
                                                        h.child(name),
                                                        "status",
                                                        "jobStatus",
                                                        "state")));
        return Run.of(h.child(name));
    }

    /** A parent that adopts {@code adopt}, its template spec {@code templateSpec}. */
    static FlinkBlueGreenDeployment parent(String name, String adopt, String templateSpec) {
        var parent = Fixtures.parent(name, templateSpec);
        parent.getSpec().setAdoptDeployment(adopt);
        return parent;
    }

    /** The value of the condition {@code type}'s message of parent {@code name}. */
    static String conditionMessage(Harness h, String name, String type) {
        var parent = h.get(name);
        if (parent == null || parent.getStatus() == null) {
            return null;
        }
        return parent.getStatus().getConditions().stream()
                .filter(c -> c.getType().equals(type))
                .map(c -> c.getStatus() + " " + c.getReason() + ": " + c.getMessage())
                .findFirst()
                .orElse(null);
    }

    /** Asserts that {@code name} carries none of our marks: no owner, no bluegreen.dev labels. */
    static void assertPlain(GenericKubernetesResource fd) {
        assertThat(fd.getMetadata().getOwnerReferences()).isNullOrEmpty();
        assertThat(fd.getMetadata().getLabels())
                .doesNotContainKeys(
                        "bluegreen.dev/parent",
                        "bluegreen.dev/color",
                        "flink/blue-green-deployment-type");
        assertThat(
                        fd.getMetadata().getAnnotations() == null
                                ? Map.of()
                                : fd.getMetadata().getAnnotations())
                .doesNotContainKeys("bluegreen.dev/spec-ref", "bluegreen.dev/error-at-write");
    }
}
