package dev.bluegreen.ingress;

import java.net.MalformedURLException;
import java.net.URL;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A re-implementation of how the Flink Kubernetes Operator turns {@code spec.ingress.template} into
 * an Ingress rule, so tests and the docs can show what the operator will produce.
 *
 * <p>The steps are upstream's ({@code IngressUtils.getIngressUrl}): prepend {@code http://} unless
 * the template starts with {@code http://} or {@code https://} (any case), replace {@code {{name}}}
 * and {@code {{namespace}}} (any case) by the resource's name and namespace, parse the result with
 * {@link URL}, and use its host and path; blank parts are left out of the rule.
 *
 * <pre>{@code
 * render("flink.example.com/{{namespace}}/{{name}}(/|$)(.*)", "orders-blue", "prod");
 * // RenderedRule[host=flink.example.com, path=/prod/orders-blue(/|$)(.*)]
 * render("/{{namespace}}/{{name}}", "orders-blue", "prod");
 * // RenderedRule[host=null, path=/prod/orders-blue]
 * }</pre>
 *
 * <p>This class is stateless and thread-safe.
 */
final class UpstreamIngressRenderer {

    private static final Pattern NAME = Pattern.compile("\\{\\{name}}", Pattern.CASE_INSENSITIVE);
    private static final Pattern NAMESPACE =
            Pattern.compile("\\{\\{namespace}}", Pattern.CASE_INSENSITIVE);
    private static final Pattern SCHEME = Pattern.compile("^https?://", Pattern.CASE_INSENSITIVE);

    private UpstreamIngressRenderer() {}

    /**
     * The rule the Flink operator renders from {@code template} for the resource {@code name} in
     * {@code namespace}. The rule is not checked for validity; see {@link RenderedRule#isValid()}.
     *
     * @throws IllegalArgumentException naming {@code template} if the rendered text is not a URL
     *     (the Flink operator fails the reconcile in that case)
     */
    public static RenderedRule render(String template, String name, String namespace) {
        Objects.requireNonNull(template, "template == null");
        Objects.requireNonNull(name, "name == null");
        Objects.requireNonNull(namespace, "namespace == null");
        String text = withScheme(template);
        text = NAME.matcher(text).replaceAll(Matcher.quoteReplacement(name));
        text = NAMESPACE.matcher(text).replaceAll(Matcher.quoteReplacement(namespace));
        URL url = parse(template, text);
        return new RenderedRule(blankToNull(url.getHost()), blankToNull(url.getPath()));
    }

    /** Whether {@code template} starts with a scheme the Flink operator recognises. */
    static boolean hasScheme(String template) {
        return SCHEME.matcher(template).find();
    }

    /** The length of the scheme prefix of {@code template} ({@code 0} if there is none). */
    static int schemeLength(String template) {
        Matcher m = SCHEME.matcher(template);
        return m.find() ? m.end() : 0;
    }

    private static String withScheme(String template) {
        return hasScheme(template) ? template : "http://" + template;
    }

    private static URL parse(String template, String text) {
        try {
            return new URL(text);
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException(
                    "template: not a valid URL after rendering: "
                            + DnsNames.quote(template)
                            + " ("
                            + e.getMessage()
                            + ")",
                    e);
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
