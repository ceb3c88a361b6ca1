package dev.bluegreen.operator.internal.apply;

import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;

/** The upstream operator's resources, with explicit plurals so that no API discovery is needed. */
final class ApiTypes {
    static final ResourceDefinitionContext FLINK_DEPLOYMENT =
            new ResourceDefinitionContext.Builder()
                    .withGroup("flink.apache.org")
                    .withVersion("v1beta1")
                    .withKind("FlinkDeployment")
                    .withPlural("flinkdeployments")
                    .withNamespaced(true)
                    .build();

    static final ResourceDefinitionContext FLINK_STATE_SNAPSHOT =
            new ResourceDefinitionContext.Builder()
                    .withGroup("flink.apache.org")
                    .withVersion("v1beta1")
                    .withKind("FlinkStateSnapshot")
                    .withPlural("flinkstatesnapshots")
                    .withNamespaced(true)
                    .build();

    private ApiTypes() {}
}
