package dev.bluegreen.operator.internal.spec;

import io.fabric8.kubernetes.api.model.ObjectMeta;

import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What deleting a parent does to its children, from its annotation {@value #ANNOTATION}: {@code
 * delete-all} (the default) deletes both; {@code keep-active} releases the active child (see {@code
 * status.activeChild}), which keeps running as a plain FlinkDeployment, and deletes the other.
 */
public enum OnDelete {
    /** Delete both children with the parent (the default). */
    DELETE_ALL("delete-all"),
    /** Release the active child: it keeps running, without our owner reference and labels. */
    KEEP_ACTIVE("keep-active");

    /** The parent annotation that chooses. */
    public static final String ANNOTATION = "bluegreen.dev/on-delete";

    /** The field a problem with the annotation names. */
    public static final String FIELD = "metadata.annotations[" + ANNOTATION + "]";

    private final String value;

    OnDelete(String value) {
        this.value = value;
    }

    /** The annotation value, e.g. {@code keep-active}. */
    public String value() {
        return value;
    }

    /**
     * The choice of the parent with {@code metadata}.
     *
     * @throws IllegalArgumentException naming {@link #FIELD} and the allowed values when the
     *     annotation has another value
     */
    public static OnDelete of(ObjectMeta metadata) {
        Map<String, String> annotations = metadata == null ? null : metadata.getAnnotations();
        String text = annotations == null ? null : annotations.get(ANNOTATION);
        if (text == null) {
            return DELETE_ALL;
        }
        for (OnDelete choice : values()) {
            if (choice.value.equals(text.trim())) {
                return choice;
            }
        }
        throw new IllegalArgumentException(
                FIELD
                        + ": expected one of "
                        + allowed()
                        + ", got \""
                        + text
                        + "\"; until it is fixed, deleting the parent deletes nothing");
    }

    private static String allowed() {
        return Arrays.stream(values()).map(v -> v.value).collect(Collectors.joining(", "));
    }
}
