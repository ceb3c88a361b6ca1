package dev.bluegreen.operator.it;

import dev.bluegreen.operator.internal.spec.SpecJson;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.networking.v1.IngressBuilder;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.awaitility.Awaitility.await;

/**
 * The upstream operator's FlinkBlueGreenDeployment (flink.apache.org/v1beta1, operator 1.14 and
 * 1.15) in its real shapes: the parent with its status fields ({@code blueGreenState}, {@code
 * jobStatus.state}, {@code savepointTriggerId}), children {@code <name>-blue}/{@code <name>-green}
 * labelled {@code flink/blue-green-deployment-type} and owned with {@code controller: false, block
 * OwnerDeletion: true}, their spec as upstream writes it (the {@code blue-}/{@code green-} child
 * ingress prefix, the hand-over {@code initialSavepointPath}), and its parent Ingress (owned with
 * {@code controller: true}). Also the one step of a real API server the embedded API does not run:
 * the garbage collector's orphaning after a delete with {@code propagationPolicy: Orphan}.
 */
final class UpstreamBlueGreen {
    static final ResourceDefinitionContext PARENTS =
            new ResourceDefinitionContext.Builder()
                    .withGroup("flink.apache.org")
                    .withVersion("v1beta1")
                    .withKind("FlinkBlueGreenDeployment")
                    .withPlural("flinkbluegreendeployments")
                    .withNamespaced(true)
                    .build();

    /** The child ingress template of upstream's {@code spec.template.spec}. */
    static final String CHILD_INGRESS = "{{name}}.{{namespace}}.flink.example.com";

    /** The parent ingress template of upstream's {@code spec.ingress}. */
    static final String PARENT_INGRESS = "{{name}}.{{namespace}}.example.com";

    /** Where upstream's last hand-over savepoint was (the child's {@code initialSavepointPath}). */
    static final String HANDOVER = "/opt/flink/volume/flink-sp/savepoint-5c2d1e";

    private UpstreamBlueGreen() {}

    /**
     * Installs a FlinkBlueGreenDeployment CRD of group flink.apache.org (names as upstream's, any
     * field), so that kubectl's discovery finds the kind.
     */
    static void installCrd(Harness h) {
        h.client
                .apiextensions()
                .v1()
                .customResourceDefinitions()
                .resource(
                        new CustomResourceDefinitionBuilder()
                                .withNewMetadata()
                                .withName("flinkbluegreendeployments.flink.apache.org")
                                .endMetadata()
                                .withNewSpec()
                                .withGroup("flink.apache.org")
                                .withScope("Namespaced")
                                .withNewNames()
                                .withKind("FlinkBlueGreenDeployment")
                                .withPlural("flinkbluegreendeployments")
                                .withSingular("flinkbluegreendeployment")
                                .withShortNames("flinkbgdep")
                                .endNames()
                                .addNewVersion()
                                .withName("v1beta1")
                                .withServed(true)
                                .withStorage(true)
                                .withNewSubresources()
                                .withNewStatus()
                                .endStatus()
                                .endSubresources()
                                .withNewSchema()
                                .withNewOpenAPIV3Schema()
                                .withType("object")
                                .withXKubernetesPreserveUnknownFields(true)
                                .endOpenAPIV3Schema()
                                .endSchema()
                                .endVersion()
                                .endSpec()
                                .build())
                .create();
    }

    /** The template spec upstream's parent holds: a job and a child ingress template. */
    static ObjectNode templateSpec() {
        var spec = (ObjectNode) SpecJson.parse(Fixtures.job(2, "savepoint"), "test");
        spec.putObject("ingress").put("template", CHILD_INGRESS);
        return spec;
    }

    /** Creates upstream's parent {@code name} with {@code configuration} and a parent ingress. */
    @SuppressWarnings("unchecked")
    static GenericKubernetesResource parent(
            Harness h, String name, Map<String, String> configuration) {
        var parent = new GenericKubernetesResource();
        parent.setApiVersion("flink.apache.org/v1beta1");
        parent.setKind("FlinkBlueGreenDeployment");
        parent.setMetadata(
                new ObjectMetaBuilder().withName(name).withNamespace(Harness.NS).build());
        var spec = new LinkedHashMap<String, Object>();
        spec.put("configuration", configuration);
        spec.put(
                "ingress",
                Map.of(
                        "template",
                        PARENT_INGRESS,
                        "className",
                        "nginx",
                        "annotations",
                        Map.of("nginx.ingress.kubernetes.io/rewrite-target", "/")));
        spec.put(
                "template",
                Map.of("spec", SpecJson.mapper().convertValue(templateSpec(), Map.class)));
        parent.setAdditionalProperty("spec", spec);
        return parents(h).resource(parent).create();
    }

    /** Writes upstream's parent status, as its controller does (status subresource). */
    static void status(Harness h, String name, String state, String jobState, String triggerId) {
        var status = new LinkedHashMap<String, Object>();
        status.put("blueGreenState", state);
        status.put("jobStatus", Map.of("state", jobState));
        status.put("lastReconciledTimestamp", "2026-12-01T09:00:00Z");
        status.put("abortTimestamp", "1970-01-01T00:00:00Z");
        status.put("deploymentReadyTimestamp", "1970-01-01T00:00:00Z");
        if (triggerId != null) {
            status.put("savepointTriggerId", triggerId);
        }
        var live = parents(h).withName(name).get();
        live.setAdditionalProperty("status", status);
        parents(h).resource(live).updateStatus();
    }

