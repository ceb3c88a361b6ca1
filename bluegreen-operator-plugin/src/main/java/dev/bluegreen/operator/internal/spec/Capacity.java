package dev.bluegreen.operator.internal.spec;

import dev.bluegreen.diff.FlinkDurations;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Optional;

/**
 * The capacity pre-check of a new child: the CPU and memory its pods request (JobManager and
 * TaskManagers of a FlinkDeployment spec) against the namespace's ResourceQuota headroom. Pure and
 * thread-safe.
 */
public final class Capacity {
    private Capacity() {}

    /**
     * CPU and memory requested by one child.
     *
     * @param cpuMillis CPU in millicores
     * @param memoryBytes memory in bytes
     */
    public record Requests(long cpuMillis, long memoryBytes) {}

    /**
     * What the namespace's ResourceQuotas still allow (hard minus used, the smallest over all
     * quotas); {@code null} means no limit.
     *
     * @param cpuMillis CPU in millicores, or {@code null}
     * @param memoryBytes memory in bytes, or {@code null}
     */
    public record Headroom(Long cpuMillis, Long memoryBytes) {}

    /**
     * The requests of a child with FlinkDeployment spec {@code spec}: JobManager resources times
     * {@code jobManager.replicas} (default 1) plus TaskManager resources times {@code
     * taskManager.replicas}, or else {@code ceil(job.parallelism / taskmanager.numberOfTaskSlots)}.
     * Missing resources count as zero; an unparsable memory size too (the schema check reports it).
     */
    public static Requests requests(JsonNode spec) {
        JsonNode jm = spec.path("jobManager");
        JsonNode tm = spec.path("taskManager");
        long jmCount = jm.path("replicas").asLong(1);
        long tmCount = tm.has("replicas") ? tm.path("replicas").asLong(1) : taskManagers(spec);
        return new Requests(
                jmCount * cpuMillis(jm) + tmCount * cpuMillis(tm),
                jmCount * memory(jm) + tmCount * memory(tm));
    }

    /** Why {@code requests} do not fit into {@code headroom}, or empty when they fit. */
    public static Optional<String> shortfall(Requests requests, Headroom headroom) {
        StringBuilder why = new StringBuilder();
        if (headroom.cpuMillis() != null && requests.cpuMillis() > headroom.cpuMillis()) {
            why.append("needs ")
                    .append(requests.cpuMillis())
                    .append("m CPU, ResourceQuota leaves ")
                    .append(headroom.cpuMillis())
                    .append('m');
        }
        if (headroom.memoryBytes() != null && requests.memoryBytes() > headroom.memoryBytes()) {
            why.append(why.length() == 0 ? "" : "; ")
                    .append("needs ")
                    .append(requests.memoryBytes())
                    .append(" bytes of memory, ResourceQuota leaves ")
                    .append(headroom.memoryBytes());
        }
        return why.length() == 0 ? Optional.empty() : Optional.of(why.toString());
    }

    private static long taskManagers(JsonNode spec) {
        long parallelism = Math.max(1, spec.path("job").path("parallelism").asLong(1));
        JsonNode slotsNode = spec.path("flinkConfiguration").path("taskmanager.numberOfTaskSlots");
        long slots = Math.max(1, slotsNode.isMissingNode() ? 1 : slotsNode.asLong(1));
        return (parallelism + slots - 1) / slots;
    }

    private static long cpuMillis(JsonNode component) {
        return Math.round(component.path("resource").path("cpu").asDouble(0) * 1000);
    }

    private static long memory(JsonNode component) {
        JsonNode memory = component.path("resource").path("memory");
        if (!memory.isValueNode()) {
            return 0;
        }
        try {
            return FlinkDurations.parseMemorySize(memory.asText());
        } catch (IllegalArgumentException e) {
            return 0;
        }
    }
}
