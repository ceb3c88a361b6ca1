package dev.bluegreen.operator.internal.spec;

import dev.bluegreen.ingress.Owner;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

/** The {@link Owner} value of a parent resource. */
public final class Owners {
    private Owners() {}

    /**
     * The owner of the objects of {@code parent}.
     *
     * @throws IllegalArgumentException naming the field when the name or namespace is invalid
     */
    public static Owner of(FlinkBlueGreenDeployment parent) {
        var meta = parent.getMetadata();
        return new Owner(
                parent.getApiVersion(),
                parent.getKind(),
                meta.getNamespace(),
                meta.getName(),
                meta.getUid());
    }
}
