package dev.bluegreen.operator.internal.spec;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.ingress.ChildNames;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

/**
 * The names of a parent's children ({@link ChildNames}): the FlinkDeployment the parent adopted
 * ({@code status.adoptedChild}, or {@code spec.adoptDeployment} while the adoption is pending)
 * keeps its name, as blue, or as green when it has the parent's own green name; otherwise both are
 * derived. Stateless.
 */
public final class ChildNaming {
    private ChildNaming() {}

    /**
     * The children's names of {@code parent}.
     *
     * @throws IllegalArgumentException naming the field when the parent's name or the adopted name
     *     is invalid (the validator reports both before the controller acts)
     */
    public static ChildNames names(FlinkBlueGreenDeployment parent) {
        String name = parent.getMetadata().getName();
        var status = parent.getStatus();
        if (status != null && status.getAdoptedChild() != null) {
            return ChildNames.adopting(name, status.getAdoptedChild());
        }
        return adoptionPending(parent)
                ? ChildNames.adopting(name, parent.getSpec().getAdoptDeployment())
                : ChildNames.derived(name);
    }

    /**
     * Whether {@code parent} asks to adopt a FlinkDeployment ({@code spec.adoptDeployment}) and has
     * not deployed anything yet: its state is none or {@code INITIALIZING_BLUE}.
     */
    public static boolean adoptionPending(FlinkBlueGreenDeployment parent) {
        var spec = parent.getSpec();
        if (spec == null || spec.getAdoptDeployment() == null) {
            return false;
        }
        var status = parent.getStatus();
        return status == null
                || status.getState() == null
                || BlueGreenState.INITIALIZING_BLUE.name().equals(status.getState());
    }
}
