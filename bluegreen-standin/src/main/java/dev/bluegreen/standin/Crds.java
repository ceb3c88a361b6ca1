package dev.bluegreen.standin;

import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionVersion;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionVersionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;

/** The two upstream kinds the stand-in serves, and minimal CRDs for them. Stateless. */
final class Crds {
    static final String GROUP = "flink.apache.org";
    static final String VERSION = "v1beta1";
    static final String API_VERSION = GROUP + "/" + VERSION;

    static final ResourceDefinitionContext DEPLOYMENTS =
            context("FlinkDeployment", "flinkdeployments");
    static final ResourceDefinitionContext SNAPSHOTS =
            context("FlinkStateSnapshot", "flinkstatesnapshots");

    private Crds() {}

    /** Creates each CRD that is absent (a real upstream CRD is left as it is). */
    static void install(KubernetesClient client) {
        var crds = client.apiextensions().v1().customResourceDefinitions();
        for (var type : new ResourceDefinitionContext[] {DEPLOYMENTS, SNAPSHOTS}) {
            if (crds.withName(type.getPlural() + "." + GROUP).get() == null) {
                crds.resource(crd(type)).create();
            }
        }
    }

    private static ResourceDefinitionContext context(String kind, String plural) {
        return new ResourceDefinitionContext.Builder()
                .withGroup(GROUP)
                .withVersion(VERSION)
                .withKind(kind)
                .withPlural(plural)
                .withNamespaced(true)
                .build();
    }

    private static CustomResourceDefinition crd(ResourceDefinitionContext type) {
        return new CustomResourceDefinitionBuilder()
                .withNewMetadata()
                .withName(type.getPlural() + "." + GROUP)
                .endMetadata()
                .withNewSpec()
                .withGroup(GROUP)
                .withScope("Namespaced")
                .withNewNames()
                .withKind(type.getKind())
                .withPlural(type.getPlural())
                .withSingular(type.getKind().toLowerCase(java.util.Locale.ROOT))
                .endNames()
                .withVersions(version())
                .endSpec()
                .build();
    }

    /** The one served and stored version: any object, with a status subresource. */
    private static CustomResourceDefinitionVersion version() {
        return new CustomResourceDefinitionVersionBuilder()
                .withName(VERSION)
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
                .build();
    }
}
