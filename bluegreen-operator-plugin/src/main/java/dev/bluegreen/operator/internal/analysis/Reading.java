package dev.bluegreen.operator.internal.analysis;

import java.util.HashMap;
import java.util.Map;

/**
 * What a provider read for one measurement.
 *
 * @param variables what the conditions see: {@code result} and, for the flink provider, {@code
 *     candidate}, {@code incumbent}, {@code blue} and {@code green}; values as the provider
 *     returned them (see {@link CelValues})
 * @param shown what the measurement's value text shows (usually {@code result})
 * @param failure why the measurement failed whatever its conditions say (the web provider's non-2xx
 *     answer), or {@code null}
 * @param requests the HTTP requests it took (for docs/performance.md)
 */
record Reading(Map<String, Object> variables, Object shown, String failure, int requests) {
    /** A reading whose only variable is {@code result}, shown as it is. */
    static Reading of(Object result, int requests) {
        Map<String, Object> variables = new HashMap<>();
        variables.put("result", result);
        return new Reading(variables, result, null, requests);
    }

    /** This reading failed for {@code why}. */
    Reading failed(String why) {
        return new Reading(variables, shown, why, requests);
    }
}