    /**
     * Creates upstream's child {@code <parent>-<color>} of {@code parent} as upstream writes it and
     * waits until the fake Flink operator runs its job (lifecycle STABLE, job RUNNING).
     */
    @SuppressWarnings("unchecked")
    static GenericKubernetesResource child(
            Harness h, GenericKubernetesResource parent, String color) {
        String name = parent.getMetadata().getName() + "-" + color;
        var spec = templateSpec();
        spec.with("ingress").put("template", color + "-" + CHILD_INGRESS);
        spec.with("job").put("initialSavepointPath", HANDOVER);
        var fd = new GenericKubernetesResource();
        fd.setApiVersion("flink.apache.org/v1beta1");
        fd.setKind("FlinkDeployment");
        fd.setMetadata(
                new ObjectMetaBuilder()
                        .withName(name)
                        .withNamespace(Harness.NS)
                        .addToLabels("flink/blue-green-deployment-type", color.toUpperCase())
                        .withOwnerReferences(ownedBy(parent, false))
                        .build());
        fd.setAdditionalProperty("spec", SpecJson.mapper().convertValue(spec, Map.class));
        h.client
                .genericKubernetesResources(Adoptees.DEPLOYMENTS)
                .inNamespace(Harness.NS)
                .resource(fd)
                .create();
        await().atMost(Harness.WAIT)
                .until(
                        () ->
                                "STABLE"
                                                .equals(
                                                        Fixtures.spec(
                                                                h.child(name),
                                                                "status",
                                                                "lifecycleState"))
                                        && "RUNNING"
                                                .equals(
                                                        Fixtures.spec(
                                                                h.child(name),
                                                                "status",
                                                                "jobStatus",
                                                                "state")));
        return h.child(name);
    }

    /** Creates upstream's parent Ingress, pointing at {@code <parent>-<color>-rest}. */
    static Ingress ingress(Harness h, GenericKubernetesResource parent, String color) {
        String name = parent.getMetadata().getName();
        var ingress =
                new IngressBuilder()
                        .withNewMetadata()
                        .withName(name)
                        .withNamespace(Harness.NS)
                        .addToLabels("component", "ingress")
                        .withOwnerReferences(ownedBy(parent, true))
                        .endMetadata()
                        .withNewSpec()
                        .withIngressClassName("nginx")
                        .addNewRule()
                        .withHost(name + "." + Harness.NS + ".example.com")
                        .withNewHttp()
                        .addNewPath()
                        .withPath("/")
                        .withPathType("ImplementationSpecific")
                        .withNewBackend()
                        .withNewService()
                        .withName(name + "-" + color + "-rest")
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
        return h.client
                .network()
                .v1()
                .ingresses()
                .inNamespace(Harness.NS)
                .resource(ingress)
                .create();
    }

    /**
     * What a real API server's garbage collector does after {@code kubectl delete --cascade=orphan}
     * of the owner {@code uid}: it removes the owner reference from every dependent (here: the
     * FlinkDeployments and Ingresses of the namespace). The embedded API has no garbage collector.
     */
    static void collectGarbage(Harness h, String uid) {
        var deployments =
                h.client.genericKubernetesResources(Adoptees.DEPLOYMENTS).inNamespace(Harness.NS);
        for (var fd : deployments.list().getItems()) {
            orphan(fd, uid)
                    .ifPresent(
                            patch ->
                                    deployments
                                            .withName(fd.getMetadata().getName())
                                            .patch(PatchContext.of(PatchType.JSON), patch));
        }
        var ingresses = h.client.network().v1().ingresses().inNamespace(Harness.NS);
        for (var ingress : ingresses.list().getItems()) {
            orphan(ingress, uid)
                    .ifPresent(
                            patch ->
                                    ingresses
                                            .withName(ingress.getMetadata().getName())
                                            .patch(PatchContext.of(PatchType.JSON), patch));
        }
    }

    /** The JSON Patch removing the references to {@code uid}, highest index first. */
    private static java.util.Optional<String> orphan(HasMetadata object, String uid) {
        List<OwnerReference> refs = object.getMetadata().getOwnerReferences();
        var ops = new StringBuilder();
        for (int i = refs == null ? -1 : refs.size() - 1; i >= 0; i--) {
            if (uid.equals(refs.get(i).getUid())) {
                ops.append(ops.length() == 0 ? "" : ",")
                        .append("{\"op\":\"remove\",\"path\":\"/metadata/ownerReferences/")
                        .append(i)
                        .append("\"}");
            }
        }
        return ops.length() == 0
                ? java.util.Optional.empty()
                : java.util.Optional.of("[" + ops + "]");
    }

    /** Upstream's parent {@code name}, or {@code null} once deleted. */
    static GenericKubernetesResource get(Harness h, String name) {
        return parents(h).withName(name).get();
    }

    private static io.fabric8.kubernetes.client.dsl.NonNamespaceOperation<
                    GenericKubernetesResource,
                    io.fabric8.kubernetes.api.model.GenericKubernetesResourceList,
                    io.fabric8.kubernetes.client.dsl.Resource<GenericKubernetesResource>>
            parents(Harness h) {
        return h.client.genericKubernetesResources(PARENTS).inNamespace(Harness.NS);
    }

    /** Upstream's owner reference: {@code controller} false on children, true on its Ingress. */
    private static OwnerReference ownedBy(GenericKubernetesResource parent, boolean controller) {
        return new OwnerReferenceBuilder()
                .withApiVersion("flink.apache.org/v1beta1")
                .withKind("FlinkBlueGreenDeployment")
                .withName(parent.getMetadata().getName())
                .withUid(parent.getMetadata().getUid())
                .withController(controller)
                .withBlockOwnerDeletion(true)
                .build();
    }
}
