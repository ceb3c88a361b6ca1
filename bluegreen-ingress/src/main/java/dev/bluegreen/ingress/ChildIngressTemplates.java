package dev.bluegreen.ingress;

import dev.bluegreen.core.Color;
import dev.bluegreen.ingress.ChildIngress.Disambiguation;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * Per-colour child ingress templates that never collide.
 *
 * <p>Both children are FlinkDeployments whose ingress the Flink operator renders from the same user
 * template ({@code spec.template.spec.ingress.template}). Upstream prefixes the whole template with
 * {@code blue-}/{@code green-}, which moves hosts that are already unique and turns a path-only
 * template into the invalid host {@code blue-}. Here the template is changed only as much as
 * needed, in this order (see {@link Disambiguation}):
 *
 * <pre>{@code
 * forColor("{{name}}.{{namespace}}.example.com", "orders", "prod", GREEN).template()
 * // "{{name}}.{{namespace}}.example.com"        -> orders-green.prod.example.com (UNCHANGED)
 * forColor("example.com/{{namespace}}/{{name}}(/|$)(.*)", "orders", "prod", GREEN).template()
 * // unchanged                                    -> example.com, /prod/orders-green(/|$)(.*)
 * forColor("flink.example.com", "orders", "prod", GREEN).template()
 * // "green-flink.example.com"                    (HOST_PREFIX)
 * forColor("/flink(/|$)(.*)", "orders", "prod", GREEN).template()
 * // "/green/flink(/|$)(.*)"                      (PATH_PREFIX)
 * }</pre>
 *
 * <p>Each child keeps its own ingress for its whole life, so the incoming child's rule is the
 * preview address during a transition, while the parent ingress ({@link ParentIngress}) stays on
 * the active child.
 *
 * <p>Every result renders to a valid rule (host a DNS-1123 subdomain or absent, path starting with
 * {@code /} or absent) and blue and green never share a host and path. This class is stateless and
 * thread-safe.
 */
public final class ChildIngressTemplates {

    /** The field of the parent resource that holds the child template, used in errors. */
    public static final String FIELD = "spec.template.spec.ingress.template";

    private ChildIngressTemplates() {}

    /**
     * The ingress of the child of {@code color}.
     *
     * @param template the user's child template
     * @param parent the parent name ({@code metadata.name})
     * @param namespace the parent's (and children's) namespace
     * @throws IllegalArgumentException naming the field when the parent name or namespace is
     *     invalid, or when the template does not parse or renders an invalid host or path
     */
    public static ChildIngress forColor(
            String template, String parent, String namespace, Color color) {
        Objects.requireNonNull(color, "color == null");
        return both(template, parent, namespace).get(color);
    }

    /**
     * The ingresses of both children, keyed by colour (an unmodifiable map).
     *
     * @throws IllegalArgumentException as {@link #forColor}
     */
    public static Map<Color, ChildIngress> both(String template, String parent, String namespace) {
        Objects.requireNonNull(template, FIELD + " == null");
        ResourceNames.validateParent(parent);
        validateNamespace(namespace);
        Disambiguation how = choose(template, parent, namespace);
        Map<Color, ChildIngress> result = new EnumMap<>(Color.class);
        for (Color color : Color.values()) {
            result.put(color, child(template, how, parent, namespace, color));
        }
        // Defensive: the strategies guarantee this; a failure here is a bug, not bad input.
        if (result.get(Color.BLUE).rule().equals(result.get(Color.GREEN).rule())) {
            throw new IllegalStateException("blue and green share " + result.get(Color.BLUE));
        }
        return Map.copyOf(result);
    }

    private static ChildIngress child(
            String template, Disambiguation how, String parent, String namespace, Color color) {
        String childTemplate = apply(template, how, color);
        RenderedRule rule = render(childTemplate, parent, namespace, color);
        requireValid(rule, template, ResourceNames.child(parent, color));
        return new ChildIngress(color, childTemplate, rule, how);
    }

    /**
     * Checks a namespace (a DNS-1123 label) and returns it unchanged.
     *
     * @throws IllegalArgumentException naming {@code metadata.namespace}
     */
    public static String validateNamespace(String namespace) {
        Objects.requireNonNull(namespace, "metadata.namespace == null");
        if (!DnsNames.isLabel(namespace)) {
            throw new IllegalArgumentException(
                    "metadata.namespace: expected a DNS-1123 label of at most 63 characters, got "
                            + DnsNames.quote(namespace));
        }
        return namespace;
    }

    private static void requireValid(RenderedRule rule, String template, String child) {
        if (!rule.isValid()) {
            throw new IllegalArgumentException(
                    FIELD
                            + ": renders an invalid ingress rule "
                            + rule
                            + " for "
                            + child
                            + " from "
                            + DnsNames.quote(template)
                            + RenderedRule.RULES);
        }
    }

    private static Disambiguation choose(String template, String parent, String namespace) {
        if (distinctAndValid(template, parent, namespace, Disambiguation.UNCHANGED)) {
            return Disambiguation.UNCHANGED;
        }
        if (distinctAndValid(template, parent, namespace, Disambiguation.HOST_PREFIX)) {
            return Disambiguation.HOST_PREFIX;
        }
        return Disambiguation.PATH_PREFIX;
    }

    private static boolean distinctAndValid(
            String template, String parent, String namespace, Disambiguation how) {
        RenderedRule blue = render(apply(template, how, Color.BLUE), parent, namespace, Color.BLUE);
        RenderedRule green =
                render(apply(template, how, Color.GREEN), parent, namespace, Color.GREEN);
        if (how == Disambiguation.HOST_PREFIX && !blue.hasHost()) {
            return false;
        }
        // An invalid UNCHANGED rendering still counts as "distinct" so the caller reports the
        // user's template instead of silently rewriting an already unique one.
        boolean valid = how == Disambiguation.UNCHANGED || (blue.isValid() && green.isValid());
        return valid && !blue.equals(green);
    }

    private static String apply(String template, Disambiguation how, Color color) {
        int authorityStart = UpstreamIngressRenderer.schemeLength(template);
        return switch (how) {
            case UNCHANGED -> template;
            case HOST_PREFIX -> insert(template, authorityStart, color.lowerCase() + "-");
            case PATH_PREFIX ->
                    insert(template, pathStart(template, authorityStart), "/" + color.lowerCase());
        };
    }

    /** Where the path begins: the first '/', '?' or '#' after the authority, or the end. */
    private static int pathStart(String template, int authorityStart) {
        for (int i = authorityStart; i < template.length(); i++) {
            char c = template.charAt(i);
            if (c == '/' || c == '?' || c == '#') {
                return i;
            }
        }
        return template.length();
    }

    private static String insert(String text, int at, String piece) {
        return text.substring(0, at) + piece + text.substring(at);
    }

    private static RenderedRule render(
            String template, String parent, String namespace, Color color) {
        try {
            return UpstreamIngressRenderer.render(
                    template, ResourceNames.child(parent, color), namespace);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(FIELD + ": " + e.getMessage(), e);
        }
    }
}
