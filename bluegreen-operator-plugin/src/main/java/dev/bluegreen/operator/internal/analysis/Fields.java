package dev.bluegreen.operator.internal.analysis;

/** Guards of a provider's fields. Stateless. */
final class Fields {
    private Fields() {}

    /**
     * {@code value} when set.
     *
     * @throws ProviderException naming {@code field} when it is {@code null} or blank
     */
    static String required(String field, String value) {
        if (value == null || value.isBlank()) {
            throw new ProviderException(field + ": not set");
        }
        return value;
    }
}
