package dev.bluegreen.operator.internal.config;

/**
 * Failure raised when a blue/green option in {@code spec.configuration} is unknown or has a value
 * that does not parse. The message names the field and the bad value, e.g. {@code
 * spec.configuration["kubernetes.operator.bluegreen.abort.grace-period"]: cannot parse "ten
 * minutes" as a duration (...)}.
 */
public final class InvalidOptionException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String key;
    private final String value;

    /**
     * Creates the exception.
     *
     * @param key the option key
     * @param value the bad value, or {@code null} when the value is absent
     * @param problem what is wrong, e.g. {@code cannot parse "x" as a duration}
     */
    public InvalidOptionException(String key, String value, String problem) {
        super(field(key) + ": " + problem);
        this.key = key;
        this.value = value;
    }

    /** The field of an option key: {@code spec.configuration["<key>"]}. */
    public static String field(String key) {
        return "spec.configuration[\"" + key + "\"]";
    }

    /** The option key. */
    public String key() {
        return key;
    }

    /** The rejected value, or {@code null}. */
    public String value() {
        return value;
    }

    /** The field the error is about: {@code spec.configuration["<key>"]}. */
    public String field() {
        return field(key);
    }

    /** What is wrong, without the field prefix. */
    public String problem() {
        return getMessage().substring(field().length() + 2);
    }
}
