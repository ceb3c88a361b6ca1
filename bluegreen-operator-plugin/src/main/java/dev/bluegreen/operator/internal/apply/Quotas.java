package dev.bluegreen.operator.internal.apply;

import dev.bluegreen.operator.internal.spec.Capacity;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceQuota;
import io.fabric8.kubernetes.client.KubernetesClient;

import java.math.BigDecimal;
import java.util.Map;

/**
 * Reads the ResourceQuota headroom of a namespace for the capacity pre-check. One list request,
 * made only when a new child is about to be started.
 */
public final class Quotas {
    private Quotas() {}

    /** The smallest remaining CPU and memory requests over all quotas of {@code namespace}. */
    public static Capacity.Headroom headroom(KubernetesClient client, String namespace) {
        Long cpu = null;
        Long memory = null;
        for (ResourceQuota quota :
                client.resourceQuotas().inNamespace(namespace).list().getItems()) {
            Map<String, Quantity> hard =
                    quota.getStatus() != null && quota.getStatus().getHard() != null
                            ? quota.getStatus().getHard()
                            : quota.getSpec() == null ? Map.of() : quota.getSpec().getHard();
            Map<String, Quantity> used =
                    quota.getStatus() == null || quota.getStatus().getUsed() == null
                            ? Map.of()
                            : quota.getStatus().getUsed();
            cpu = min(cpu, left(hard, used, "requests.cpu", "cpu", 1000));
            memory = min(memory, left(hard, used, "requests.memory", "memory", 1));
        }
        return new Capacity.Headroom(cpu, memory);
    }

    private static Long left(
            Map<String, Quantity> hard,
            Map<String, Quantity> used,
            String key,
            String alias,
            int scale) {
        String k = hard.containsKey(key) ? key : hard.containsKey(alias) ? alias : null;
        if (k == null) {
            return null;
        }
        BigDecimal limit = Quantity.getAmountInBytes(hard.get(k));
        BigDecimal inUse =
                used.containsKey(k) ? Quantity.getAmountInBytes(used.get(k)) : BigDecimal.ZERO;
        return limit.subtract(inUse).multiply(BigDecimal.valueOf(scale)).longValue();
    }

    private static Long min(Long a, Long b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        return Math.min(a, b);
    }
}
