package dev.bluegreen.operator.spec;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * The upstream operator's kinds the controller watches, made known to a client's serialization so
 * that {@code genericKubernetesResources("flink.apache.org/v1beta1", kind)} (used by JOSDK's
 * informers) needs no API discovery: registering the controller then works while the upstream CRDs
 * are not installed yet. Both types are plain {@link GenericKubernetesResource}s.
 */
public final class UpstreamKinds {
    private UpstreamKinds() {}

    /** Registers FlinkDeployment and FlinkStateSnapshot in {@code serialization}. */
    public static void register(KubernetesSerialization serialization) {
        serialization.registerKubernetesResource(
                "flink.apache.org/v1beta1", "FlinkDeployment", FlinkDeploymentKind.class);
        serialization.registerKubernetesResource(
                "flink.apache.org/v1beta1", "FlinkStateSnapshot", FlinkStateSnapshotKind.class);
    }

    /** {@code flink.apache.org/v1beta1} FlinkDeployment, untyped. */
    @Group("flink.apache.org")
    @Version("v1beta1")
    @Kind("FlinkDeployment")
    @Plural("flinkdeployments")
    public static final class FlinkDeploymentKind extends GenericKubernetesResource {}

    /** {@code flink.apache.org/v1beta1} FlinkStateSnapshot, untyped. */
    @Group("flink.apache.org")
    @Version("v1beta1")
    @Kind("FlinkStateSnapshot")
    @Plural("flinkstatesnapshots")
    public static final class FlinkStateSnapshotKind extends GenericKubernetesResource {}
}
