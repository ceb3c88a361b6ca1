package dev.bluegreen.ingress;

import dev.bluegreen.core.Color;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The names of one parent's two child FlinkDeployments: derived ({@link ResourceNames#child}),
 * except for a blue child the parent adopted, which keeps the name it had. Immutable.
 *
 * <pre>{@code
 * ChildNames.derived("orders").child(Color.BLUE);                  // "orders-blue"
 * var adopted = ChildNames.adopting("orders", "orders-live");
 * adopted.child(Color.BLUE);                                        // "orders-live"
 * adopted.child(Color.GREEN);                                       // "orders-green"
 * adopted.restService(Color.BLUE);                                  // "orders-live-rest"
 * }</pre>
 *
 * @param parent the parent's name (validated by {@link ResourceNames#validateParent})
 * @param adoptedBlue the name of the adopted FlinkDeployment that plays blue, or {@code null} when
 *     blue has the derived name
 */
public record ChildNames(String parent, String adoptedBlue) {
    private static final Pattern DNS_1123_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");

    /**
     * Validates both names.
     *
     * @throws IllegalArgumentException naming {@code metadata.name} or {@code adoptedBlue} when
     *     invalid
     */
    public ChildNames {
        ResourceNames.validateParent(parent);
        if (adoptedBlue != null) {
            validateAdopted(adoptedBlue, "adoptedBlue");
        }
    }

    /** Both children with derived names. */
    public static ChildNames derived(String parent) {
        return new ChildNames(parent, null);
    }

    /** Blue is the adopted FlinkDeployment {@code adopted}; green has the derived name. */
    public static ChildNames adopting(String parent, String adopted) {
        return new ChildNames(parent, Objects.requireNonNull(adopted, "adopted == null"));
    }

    /** The name of the child of {@code color}. */
    public String child(Color color) {
        Objects.requireNonNull(color, "color == null");
        return color == Color.BLUE && adoptedBlue != null
                ? adoptedBlue
                : ResourceNames.child(parent, color);
    }

    /** The REST Service the Flink operator creates for the child of {@code color}. */
    public String restService(Color color) {
        return child(color) + ResourceNames.REST_SERVICE_SUFFIX;
    }

    /**
     * Checks the name of a FlinkDeployment to adopt: a DNS-1123 label of at most {@value
     * ResourceNames#MAX_CHILD_LENGTH} characters (the Flink operator's own limit).
     *
     * @param field the field to name in the message, e.g. {@code spec.adoptDeployment}
     * @return {@code name}
     * @throws IllegalArgumentException naming {@code field} when {@code name} is invalid
     */
    public static String validateAdopted(String name, String field) {
        Objects.requireNonNull(name, field + " == null");
        if (name.length() > ResourceNames.MAX_CHILD_LENGTH
                || !DNS_1123_LABEL.matcher(name).matches()) {
            throw new IllegalArgumentException(
                    field
                            + ": expected the name of a FlinkDeployment (a DNS-1123 label of at most "
                            + ResourceNames.MAX_CHILD_LENGTH
                            + " characters), got "
                            + DnsNames.quote(name));
        }
        return name;
    }
}
