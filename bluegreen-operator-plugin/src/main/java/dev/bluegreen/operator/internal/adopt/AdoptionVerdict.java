package dev.bluegreen.operator.internal.adopt;

import java.util.Objects;

/** Whether a FlinkDeployment may be adopted now ({@link AdoptionRules#decide}). */
public sealed interface AdoptionVerdict {

    /**
     * Not adopted as it is: the parent reports {@link #message()} as a problem of {@code
     * spec.adoptDeployment} ({@link AdoptionRules#FIELD}) and touches nothing.
     */
    record Refused(String message) implements AdoptionVerdict {
        public Refused {
            Objects.requireNonNull(message, "message == null");
        }
    }

    /** Not stable and running yet: look again later; {@link #why()} says what is missing. */
    record Waiting(String why) implements AdoptionVerdict {
        public Waiting {
            Objects.requireNonNull(why, "why == null");
        }
    }

    /** Adopt it now (or finish an adoption whose metadata is already written). */
    record Adoptable() implements AdoptionVerdict {}
}
