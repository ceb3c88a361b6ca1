package dev.bluegreen.demo.scenario;

import dev.bluegreen.demo.cluster.EmbeddedCluster;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.Resource;

import java.util.function.UnaryOperator;

/**
 * The demo's changes of the applied parent, as a user's {@code kubectl edit} would make them: GET,
 * change, PUT, retried on a conflict with the controller's status writes. Used by one thread.
 */
final class ParentEdits {
    private static final int ATTEMPTS = 10;

    private final KubernetesClient client;
    private final String name;

    /**
     * @param client the demo's client
     * @param name the parent's name in {@link EmbeddedCluster#NAMESPACE}
     */
    ParentEdits(KubernetesClient client, String name) {
        this.client = client;
        this.name = name;
    }

    /**
     * Applies {@code change} to the parent as the API has it now.
     *
     * @throws KubernetesClientException when the PUT fails for another reason than a conflict, or
     *     still conflicts after {@value #ATTEMPTS} attempts
     */
    void edit(UnaryOperator<FlinkBlueGreenDeployment> change) {
        var resource =
                client.resources(FlinkBlueGreenDeployment.class)
                        .inNamespace(EmbeddedCluster.NAMESPACE)
                        .withName(name);
        int attempt = 1;
        while (!updated(resource, change, attempt)) {
            attempt++; // a conflict: GET again and retry
        }
    }

    /** Whether the PUT of the changed resource went through; false on a conflict to retry. */
    private boolean updated(
            Resource<FlinkBlueGreenDeployment> resource,
            UnaryOperator<FlinkBlueGreenDeployment> change,
            int attempt) {
        try {
            client.resource(change.apply(resource.get())).update();
            return true;
        } catch (KubernetesClientException e) {
            if (e.getCode() != 409 || attempt == ATTEMPTS) {
                throw e;
            }
            return false;
        }
    }
}
