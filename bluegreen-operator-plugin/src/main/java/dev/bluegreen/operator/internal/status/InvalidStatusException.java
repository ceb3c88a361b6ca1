package dev.bluegreen.operator.internal.status;

/**
 * Failure raised when a persisted status cannot be read back, for example a transition record whose
 * deadline is not an instant. The message starts with the status field, e.g. {@code
 * status.transition.deadline: cannot parse "soon" as an ISO-8601 instant}.
 */
public final class InvalidStatusException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String field;

    /**
     * Creates the exception.
     *
     * @param field the status field, e.g. {@code status.transition.deadline}
     * @param problem what is wrong with its value
     */
    public InvalidStatusException(String field, String problem) {
        super(field + ": " + problem);
        this.field = field;
    }

    /** The status field whose value is malformed, e.g. {@code status.transition.deadline}. */
    public String field() {
        return field;
    }
}
