package dev.bluegreen.gate.channel.configmap;

/**
 * A failed read of the gate's ConfigMap; the message names the ConfigMap and, for bad content, the
 * key ({@code configmap shop/orders-gate: data.command: missing}).
 */
final class ConfigMapException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * An error.
     *
     * @param message what failed, naming the ConfigMap
     */
    public ConfigMapException(String message) {
        super(message);
    }

    /**
     * An error with its cause.
     *
     * @param message what failed, naming the ConfigMap
     * @param cause the underlying error
     */
    public ConfigMapException(String message, Throwable cause) {
        super(message, cause);
    }
}
