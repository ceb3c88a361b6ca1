package dev.bluegreen.operator.internal.extension;

/**
 * A call into an extension failed: it threw, did not answer within the bound, returned {@code
 * null}, or an earlier call for the same resource is still running. The message names the
 * extension, the call and, for an exception, its class and message.
 */
public final class ExtensionFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ExtensionFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
