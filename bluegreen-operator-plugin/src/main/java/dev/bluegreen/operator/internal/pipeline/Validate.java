package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.operator.internal.spec.ChildNaming;

/**
 * The validate stage: whether the controller acts on the observed parent. A status it cannot read
 * is kept and reported, an invalid spec is reported on the current record (both touch nothing else,
 * no requeue); a pending adoption takes its step; any other parent is decided, with its settings. A
 * parent at rest passes as it is. Pure.
 */
public final class Validate {
    private Validate() {}

    /** The outcome of validating {@code observed}. */
    public static Outcome validate(Observed observed, Round round) {
        if (observed.atRest()) {
            return new Outcome.AtRest(observed);
        }
        var parent = observed.value().parent();
        if (!observed.actedOn()) {
            return new Outcome.StatusOnly(observed, new Finding.Invalid(observed.problems()), null);
        }
        var settings = observed.options().settings(); // valid: no problems were reported
        if (ChildNaming.adoptionPending(parent)) {
            return new Outcome.Adopt(observed, settings);
        }
        return new Outcome.Undecided(observed, settings);
    }
}
