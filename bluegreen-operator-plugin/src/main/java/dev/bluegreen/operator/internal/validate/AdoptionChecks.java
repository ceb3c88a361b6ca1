package dev.bluegreen.operator.internal.validate;

import dev.bluegreen.ingress.ChildNames;
import dev.bluegreen.operator.internal.spec.ChildNaming;
import dev.bluegreen.operator.internal.spec.OnDelete;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.resource.TransitionMode;

import java.util.List;

/**
 * Checks of adoption and release: {@code spec.adoptDeployment} names a FlinkDeployment that can be
 * adopted (a valid name; BASIC mode only, since the running job has no record-level gate), and
 * {@code bluegreen.dev/on-delete} has a known value. Whether the deployment exists and may be
 * adopted is decided when the controller reads it ({@code AdoptionRules}). Stateless.
 */
final class AdoptionChecks {
    static final String FIELD = "spec.adoptDeployment";

    private AdoptionChecks() {}

    static void check(FlinkBlueGreenDeployment parent, List<SpecProblem> problems) {
        onDelete(parent, problems);
        String adopt = parent.getSpec().getAdoptDeployment();
        if (adopt == null || !ChildNaming.adoptionPending(parent)) {
            return;
        }
        try {
            ChildNames.validateAdopted(adopt, FIELD);
        } catch (IllegalArgumentException e) {
            problems.add(SpecProblem.fromMessage(e.getMessage(), FIELD));
            return;
        }
        // <parent>-green is allowed: it is adopted as green (ChildNames.adoptedColor)
        advanced(parent, problems);
    }

    private static void advanced(FlinkBlueGreenDeployment parent, List<SpecProblem> problems) {
        if (parent.getSpec().getTransitionMode() == TransitionMode.ADVANCED) {
            problems.add(
                    new SpecProblem(
                            FIELD,
                            "adoption needs transitionMode BASIC: the running job has no"
                                    + " record-level gate, so ADVANCED could not hand its output"
                                    + " over"));
        }
    }

    private static void onDelete(FlinkBlueGreenDeployment parent, List<SpecProblem> problems) {
        try {
            OnDelete.of(parent.getMetadata());
        } catch (IllegalArgumentException e) {
            problems.add(SpecProblem.fromMessage(e.getMessage(), OnDelete.FIELD));
        }
    }
}
