package dev.bluegreen.operator.internal.observe;

import dev.bluegreen.core.Color;
import dev.bluegreen.operator.internal.spec.SpecJson;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;

import java.util.List;
import java.util.Objects;

/**
 * What a child FlinkDeployment's {@code status.error} says, kept next to core's observation (the
 * engine does not need it): shown in the parent's events and conditions when the plan is about a
 * child that fails. Immutable.
 *
 * @param color the child's colour
 * @param child the child's name, e.g. {@code orders-green}
 * @param summary one line of the error, at most {@value ErrorText#MAX_SUMMARY} characters (see
 *     {@link ErrorText#summary})
 * @param hint what to do about a known error ({@link ErrorHints}), or {@code null}
 */
public record ChildError(Color color, String child, String summary, String hint) {
    public ChildError {
        Objects.requireNonNull(color, "color == null");
        Objects.requireNonNull(child, "child == null");
        Objects.requireNonNull(summary, "summary == null");
    }

    /**
     * The error of a child, or {@code null} when the child is {@code null} or its {@code
     * status.error} is missing, blank or has no message.
     */
    public static ChildError read(GenericKubernetesResource child, Color color) {
        if (child == null) {
            return null;
        }
        JsonNode status =
                SpecJson.mapper().valueToTree(child.getAdditionalProperties().get("status"));
        JsonNode error = status == null ? null : status.path("error");
        return of(child.getMetadata().getName(), color, error);
    }

    /** The error of the child {@code name} from its {@code status.error}, or {@code null}. */
    public static ChildError of(String name, Color color, JsonNode error) {
        String summary = ErrorText.summary(error);
        if (summary == null) {
            return null;
        }
        List<String> messages = ErrorText.messages(error);
        return new ChildError(color, name, summary, ErrorHints.hint(messages, color).orElse(null));
    }

    /**
     * The text shown on the parent: {@code <child>: <summary>}, then {@code ; hint: <hint>} when
     * there is one.
     */
    public String describe() {
        return child + ": " + summary + (hint == null ? "" : "; hint: " + hint);
    }
}
