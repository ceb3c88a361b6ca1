package dev.bluegreen.core;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/** Built-in {@link ReadinessPolicy readiness policies} and combinators. All are immutable. */
public final class ReadinessPolicies {
    private ReadinessPolicies() {}

    /**
     * Ready once the candidate has been stable and running for {@code soak}. This is the default
     * with a soak of 30 seconds.
     *
     * @throws IllegalArgumentException if {@code soak} is negative
     */
    public static ReadinessPolicy stableAndRunningFor(Duration soak) {
        Objects.requireNonNull(soak, "soak == null");
        if (soak.isNegative()) {
            throw new IllegalArgumentException("soak must not be negative: " + soak);
        }
        return (candidate, incumbent, readySince, now) -> {
            var end = readySince.plus(soak);
            return now.isBefore(end)
                    ? new ReadinessVerdict.WaitUntil(end, "soaking for " + soak)
                    : ReadinessVerdict.ready();
        };
    }

    /**
     * Ready only when every policy is ready. A {@code WaitUntil} from any policy wins over {@code
     * Ready}; a {@code NotReady} wins over both.
     */
    public static ReadinessPolicy allOf(ReadinessPolicy... policies) {
        var all = List.of(policies);
        return (candidate, incumbent, readySince, now) -> {
            ReadinessVerdict result = ReadinessVerdict.ready();
            for (var policy : all) {
                var verdict = policy.evaluate(candidate, incumbent, readySince, now);
                if (verdict instanceof ReadinessVerdict.NotReady) {
                    return verdict;
                }
                if (verdict instanceof ReadinessVerdict.WaitUntil w
                        && (!(result instanceof ReadinessVerdict.WaitUntil r)
                                || w.at().isAfter(r.at()))) {
                    result = verdict;
                }
            }
            return result;
        };
    }
}
