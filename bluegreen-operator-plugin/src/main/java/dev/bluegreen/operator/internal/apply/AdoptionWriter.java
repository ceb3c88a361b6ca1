package dev.bluegreen.operator.internal.apply;

import dev.bluegreen.core.Color;
import dev.bluegreen.ingress.Owner;
import dev.bluegreen.operator.internal.observe.Rejection;
import dev.bluegreen.operator.internal.spec.AdoptionMarks;
import dev.bluegreen.operator.internal.spec.ChildLabels;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Adopts a FlinkDeployment and releases it, each with one JSON Patch (RFC 6902) on {@code
 * /metadata} only, so that its spec and {@code metadata.generation} never change and the Flink
 * operator does not restart its job. The patch carries the resourceVersion it was computed from:
 * the API server refuses it with 409 ({@link WriteConflictException}) when the object changed
 * since.
 */
final class AdoptionWriter {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final KubernetesClient client;

    AdoptionWriter(KubernetesClient client) {
        this.client = client;
    }

    /** The live FlinkDeployment {@code name} in {@code namespace}, or {@code null}. */
    GenericKubernetesResource get(String namespace, String name) {
        return client.genericKubernetesResources(ApiTypes.FLINK_DEPLOYMENT)
                .inNamespace(namespace)
                .withName(name)
                .get();
    }

    /**
     * Adds {@code owner}'s controller reference and the marks of a child adopted as {@code color}
     * to {@code live}; returns the patched object, or {@code null} when it already had them all.
     */
    GenericKubernetesResource adopt(
            Owner owner, GenericKubernetesResource live, String specRef, Color color) {
        ObjectMeta meta = live.getMetadata();
        ArrayNode ops = JSON.arrayNode();
        addOwner(ops, owner, meta.getOwnerReferences());
        addAll(ops, "labels", meta.getLabels(), AdoptionMarks.labels(owner.name(), color));
        addAll(ops, "annotations", meta.getAnnotations(), annotations(live, specRef));
        if (ops.isEmpty()) {
            return null;
        }
        return patch(live, ops);
    }

    /** Adds {@code owner}'s reference to {@code refs} unless it is there. */
    private void addOwner(ArrayNode ops, Owner owner, List<OwnerReference> refs) {
        if (refs != null && refs.stream().anyMatch(r -> owner.uid().equals(r.getUid()))) {
            return;
        }
        ObjectNode ref =
                client.getKubernetesSerialization()
                        .convertValue(owner.toOwnerReference(), ObjectNode.class);
        if (refs == null || refs.isEmpty()) {
            ops.add(op("add", "/metadata/ownerReferences", JSON.arrayNode().add(ref)));
        } else {
            ops.add(op("add", "/metadata/ownerReferences/-", ref));
        }
    }

    /**
     * Removes {@code owner}'s reference, our labels and our annotations from {@code live}, leaving
     * a plain FlinkDeployment; returns the patched object, or {@code null} when none was there.
     */
    GenericKubernetesResource release(Owner owner, GenericKubernetesResource live) {
        ObjectMeta meta = live.getMetadata();
        ArrayNode ops = JSON.arrayNode();
        removeOwner(ops, owner, meta.getOwnerReferences());
        removeAll(ops, "labels", meta.getLabels(), AdoptionMarks.LABELS);
        removeAll(ops, "annotations", meta.getAnnotations(), AdoptionMarks.ANNOTATIONS);
        if (ops.isEmpty()) {
            return null;
        }
        return patch(live, ops);
    }

    /** Removes {@code owner}'s references, last first so that the indexes stay right. */
    private static void removeOwner(ArrayNode ops, Owner owner, List<OwnerReference> refs) {
        List<OwnerReference> all = refs == null ? List.of() : refs;
        for (int i = all.size() - 1; i >= 0; i--) {
            if (owner.uid().equals(all.get(i).getUid())) {
                ops.add(
                        JSON.objectNode()
                                .put("op", "remove")
                                .put("path", "/metadata/ownerReferences/" + i));
            }
        }
    }

    private static Map<String, String> annotations(GenericKubernetesResource live, String specRef) {
        var marks = new TreeMap<String, String>();
        marks.put(AdoptionMarks.SPEC_REF, specRef);
        String stamp = Rejection.stampOf(live);
        if (stamp != null) {
            marks.put(ChildLabels.ERROR_AT_WRITE, stamp);
        }
        return marks;
    }

    private GenericKubernetesResource patch(GenericKubernetesResource live, ArrayNode ops) {
        // the precondition: the patch applies only to the version it was computed from
        ops.insert(
                0,
                op(
                        "replace",
                        "/metadata/resourceVersion",
                        JSON.textNode(live.getMetadata().getResourceVersion())));
        String name = live.getMetadata().getName();
        return Writes.guarded(
                "FlinkDeployment " + name,
                () ->
                        client.genericKubernetesResources(ApiTypes.FLINK_DEPLOYMENT)
                                .inNamespace(live.getMetadata().getNamespace())
                                .withName(name)
                                .patch(PatchContext.of(PatchType.JSON), ops.toString()));
    }

    private static void addAll(
            ArrayNode ops, String field, Map<String, String> live, Map<String, String> wanted) {
        if (live == null || live.isEmpty()) {
            ObjectNode all = JSON.objectNode();
            wanted.forEach(all::put);
            ops.add(op("add", "/metadata/" + field, all));
            return;
        }
        wanted.forEach(
                (key, value) -> {
                    if (!value.equals(live.get(key))) {
                        ops.add(op("add", pointer(field, key), JSON.textNode(value)));
                    }
                });
    }

    private static void removeAll(
            ArrayNode ops, String field, Map<String, String> live, List<String> keys) {
        for (String key : keys) {
            if (live != null && live.containsKey(key)) {
                ops.add(JSON.objectNode().put("op", "remove").put("path", pointer(field, key)));
            }
        }
    }

    private static String pointer(String field, String key) {
        return "/metadata/" + field + "/" + key.replace("~", "~0").replace("/", "~1");
    }

    private static ObjectNode op(
            String op, String path, com.fasterxml.jackson.databind.JsonNode value) {
        ObjectNode node = JSON.objectNode().put("op", op).put("path", path);
        node.set("value", Objects.requireNonNull(value, "value == null"));
        return node;
    }
}
