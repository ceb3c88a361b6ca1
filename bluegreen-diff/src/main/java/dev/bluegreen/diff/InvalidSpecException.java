package dev.bluegreen.diff;

/**
 * Failure raised when a spec given to {@link SpecDiffer} is malformed or wrongly typed. The message
 * starts with the JSON path of the offending field, relative to the FlinkBlueGreenDeployment {@code
 * spec} (for example {@code template.spec.job: expected an object, got string "abc"}).
 */
public final class InvalidSpecException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String path;

    /**
     * Creates the exception.
     *
     * @param path the JSON path of the offending field, relative to the spec ({@code ""} for the
     *     spec itself)
     * @param problem what is wrong with the value, e.g. {@code expected an object, got "abc"}
     */
    public InvalidSpecException(String path, String problem) {
        super((path.isEmpty() ? "spec" : path) + ": " + problem);
        this.path = path;
    }

    /**
     * Returns the JSON path of the offending field, relative to the FlinkBlueGreenDeployment {@code
     * spec}; the empty string means the spec itself.
     *
     * @return the path, never null
     */
    public String path() {
        return path;
    }
}
