package dev.bluegreen.operator.standalone;

/**
 * A controller option with a bad or missing value; the message names the option as the user wrote
 * it (a flag such as {@code --lease-name}, an environment variable, or a listener key).
 */
public final class BadOptionException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String option;

    /** An error about {@code option}; the message starts with the option's name. */
    public BadOptionException(String option, String problem) {
        super(option + ": " + problem);
        this.option = option;
    }

    /** The option as the user wrote it, e.g. {@code --lease-name}. */
    public String option() {
        return option;
    }
}
