package dev.bluegreen.ingress;

import dev.bluegreen.core.Color;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The names of one parent's two child FlinkDeployments: derived ({@link ResourceNames#child}),
 * except for the child the parent adopted, which keeps the name it had. The adopted child plays
 * green when its name is the parent's own green name ({@code <parent>-green}, a child of the
 * upstream operator's FlinkBlueGreenDeployment of the same name), and blue otherwise; the other
 * colour has the derived name. Immutable.
 *
 * <pre>{@code
 * ChildNames.derived("orders").child(Color.BLUE);                  // "orders-blue"
 * var adopted = ChildNames.adopting("orders", "orders-live");
 * adopted.adoptedColor();                                           // BLUE
 * adopted.child(Color.BLUE);                                        // "orders-live"
 * adopted.child(Color.GREEN);                                       // "orders-green"
 * adopted.restService(Color.BLUE);                                  // "orders-live-rest"
 * var migrated = ChildNames.adopting("orders", "orders-green");
 * migrated.adoptedColor();                                          // GREEN
 * migrated.child(Color.BLUE);                                       // "orders-blue"
 * }</pre>
 *
 * @param parent the parent's name (validated by {@link ResourceNames#validateParent})
 * @param adopted the name of the adopted FlinkDeployment, or {@code null} when both children have
 *     derived names
 */
public record ChildNames(String parent, String adopted) {
    private static final Pattern DNS_1123_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");

    /**
     * Validates both names.
     *
     * @throws IllegalArgumentException naming {@code metadata.name} or {@code adopted} when invalid
     */
    public ChildNames {
        ResourceNames.validateParent(parent);
        if (adopted != null) {
            validateAdopted(adopted, "adopted");
        }
    }

    /** Both children with derived names. */
    public static ChildNames derived(String parent) {
        return new ChildNames(parent, null);
    }

    /**
     * The FlinkDeployment {@code adopted} keeps its name ({@link #adoptedColor()} says as which).
     */
    public static ChildNames adopting(String parent, String adopted) {
        return new ChildNames(parent, Objects.requireNonNull(adopted, "adopted == null"));
    }

    /**
     * The colour the adopted child plays: {@link Color#GREEN} when its name is the parent's own
     * green name, so that the next blue gets the derived name and no name is claimed twice; {@link
     * Color#BLUE} for any other name; {@code null} when nothing was adopted.
     */
    public Color adoptedColor() {
        if (adopted == null) {
            return null;
        }
        return adopted.equals(ResourceNames.child(parent, Color.GREEN)) ? Color.GREEN : Color.BLUE;
    }

    /** The name of the child of {@code color}. */
    public String child(Color color) {
        Objects.requireNonNull(color, "color == null");
        return color == adoptedColor() ? adopted : ResourceNames.child(parent, color);
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
