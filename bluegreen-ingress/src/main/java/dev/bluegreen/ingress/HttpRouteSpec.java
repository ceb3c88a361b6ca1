package dev.bluegreen.ingress;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How to expose the active child (and the incoming one, for preview) through a Gateway API {@code
 * HTTPRoute}, the alternative to the parent Ingress on clusters that moved off Ingress.
 *
 * <p>Immutable: the collections are copied; {@code null} collections become empty.
 *
 * @param parentRefs the Gateways (listeners) the route attaches to; at least one
 * @param hostnames the hostnames the route serves; empty means every hostname of the listener
 * @param path the path prefix the route serves, {@code /} for all paths; a longer prefix is
 *     replaced by {@code /} before a request reaches the child (the Flink UI and REST API are
 *     served from the root)
 * @param preview how a request asks for the incoming (preview) child
 * @param labels labels of the route; {@code component=ingress} is always added
 * @param annotations annotations of the route
 */
public record HttpRouteSpec(
        List<GatewayRef> parentRefs,
        List<String> hostnames,
        String path,
        PreviewMatch preview,
        Map<String, String> labels,
        Map<String, String> annotations) {

    /** The path of a route that serves every path. */
    public static final String ROOT = "/";

    /**
     * Copies and validates the components.
     *
     * @throws IllegalArgumentException naming {@code parentRefs} if it is empty, {@code
     *     hostnames[i]} if a hostname is not a DNS-1123 subdomain (optionally {@code *.}-prefixed),
     *     {@code path} if it is not {@code /} or segments like {@code /flink}, {@code
     *     preview.pathPrefix} if it equals {@code path}, or {@code labels} / {@code annotations}
     *     for a key or label value the API server rejects
     * @throws NullPointerException naming {@code path} or {@code preview} if it is {@code null}, or
     *     the field of a {@code null} collection element
     */
    public HttpRouteSpec {
        parentRefs = Copies.list(parentRefs, "parentRefs");
        if (parentRefs.isEmpty()) {
            throw new IllegalArgumentException("parentRefs: at least one Gateway is required");
        }
        hostnames = Copies.list(hostnames, "hostnames");
        checkHostnames(hostnames);
        checkPaths(path, preview);
        labels = Copies.labels(labels, "labels");
        annotations = Copies.annotations(annotations, "annotations");
    }

    private static void checkHostnames(List<String> hostnames) {
        for (int i = 0; i < hostnames.size(); i++) {
            if (!DnsNames.isRouteHost(hostnames.get(i))) {
                throw new IllegalArgumentException(
                        "hostnames["
                                + i
                                + "]: expected a DNS-1123 subdomain, optionally with a"
                                + " '*.' prefix, got "
                                + DnsNames.quote(hostnames.get(i)));
            }
        }
    }

    /** The route's path is {@code /} or segments, and a preview path prefix differs from it. */
    private static void checkPaths(String path, PreviewMatch preview) {
        Objects.requireNonNull(path, "path == null");
        if (!path.equals(ROOT) && !PreviewMatch.PathPrefix.isSegments(path)) {
            throw new IllegalArgumentException(
                    "path: expected \"/\" or segments like \"/flink\", got "
                            + DnsNames.quote(path));
        }
        Objects.requireNonNull(preview, "preview == null");
        if (preview instanceof PreviewMatch.PathPrefix p && p.prefix().equals(path)) {
            throw new IllegalArgumentException(
                    "preview.pathPrefix: must differ from path, got "
                            + DnsNames.quote(p.prefix())
                            + " for both");
        }
    }

    /**
     * A route for every path ({@link #ROOT}).
     *
     * @throws IllegalArgumentException as the canonical constructor
     */
    public HttpRouteSpec(
            List<GatewayRef> parentRefs,
            List<String> hostnames,
            PreviewMatch preview,
            Map<String, String> labels,
            Map<String, String> annotations) {
        this(parentRefs, hostnames, ROOT, preview, labels, annotations);
    }

    /**
     * A route attached to one Gateway, for all hostnames and paths, preview by {@link
     * PreviewMatch#DEFAULT_HEADER}.
     */
    public static HttpRouteSpec of(GatewayRef gateway) {
        return new HttpRouteSpec(
                List.of(gateway), List.of(), PreviewMatch.defaultHeader(), Map.of(), Map.of());
    }

    /**
     * A Gateway the route attaches to.
     *
     * @param name the Gateway name
     * @param namespace the Gateway namespace, or {@code null} for the route's own namespace
     * @param sectionName the listener name, or {@code null} for every listener
     */
    public record GatewayRef(String name, String namespace, String sectionName) {
        /**
         * Validates the names.
         *
         * @throws IllegalArgumentException naming {@code parentRefs.name}, {@code
         *     parentRefs.namespace} or {@code parentRefs.sectionName} if invalid
         */
        public GatewayRef {
            Objects.requireNonNull(name, "parentRefs.name == null");
            require(DnsNames.isObjectName(name), "parentRefs.name", name);
            require(
                    namespace == null || DnsNames.isLabel(namespace),
                    "parentRefs.namespace",
                    namespace);
            require(
                    sectionName == null || DnsNames.isObjectName(sectionName),
                    "parentRefs.sectionName",
                    sectionName);
        }

        /** A Gateway in the route's namespace, all listeners. */
        public static GatewayRef named(String name) {
            return new GatewayRef(name, null, null);
        }

        private static void require(boolean ok, String field, String value) {
            if (!ok) {
                throw new IllegalArgumentException(
                        field + ": expected a DNS-1123 name, got " + DnsNames.quote(value));
            }
        }
    }

    /** How a request selects the incoming (preview) child instead of the active one. */
    public sealed interface PreviewMatch {

        /** The default preview header: {@code x-bluegreen-preview}. */
        String DEFAULT_HEADER = "x-bluegreen-preview";

        /** Preview by the header {@code x-bluegreen-preview: true}. */
        static PreviewMatch defaultHeader() {
            return new Header(DEFAULT_HEADER, "true");
        }

        /**
         * Preview for requests carrying the header {@code name} with exactly {@code value}.
         *
         * @param name an HTTP header name (RFC 7230 token)
         * @param value the exact value
         */
        record Header(String name, String value) implements PreviewMatch {
            /**
             * Validates the header.
             *
             * @throws IllegalArgumentException naming {@code preview.header.name} if not a token,
             *     or {@code preview.header.value} if empty or longer than 4096 characters (the
             *     Gateway API's limits)
             */
            public Header {
                Objects.requireNonNull(name, "preview.header.name == null");
                Objects.requireNonNull(value, "preview.header.value == null");
                if (!name.matches("[A-Za-z0-9!#$%&'*+.^_`|~-]+")) {
                    throw new IllegalArgumentException(
                            "preview.header.name: expected an HTTP header name, got "
                                    + DnsNames.quote(name));
                }
                if (value.isEmpty() || value.length() > 4096) {
                    throw new IllegalArgumentException(
                            "preview.header.value: expected 1 to 4096 characters, got "
                                    + value.length());
                }
            }
        }

        /**
         * Preview under a path prefix, e.g. {@code /preview}; the prefix is replaced by {@code /}
         * before the request reaches the child, so the Flink UI works unchanged.
         *
         * @param prefix a path starting with {@code /}, not {@code /} itself, without a trailing
         *     {@code /}
         */
        record PathPrefix(String prefix) implements PreviewMatch {
            /**
             * Validates the prefix.
             *
             * @throws IllegalArgumentException naming {@code preview.pathPrefix} if invalid
             */
            public PathPrefix {
                Objects.requireNonNull(prefix, "preview.pathPrefix == null");
                if (!isSegments(prefix)) {
                    throw new IllegalArgumentException(
                            "preview.pathPrefix: expected segments like \"/preview\", got "
                                    + DnsNames.quote(prefix));
                }
            }

            static boolean isSegments(String path) {
                return path.matches("(/[A-Za-z0-9._~-]+)+");
            }
        }
    }
}
