package dev.bluegreen.ingress;

import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;

import java.util.Objects;

/**
 * The parent resource that owns the objects built here; they live in its namespace and are
 * garbage-collected with it.
 *
 * @param apiVersion the parent's {@code apiVersion}, e.g. {@code "bluegreen.dev/v1alpha1"}
 * @param kind the parent's {@code kind}, e.g. {@code "FlinkBlueGreenDeployment"}
 * @param namespace the parent's {@code metadata.namespace}
 * @param name the parent's {@code metadata.name} (validated by {@link
 *     ResourceNames#validateParent})
 * @param uid the parent's {@code metadata.uid}
 */
public record Owner(String apiVersion, String kind, String namespace, String name, String uid) {

    /**
     * Validates every component.
     *
     * @throws NullPointerException naming the field that is {@code null}
     * @throws IllegalArgumentException naming the field that is blank or invalid
     */
    public Owner {
        requireNonBlank(apiVersion, "apiVersion");
        requireNonBlank(kind, "kind");
        ChildIngressTemplates.validateNamespace(namespace);
        ResourceNames.validateParent(name);
        requireNonBlank(uid, "metadata.uid");
    }

    /**
     * The owner reference to put on owned objects: {@code controller} and {@code
     * blockOwnerDeletion} set.
     */
    public OwnerReference toOwnerReference() {
        return new OwnerReferenceBuilder()
                .withApiVersion(apiVersion)
                .withKind(kind)
                .withName(name)
                .withUid(uid)
                .withController(true)
                .withBlockOwnerDeletion(true)
                .build();
    }

    private static void requireNonBlank(String value, String field) {
        Objects.requireNonNull(value, field + " == null");
        if (value.isBlank()) {
            throw new IllegalArgumentException(field + ": must not be blank");
        }
    }
}
