package dev.bluegreen.operator.fake;

import java.util.Map;

/**
 * The two checks of the upstream operator's validation (1.15.0 {@code DefaultValidator}) that the
 * fake operator applies, with upstream's messages: {@code validateServiceAccount} and the job
 * parallelism of {@code validateJobSpec}. The local stand-in ({@code bluegreen-standin}) applies
 * the full list.
 */
final class FakeValidation {
    static final String NO_SERVICE_ACCOUNT =
            "spec.serviceAccount must be defined. If you use helm, its value should be the same"
                    + " with the name of jobServiceAccount.";
    static final String PARALLELISM = "Job parallelism must be larger than 0";

    private FakeValidation() {}

    /** The first problem of {@code spec}, or null when the fake operator accepts it. */
    static String problem(Map<String, Object> spec) {
        Object account = spec.get("serviceAccount");
        if (!(account instanceof String name) || name.isBlank()) {
            return NO_SERVICE_ACCOUNT;
        }
        if (spec.get("job") instanceof Map<?, ?> job
                && job.get("parallelism") instanceof Number parallelism
                && parallelism.intValue() <= 0) {
            return PARALLELISM;
        }
        return null;
    }

    /** The {@code status.error} the operator writes for {@code message}. */
    static String error(String message) {
        return "{\"type\":\"org.apache.flink.kubernetes.operator.exception.ValidationException\","
                + "\"message\":\""
                + message
                + "\",\"additionalMetadata\":{},\"throwableList\":[]}";
    }
}
