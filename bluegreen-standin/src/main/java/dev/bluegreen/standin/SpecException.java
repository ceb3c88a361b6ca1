package dev.bluegreen.standin;

/**
 * Bad input in a watched resource; the message starts with the field path, e.g. {@code
 * spec.job.parallelism: expected an integer, got "abc"}.
 */
final class SpecException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    SpecException(String message) {
        super(message);
    }
}
