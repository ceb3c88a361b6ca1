package dev.bluegreen.operator.internal.apply;

import dev.bluegreen.operator.internal.spec.ChildOwnership;

/**
 * A child FlinkDeployment of this parent's name is not ours alone (see {@link ChildOwnership}), so
 * nothing was written to it or deleted. The controller holds the plan and reports {@link #REASON}
 * until the user renames one of the two parents.
 */
public final class ChildOwnedByAnotherException extends RuntimeException {
    /** The reason of the Progressing condition and of the Warning event. */
    public static final String REASON = "ChildOwnedByAnother";

    private static final long serialVersionUID = 1L;

    /** A refusal to touch the child named in {@code refusal}. */
    public ChildOwnedByAnotherException(ChildOwnership.Refusal refusal) {
        super(refusal.message());
    }
}
