package dev.bluegreen.ingress;

import java.util.regex.Pattern;

/** Syntax checks for Kubernetes names and ingress hosts, shared by the builders in this package. */
final class DnsNames {

    /** The maximum length of a DNS-1123 / DNS-1035 label. */
    static final int MAX_LABEL = 63;

    /** The maximum length of a DNS-1123 subdomain (most {@code metadata.name} fields). */
    static final int MAX_SUBDOMAIN = 253;

    private static final Pattern LABEL_1123 = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
    private static final Pattern LABEL_1035 = Pattern.compile("[a-z]([-a-z0-9]*[a-z0-9])?");
    private static final Pattern OBJECT_NAME =
            Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
    private static final Pattern IPV4 = Pattern.compile("[0-9]+(\\.[0-9]+){3}");

    private DnsNames() {}

    static boolean isLabel(String s) {
        return s.length() <= MAX_LABEL && LABEL_1123.matcher(s).matches();
    }

    static boolean isDns1035Label(String s) {
        return s.length() <= MAX_LABEL && LABEL_1035.matcher(s).matches();
    }

    /**
     * Whether {@code s} is a DNS-1123 subdomain as Kubernetes checks object names: at most 253
     * characters, no per-label limit.
     */
    static boolean isObjectName(String s) {
        return s.length() <= MAX_SUBDOMAIN && OBJECT_NAME.matcher(s).matches();
    }

    /** Whether {@code s} is a DNS-1123 subdomain whose labels also fit DNS (63 characters). */
    static boolean isSubdomain(String s) {
        if (s.isEmpty() || s.length() > MAX_SUBDOMAIN) {
            return false;
        }
        for (String label : s.split("\\.", -1)) {
            if (!isLabel(label)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether {@code host} is accepted as an Ingress rule host or HTTPRoute hostname: a DNS-1123
     * subdomain, optionally with a {@code *.} wildcard first label, and never an IPv4 address.
     */
    static boolean isRouteHost(String host) {
        String rest = host.startsWith("*.") ? host.substring(2) : host;
        return isSubdomain(rest) && !IPV4.matcher(rest).matches();
    }

    static String quote(String value) {
        return value == null ? "null" : "\"" + value + "\"";
    }
}
