package dev.bluegreen.ingress;

import dev.bluegreen.core.Color;

import java.util.Objects;

/**
 * The ingress of one child: the template to put into the child FlinkDeployment's {@code
 * spec.ingress.template}, and the rule the Flink operator will render from it.
 *
 * @param color the child's colour
 * @param template the per-colour template; the Flink operator substitutes {@code {{name}}} and
 *     {@code {{namespace}}} in it
 * @param rule the host and path the Flink operator will produce for this child
 * @param disambiguation how the template was changed so that blue and green do not collide
 */
public record ChildIngress(
        Color color, String template, RenderedRule rule, Disambiguation disambiguation) {

    /** Validates that no component is {@code null}. */
    public ChildIngress {
        Objects.requireNonNull(color, "color == null");
        Objects.requireNonNull(template, "template == null");
        Objects.requireNonNull(rule, "rule == null");
        Objects.requireNonNull(disambiguation, "disambiguation == null");
    }

    /** How a child's template differs from the user's template. */
    public enum Disambiguation {
        /**
         * Unchanged: the template already renders different rules for the two children, because
         * {@code {{name}}} (the child name) appears in its host or path.
         */
        UNCHANGED,
        /**
         * The colour is prepended to the first host label, as upstream does: {@code
         * flink.example.com} becomes {@code blue-flink.example.com}. Used for a host without {@code
         * {{name}}} when the prefixed host is still valid.
         */
        HOST_PREFIX,
        /**
         * The colour becomes the first path segment: {@code /flink} becomes {@code /blue/flink},
         * and an empty path becomes {@code /blue}. Used when the template has no host (or a host
         * that cannot take a prefix, such as a {@code *.} wildcard or a 63-character label) and no
         * {@code {{name}}}. Capture-group numbers in a regex path are unchanged.
         */
        PATH_PREFIX
    }
}
