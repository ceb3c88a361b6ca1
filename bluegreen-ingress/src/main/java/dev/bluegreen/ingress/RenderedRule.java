package dev.bluegreen.ingress;

/**
 * The host and path of one Ingress rule, as the Flink operator renders them from an ingress
 * template.
 *
 * @param host the rule host, or {@code null} for a rule that matches every host
 * @param path the HTTP path (possibly a regular expression, which the Flink operator passes
 *     through), or {@code null} when the template has no path
 */
record RenderedRule(String host, String path) {

    /** The validity rules, appended to error messages. */
    static final String RULES =
            ": the host must be a DNS-1123 subdomain with labels of at most 63 characters"
                    + " (optionally '*.'-prefixed, not an IP address) and the path must start"
                    + " with '/'";

    /** Whether this rule has a host. */
    public boolean hasHost() {
        return host != null;
    }

    /** Whether this rule has a path. */
    public boolean hasPath() {
        return path != null;
    }

    /**
     * Whether an API server accepts this rule and DNS can serve it: the host (if any) is a DNS-1123
     * subdomain whose labels have at most 63 characters, optionally with a {@code *.} wildcard
     * first label and never an IP address, and the path (if any) starts with {@code /}. (The API
     * server itself does not limit label length; DNS does.)
     */
    public boolean isValid() {
        return (host == null || DnsNames.isRouteHost(host))
                && (path == null || path.startsWith("/"));
    }
}
