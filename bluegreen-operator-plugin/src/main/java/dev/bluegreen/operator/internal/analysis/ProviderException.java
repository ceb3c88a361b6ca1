package dev.bluegreen.operator.internal.analysis;

/**
 * A provider could not take a measurement (unreachable, timed out, an error answer, a value of an
 * unsupported shape): an {@code ERROR} measurement with this message.
 */
final class ProviderException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ProviderException(String message) {
        super(message);
    }

    ProviderException(String message, Throwable cause) {
        super(message, cause);
    }
}
