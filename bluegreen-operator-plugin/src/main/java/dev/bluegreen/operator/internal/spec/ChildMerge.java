package dev.bluegreen.operator.internal.spec;

import dev.bluegreen.diff.TemplateView;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.OwnerReference;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Writing a desired child over the live one: "ours over theirs". Labels and annotations that others
 * added are kept, ours win on a clash, foreign owner references are kept, the spec is replaced, and
 * the live {@code resourceVersion} stays so that the write is optimistically locked. Stateless and
 * thread-safe.
 */
public final class ChildMerge {
    private ChildMerge() {}

    /**
     * The object to PUT: {@code live} with our metadata merged in and {@code desired}'s spec. For
     * an in-place patch ({@code keepRestorePoint}) the live child's {@code
     * job.initialSavepointPath} is kept: it only matters when the child is created, and it is the
     * child's own restore point.
     */
    public static GenericKubernetesResource merge(
            GenericKubernetesResource live,
            GenericKubernetesResource desired,
            boolean keepRestorePoint) {
        Objects.requireNonNull(live, "live == null");
        Objects.requireNonNull(desired, "desired == null");
        var result = copy(live);
        mergeMetadata(result.getMetadata(), desired.getMetadata());
        ObjectNode spec = specTree(desired).deepCopy();
        if (keepRestorePoint) {
            carryRestorePoint(specTree(live), spec);
        }
        result.setAdditionalProperty("spec", SpecJson.mapper().convertValue(spec, Map.class));
        return result;
    }

    /** Our labels, annotations and owner reference over what {@code meta} has. */
    private static void mergeMetadata(ObjectMeta meta, ObjectMeta ours) {
        meta.setLabels(mergedMap(meta.getLabels(), ours.getLabels()));
        meta.setAnnotations(mergedMap(meta.getAnnotations(), ours.getAnnotations()));
        meta.setOwnerReferences(mergedOwners(meta.getOwnerReferences(), ours.getOwnerReferences()));
    }

    /** Whether writing {@code merged} over {@code live} would change nothing. */
    public static boolean sameAsLive(
            GenericKubernetesResource live, GenericKubernetesResource merged) {
        ObjectMeta a = live.getMetadata();
        ObjectMeta b = merged.getMetadata();
        return Objects.equals(nullToEmpty(a.getLabels()), nullToEmpty(b.getLabels()))
                && Objects.equals(nullToEmpty(a.getAnnotations()), nullToEmpty(b.getAnnotations()))
                && Objects.equals(a.getOwnerReferences(), b.getOwnerReferences())
                && SpecJson.canonical(specTree(live)).equals(SpecJson.canonical(specTree(merged)));
    }

    /**
     * {@code live} with {@code spec.job.state: suspended} and {@code spec.job.upgradeMode:
     * savepoint}. The upstream operator suspends by the upgrade mode of the spec it is given (not
     * of the last deployed one): {@code savepoint} stops a running job with a savepoint, so a
     * transactional sink commits its last transaction; {@code stateless} would cancel the job and
     * {@code last-state} would take no savepoint. A job that is not running cannot take one; the
     * operator then falls back to {@code last-state} (its {@code
     * kubernetes.operator.job.upgrade.last-state-fallback.enabled}, on by default).
     */
    public static GenericKubernetesResource suspended(GenericKubernetesResource live) {
        var result = copy(live);
        ObjectNode spec = specTree(live).deepCopy();
        ObjectNode job = ChildSpecs.job(spec);
        job.put(TemplateView.STATE, TemplateView.SUSPENDED);
        job.put(TemplateView.UPGRADE_MODE, TemplateView.SAVEPOINT);
        result.setAdditionalProperty("spec", SpecJson.mapper().convertValue(spec, Map.class));
        return result;
    }

    /** The spec of a child as a tree (an empty object when absent). */
    public static ObjectNode specTree(GenericKubernetesResource resource) {
        Object spec = resource.getAdditionalProperties().get("spec");
        JsonNode tree = spec == null ? null : SpecJson.mapper().valueToTree(spec);
        return tree instanceof ObjectNode object ? object : SpecJson.mapper().createObjectNode();
    }

    private static void carryRestorePoint(ObjectNode liveSpec, ObjectNode spec) {
        JsonNode path =
                TemplateView.ofDeploymentSpec(liveSpec)
                        .job()
                        .get(TemplateView.INITIAL_SAVEPOINT_PATH);
        if (path != null && path.isTextual()) {
            ChildSpecs.job(spec).put(TemplateView.INITIAL_SAVEPOINT_PATH, path.asText());
        }
    }

    private static Map<String, String> mergedMap(
            Map<String, String> theirs, Map<String, String> ours) {
        Map<String, String> result = new TreeMap<>(nullToEmpty(theirs));
        result.putAll(nullToEmpty(ours));
        return result;
    }

    private static List<OwnerReference> mergedOwners(
            List<OwnerReference> theirs, List<OwnerReference> ours) {
        List<OwnerReference> result = new ArrayList<>();
        for (OwnerReference ref : theirs == null ? List.<OwnerReference>of() : theirs) {
            if (ours.stream().noneMatch(o -> Objects.equals(o.getUid(), ref.getUid()))) {
                result.add(ref);
            }
        }
        result.addAll(ours);
        return result;
    }

    private static <K, V> Map<K, V> nullToEmpty(Map<K, V> map) {
        return map == null ? Map.of() : map;
    }

    private static GenericKubernetesResource copy(GenericKubernetesResource resource) {
        return SpecJson.mapper().convertValue(resource, GenericKubernetesResource.class);
    }
}
