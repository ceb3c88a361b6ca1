package dev.bluegreen.operator.internal.apply;

import dev.bluegreen.operator.internal.spec.SpecJson;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;

import java.net.HttpURLConnection;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads the CustomResourceDefinitions installed in the cluster: the upstream FlinkDeployment one,
 * whose schema validates the parent's template, and whether the Gateway API's HTTPRoute is there.
 * The reads outside the informers; they live here because this package is the only user of the
 * client DSL.
 */
public final class InstalledCrds {
    /** The name of the upstream FlinkDeployment CRD. */
    public static final String FLINK_DEPLOYMENT = "flinkdeployments.flink.apache.org";

    /** The name of the upstream FlinkStateSnapshot CRD. */
    public static final String FLINK_STATE_SNAPSHOT = "flinkstatesnapshots.flink.apache.org";

    /** The name of our FlinkBlueGreenDeployment CRD. */
    public static final String FLINK_BLUE_GREEN_DEPLOYMENT =
            "flinkbluegreendeployments.bluegreen.dev";

    /** The name of the Gateway API HTTPRoute CRD. */
    public static final String HTTP_ROUTE = "httproutes.gateway.networking.k8s.io";

    private InstalledCrds() {}

    /**
     * Whether the Gateway API {@code HTTPRoute} CRD is installed (one GET). When CRDs cannot be
     * read (HTTP 403) or the read fails, it is assumed installed: the route informer and writes
     * then report what is wrong.
     */
    public static boolean httpRoutes(KubernetesClient client) {
        try {
            return client.apiextensions()
                            .v1()
                            .customResourceDefinitions()
                            .withName(HTTP_ROUTE)
                            .get()
                    != null;
        } catch (KubernetesClientException e) {
            return true;
        }
    }

    /**
     * The upstream CRDs the informers need that are not installed; empty when both are, or when
     * CRDs cannot be read (HTTP 403) or the read fails (nothing to report then).
     */
    public static List<String> missingUpstream(KubernetesClient client) {
        return missing(client, List.of(FLINK_DEPLOYMENT, FLINK_STATE_SNAPSHOT));
    }

    /**
     * The CRDs among {@code names} that are not installed (one GET each), in the order given; empty
     * when all are, or when CRDs cannot be read (HTTP 403) or the read fails (nothing to report
     * then).
     */
    public static List<String> missing(KubernetesClient client, List<String> names) {
        List<String> missing = new ArrayList<>();
        try {
            var crds = client.apiextensions().v1().customResourceDefinitions();
            for (String name : names) {
                if (crds.withName(name).get() == null) {
                    missing.add(name);
                }
            }
        } catch (KubernetesClientException e) {
            return List.of();
        }
        return missing;
    }

    /**
     * The FlinkDeployment CRD as JSON, or empty when it is not installed or not readable (HTTP 403:
     * the controller then validates without a schema).
     *
     * @throws KubernetesClientException for other API errors
     */
    public static Optional<JsonNode> flinkDeployment(KubernetesClient client) {
        try {
            var crd =
                    client.apiextensions()
                            .v1()
                            .customResourceDefinitions()
                            .withName(FLINK_DEPLOYMENT)
                            .get();
            return Optional.ofNullable(crd).map(c -> SpecJson.mapper().valueToTree(c));
        } catch (KubernetesClientException e) {
            if (e.getCode() == HttpURLConnection.HTTP_FORBIDDEN) {
                return Optional.empty();
            }
            throw e;
        }
    }
}
