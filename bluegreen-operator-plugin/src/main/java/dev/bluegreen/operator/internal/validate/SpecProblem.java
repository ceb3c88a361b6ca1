package dev.bluegreen.operator.internal.validate;

import java.util.Objects;

/**
 * One problem of a FlinkBlueGreenDeployment, found by {@link SpecValidator} or {@link
 * SchemaValidator}. Immutable.
 *
 * @param field the offending field, e.g. {@code spec.template.spec.job.upgradeMode} or {@code
 *     metadata.name}
 * @param message what is wrong, naming the bad value, e.g. {@code expected one of [last-state,
 *     savepoint, stateless], got "fast"}
 */
public record SpecProblem(String field, String message) {

    public SpecProblem {
        Objects.requireNonNull(field, "field == null");
        Objects.requireNonNull(message, "message == null");
    }

    /**
     * A problem from an exception message of the form {@code "<field>: <problem>"} (the convention
     * of every validation in this project), where the field starts with {@code spec} or {@code
     * metadata}; any other message is kept whole under {@code fallbackField}.
     */
    static SpecProblem fromMessage(String message, String fallbackField) {
        String text = String.valueOf(message);
        int colon = text.indexOf(": ");
        boolean named =
                colon > 0
                        && (text.startsWith("spec") || text.startsWith("metadata"))
                        && text.substring(0, colon).indexOf(' ') < 0;
        return named
                ? new SpecProblem(text.substring(0, colon), text.substring(colon + 2))
                : new SpecProblem(fallbackField, text);
    }

    /** {@code <field>: <message>}. */
    @Override
    public String toString() {
        return field + ": " + message;
    }
}
