package dev.bluegreen.ingress;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The parent's {@code spec.ingress}: how to expose the active child's REST API and UI at a stable
 * address. Mirrors upstream's {@code IngressSpec}.
 *
 * <p>Immutable: the collections are copied; {@code null} collections become empty.
 *
 * @param template the URL template, e.g. {@code "{{name}}.{{namespace}}.example.com"} or {@code
 *     "/{{namespace}}/{{name}}(/|$)(.*)"}; rendered with the parent's name and namespace
 * @param className the {@code ingressClassName}, or {@code null} for the cluster default
 * @param annotations annotations of the Ingress (e.g. rewrite rules of the ingress controller)
 * @param labels labels of the Ingress; {@code component=ingress} is always added
 * @param tls TLS entries, copied verbatim
 */
public record IngressSpec(
        String template,
        String className,
        Map<String, String> annotations,
        Map<String, String> labels,
        List<Tls> tls) {

    /** The field this value is read from, used in errors. */
    public static final String FIELD = "spec.ingress";

    /**
     * Copies the collections.
     *
     * @throws NullPointerException naming {@code spec.ingress.template} if it is {@code null}, or a
     *     collection that contains {@code null}
     */
    public IngressSpec {
        Objects.requireNonNull(template, FIELD + ".template == null");
        annotations = Copies.annotations(annotations, FIELD + ".annotations");
        labels = Copies.labels(labels, FIELD + ".labels");
        tls = Copies.list(tls, FIELD + ".tls");
    }

    /** An ingress spec with only a template. */
    public static IngressSpec of(String template) {
        return new IngressSpec(template, null, Map.of(), Map.of(), List.of());
    }

    /**
     * One TLS entry of the Ingress.
     *
     * @param hosts the hosts the certificate covers (copied; {@code null} becomes empty)
     * @param secretName the Secret holding the certificate, or {@code null}
     */
    public record Tls(List<String> hosts, String secretName) {
        /**
         * Copies the host list.
         *
         * @throws NullPointerException naming {@code spec.ingress.tls.hosts[i]} for a null host
         */
        public Tls {
            hosts = Copies.list(hosts, FIELD + ".tls.hosts");
        }
    }
}
