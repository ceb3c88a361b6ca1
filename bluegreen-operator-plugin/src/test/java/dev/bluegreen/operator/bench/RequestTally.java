package dev.bluegreen.operator.bench;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * Counts of the requests the mock API server received in one phase of the benchmark, by sender,
 * verb and resource. Not thread-safe: {@link RequestRecorder} fills it under its own lock.
 */
final class RequestTally {
    private final Map<ApiRequest, Integer> counts =
            new TreeMap<>(
                    java.util.Comparator.comparing(ApiRequest::agent)
                            .thenComparing(ApiRequest::verb)
                            .thenComparing(ApiRequest::resource));

    /** Counts one request. */
    void add(ApiRequest request) {
        counts.merge(request, 1, Integer::sum);
    }

    /** The number of requests that match {@code filter}. */
    int count(Predicate<ApiRequest> filter) {
        return counts.entrySet().stream()
                .filter(e -> filter.test(e.getKey()))
                .mapToInt(Map.Entry::getValue)
                .sum();
    }

    /** The number of writes {@code agent} sent. */
    int writes(String agent) {
        return count(r -> r.agent().equals(agent) && r.write());
    }

    /** The number of requests {@code agent} sent with {@code verb}. */
    int verb(String agent, String verb) {
        return count(r -> r.agent().equals(agent) && r.verb().equals(verb));
    }

    /** The requests of {@code agent} that match {@code filter}, as "verb resource" -> count. */
    Map<String, Integer> byKind(String agent, Predicate<ApiRequest> filter) {
        Map<String, Integer> kinds = new TreeMap<>();
        counts.forEach(
                (request, n) -> {
                    if (request.agent().equals(agent) && filter.test(request)) {
                        kinds.merge(request.toString(), n, Integer::sum);
                    }
                });
        return kinds;
    }

    /** The requests of {@code agent} by verb. */
    Map<String, Integer> byVerb(String agent) {
        Map<String, Integer> verbs = new TreeMap<>();
        counts.forEach(
                (request, n) -> {
                    if (request.agent().equals(agent)) {
                        verbs.merge(request.verb(), n, Integer::sum);
                    }
                });
        return verbs;
    }
}
