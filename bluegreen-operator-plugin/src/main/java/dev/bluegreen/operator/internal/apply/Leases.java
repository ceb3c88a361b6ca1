package dev.bluegreen.operator.internal.apply;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;

/**
 * Gives up the controller's leader-election Lease on shutdown, so that a standby replica takes over
 * at once instead of after the lease duration.
 *
 * <p>JOSDK 5.2.2 builds fabric8's leader elector with release-on-cancel off, so stopping the
 * operator leaves the Lease held until it expires (15 s by default). {@link #release} clears the
 * holder (fabric8's elector lets anyone acquire a Lease without a holder).
 */
public final class Leases {
    private Leases() {}

    /**
     * Clears the holder of Lease {@code namespace/name} if {@code identity} still holds it (GET,
     * then PUT with the resourceVersion; a concurrent change wins).
     *
     * @return whether the Lease was released; false when another identity holds it, it does not
     *     exist, or the API call failed (never throws: this runs on the shutdown path)
     */
    public static boolean release(
            KubernetesClient client, String namespace, String name, String identity) {
        try {
            Lease lease = client.leases().inNamespace(namespace).withName(name).get();
            if (lease == null
                    || lease.getSpec() == null
                    || !identity.equals(lease.getSpec().getHolderIdentity())) {
                return false;
            }
            lease.getSpec().setHolderIdentity(null);
            lease.getSpec().setLeaseDurationSeconds(1);
            client.resource(lease).update();
            return true;
        } catch (KubernetesClientException e) {
            return false;
        }
    }
}
