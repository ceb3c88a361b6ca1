package dev.bluegreen.ingress;

import dev.bluegreen.core.Color;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Every name derived from the name of a blue/green parent resource, in one place.
 *
 * <p>Usage:
 *
 * <pre>{@code
 * ResourceNames.child("orders", Color.GREEN);          // "orders-green"
 * ResourceNames.restService("orders", Color.GREEN);    // "orders-green-rest"
 * ResourceNames.parentIngress("orders");               // "orders"
 * ResourceNames.gateConfigMap("orders");               // "orders-gate"
 * ResourceNames.savepointSnapshot("orders", "t7-savepoint"); // "orders-t7-savepoint"
 *
 * // A 52-character parent name leaves no room for "-green" within 45 characters:
 * ResourceNames.child("payments-fraud-scoring-pipeline-production-eu-west-1", Color.GREEN);
 * // "payments-fraud-scoring-pipelin-a8edbb65-green"  (45 characters)
 * ResourceNames.restService("payments-fraud-scoring-pipeline-production-eu-west-1", Color.GREEN);
 * // "payments-fraud-scoring-pipelin-a8edbb65-green-rest"  (50 characters)
 * }</pre>
 *
 * <p>where {@code a8edbb65} is the first 8 hex digits of the SHA-256 of the full parent name, so
 * two parents that share a long prefix still get different names (with a 1 in 2^32 chance of a
 * clash), and blue and green always differ by their suffix.
 *
 * <h2>Limits</h2>
 *
 * <ul>
 *   <li>The parent name must be a DNS-1035 label in form (lower-case letters, digits and {@code -},
 *       starting with a letter, ending with a letter or digit) and at most 253 characters, the
 *       Kubernetes limit for a custom resource name. Dots are rejected: the children are
 *       FlinkDeployments, whose names the Flink operator requires to be DNS-1035 labels.
 *   <li>Child names are at most {@value #MAX_CHILD_LENGTH} characters, the FlinkDeployment name
 *       limit the Flink operator validates; it builds a Service {@code <child>-rest} and
 *       Deployments from that name. Parents of up to {@value #MAX_PLAIN_PARENT_LENGTH} characters
 *       keep their name verbatim in both children; longer ones are shortened to 30 characters plus
 *       {@code -} and 8 hex digits (for both colours, so the children keep a common stem).
 *   <li>{@code <child>-rest} is then at most 50 characters, within the 63 of a Service name
 *       (DNS-1035 label). It is never truncated on its own: it must equal the Service the Flink
 *       operator creates.
 *   <li>The gate ConfigMap and the savepoint FlinkStateSnapshot are DNS-1123 labels of at most 63
 *       characters (stricter than needed, so the names can also be used as label values).
 * </ul>
 *
 * <p>This class is stateless and thread-safe. Every method throws {@link IllegalArgumentException}
 * naming the field ({@code metadata.name}, ...) for invalid input and {@link NullPointerException}
 * for {@code null} arguments.
 */
public final class ResourceNames {

    /** The longest child (FlinkDeployment) name: the Flink operator rejects longer ones. */
    public static final int MAX_CHILD_LENGTH = 45;

    /** The longest parent name that appears verbatim in both child names. */
    public static final int MAX_PLAIN_PARENT_LENGTH = 39; // MAX_CHILD_LENGTH - "-green".length()

    /** The suffix the Flink operator appends to a FlinkDeployment name for its REST Service. */
    public static final String REST_SERVICE_SUFFIX = "-rest";

    private static final int HASH_LENGTH = 8;
    private static final Pattern PARENT = Pattern.compile("[a-z]([-a-z0-9]*[a-z0-9])?");
    private static final Pattern TOKEN = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
    private static final int MAX_TOKEN_LENGTH = 32;

    private ResourceNames() {}

    /**
     * The child FlinkDeployment of {@code color}: {@code <parent>-blue} / {@code <parent>-green},
     * shortened with a hash when the parent is longer than {@value #MAX_PLAIN_PARENT_LENGTH}
     * characters. Always a DNS-1035 label of at most {@value #MAX_CHILD_LENGTH} characters.
     *
     * @throws IllegalArgumentException if {@code parent} is not a valid parent name
     */
    public static String child(String parent, Color color) {
        Objects.requireNonNull(color, "color == null");
        return shorten(validateParent(parent), MAX_PLAIN_PARENT_LENGTH) + "-" + color.lowerCase();
    }

    /**
     * The REST Service the Flink operator creates for the child of {@code color}: {@code
     * child(parent, color) + "-rest"}, at most 50 characters.
     *
     * @throws IllegalArgumentException if {@code parent} is not a valid parent name
     */
    public static String restService(String parent, Color color) {
        return child(parent, color) + REST_SERVICE_SUFFIX;
    }

    /**
     * The parent Ingress (or HTTPRoute): named exactly like the parent, as upstream does.
     *
     * @throws IllegalArgumentException if {@code parent} is not a valid parent name
     */
    public static String parentIngress(String parent) {
        return validateParent(parent);
    }

    /**
     * The ConfigMap through which the controller drives the record-level gate: {@code
     * <parent>-gate}, shortened with a hash beyond 63 characters.
     *
     * @throws IllegalArgumentException if {@code parent} is not a valid parent name
     */
    public static String gateConfigMap(String parent) {
        return shorten(validateParent(parent), DnsNames.MAX_LABEL - "-gate".length()) + "-gate";
    }

    /**
     * The FlinkStateSnapshot of the hand-over savepoint of one transition: {@code
     * <parent>-<token>}, where {@code token} is what the engine produces (e.g. {@code
     * "t7-savepoint"}); shortened with a hash beyond 63 characters.
     *
     * @param token a DNS-1123 label of at most 32 characters
     * @throws IllegalArgumentException if {@code parent} or {@code token} is invalid
     */
    public static String savepointSnapshot(String parent, String token) {
        String valid = validateParent(parent);
        Objects.requireNonNull(token, "token == null");
        if (token.length() > MAX_TOKEN_LENGTH || !TOKEN.matcher(token).matches()) {
            throw new IllegalArgumentException(
                    "token: expected a DNS-1123 label of at most "
                            + MAX_TOKEN_LENGTH
                            + " characters such as \"t7-savepoint\", got "
                            + DnsNames.quote(token));
        }
        return shorten(valid, DnsNames.MAX_LABEL - token.length() - 1) + "-" + token;
    }

    /**
     * The FlinkStateSnapshot of the hand-over savepoint of transition {@code n}: {@code
     * <parent>-t<n>-savepoint}.
     *
     * @throws IllegalArgumentException if {@code parent} is invalid or {@code n} is negative
     */
    public static String savepointSnapshot(String parent, long n) {
        if (n < 0) {
            throw new IllegalArgumentException("transitionNumber: expected >= 0, got " + n);
        }
        return savepointSnapshot(parent, "t" + n + "-savepoint");
    }

    /**
     * Checks a parent name and returns it unchanged.
     *
     * @throws IllegalArgumentException naming {@code metadata.name} and the reason
     * @throws NullPointerException if {@code parent} is {@code null}
     */
    public static String validateParent(String parent) {
        Objects.requireNonNull(parent, "metadata.name == null");
        if (parent.length() > DnsNames.MAX_SUBDOMAIN) {
            throw invalidParent(
                    parent, "too long: " + parent.length() + " characters, the maximum is 253");
        }
        if (!PARENT.matcher(parent).matches()) {
            throw invalidParent(
                    parent,
                    "must consist of lower-case letters, digits and '-', start with a letter"
                            + " and end with a letter or digit (no '.': child FlinkDeployment"
                            + " names must be DNS-1035 labels)");
        }
        return parent;
    }

    private static IllegalArgumentException invalidParent(String parent, String reason) {
        String shown = parent.length() > 80 ? parent.substring(0, 80) + "..." : parent;
        return new IllegalArgumentException("metadata.name: " + reason + ", got \"" + shown + "\"");
    }

    /**
     * {@code base} if it fits in {@code max} characters, else its first characters plus {@code -}
     * and 8 hex digits of its SHA-256 (trailing '-' of the kept prefix are dropped).
     */
    private static String shorten(String base, int max) {
        if (base.length() <= max) {
            return base;
        }
        String prefix = base.substring(0, max - HASH_LENGTH - 1);
        // The parent starts with a letter, so stripping trailing '-' never empties the prefix.
        prefix = prefix.replaceAll("-+$", "");
        return prefix + "-" + sha256Hex(base).substring(0, HASH_LENGTH);
    }

    private static String sha256Hex(String text) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            // Every Java platform must provide SHA-256 (java.security.MessageDigest contract).
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }
}
