package dev.bluegreen.operator.internal.observe;

import dev.bluegreen.core.Lifecycle;
import dev.bluegreen.operator.internal.spec.ChildLabels;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;

/**
 * Whether the upstream operator refused a child's newest spec ({@link Lifecycle#REJECTED}). The
 * operator validates a spec before it deploys it; on a validation error it writes {@code
 * status.error} (a {@code ValidationException}) and leaves {@code status.observedGeneration}
 * behind, with lifecycle {@code FAILED} before the first deployment and the running spec's
 * lifecycle after it. A child counts as rejected when:
 *
 * <ul>
 *   <li>its newest generation is not observed,
 *   <li>{@code status.error} is a {@code ValidationException}, or any error with lifecycle {@code
 *       FAILED}, and
 *   <li>that error is not the one the child had when the controller last wrote its spec ({@link
 *       ChildLabels#ERROR_AT_WRITE}): an old error, e.g. the rejection the controller is
 *       correcting, says nothing about the spec just written.
 * </ul>
 *
 * Stateless and thread-safe.
 */
public final class Rejection {
    private static final String VALIDATION = "ValidationException";

    private Rejection() {}

    /**
     * Whether the child (as a JSON tree, with its metadata) was rejected; never throws for odd
     * input.
     */
    public static boolean rejected(JsonNode child, ObjectMeta meta) {
        JsonNode status = child.path("status");
        JsonNode error = status.path("error");
        if (!error.isValueNode() || error.asText().isBlank()) {
            return false;
        }
        long generation = meta.getGeneration() == null ? 0 : meta.getGeneration();
        if (status.path("observedGeneration").asLong(0) >= generation) {
            return false;
        }
        if (fingerprint(error.asText()).equals(annotation(meta))) {
            return false;
        }
        return "FAILED".equalsIgnoreCase(status.path("lifecycleState").asText())
                || error.asText().contains(VALIDATION);
    }

    /**
     * Records on {@code written} (a child about to be written over {@code live}) the fingerprint of
     * {@code live}'s {@code status.error}, or removes the annotation when {@code live} has none.
     */
    public static void stamp(GenericKubernetesResource written, GenericKubernetesResource live) {
        String stamp = stampOf(live);
        Map<String, String> annotations = written.getMetadata().getAnnotations();
        annotations = annotations == null ? new HashMap<>() : new HashMap<>(annotations);
        if (stamp == null) {
            annotations.remove(ChildLabels.ERROR_AT_WRITE);
        } else {
            annotations.put(ChildLabels.ERROR_AT_WRITE, stamp);
        }
        written.getMetadata().setAnnotations(annotations);
    }

    /**
     * The value of {@link ChildLabels#ERROR_AT_WRITE} for a write over {@code live}: the
     * fingerprint of its {@code status.error}, or {@code null} when it has none (or is {@code
     * null}).
     */
    public static String stampOf(GenericKubernetesResource live) {
        String error = live == null ? null : errorText(live);
        return error == null ? null : fingerprint(error);
    }

    /** A short, stable fingerprint of an error text (16 hex digits of its SHA-256). */
    static String fingerprint(String error) {
        try {
            byte[] digest =
                    MessageDigest.getInstance("SHA-256")
                            .digest(error.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }

    private static String errorText(GenericKubernetesResource child) {
        Object status = child.getAdditionalProperties().get("status");
        if (!(status instanceof Map<?, ?> map) || !(map.get("error") instanceof String error)) {
            return null;
        }
        return error.isBlank() ? null : error;
    }

    private static String annotation(ObjectMeta meta) {
        Map<String, String> annotations = meta.getAnnotations();
        return annotations == null ? null : annotations.get(ChildLabels.ERROR_AT_WRITE);
    }
}
