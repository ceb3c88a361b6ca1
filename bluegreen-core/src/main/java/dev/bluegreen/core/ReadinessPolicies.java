package dev.bluegreen.core;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
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
        return input -> {
            var end = input.readySince().plus(soak);
            return input.now().isBefore(end)
                    ? new ReadinessVerdict.WaitUntil(end, "soaking for " + soak)
                    : ReadinessVerdict.ready();
        };
    }

    /**
     * Ready once the candidate's current job run has completed at least {@code checkpoints}
     * checkpoints ({@link HealthFacts#completedCheckpoints()}); not ready before. Unknown counts as
     * zero, and the message says why it is unknown ({@link HealthFacts#unknownBecause()}).
     *
     * @throws IllegalArgumentException if {@code checkpoints} is negative
     */
    public static ReadinessPolicy completedCheckpoints(int checkpoints) {
        if (checkpoints < 0) {
            throw new IllegalArgumentException("checkpoints must not be negative: " + checkpoints);
        }
        return input -> {
            ChildObservation candidate = input.candidate();
            long done = candidate.health().completedCheckpoints();
            String why = done + " of " + checkpoints + " checkpoints completed";
            return done >= checkpoints
                    ? ReadinessVerdict.ready()
                    : new ReadinessVerdict.NotReady(why + because(candidate.health()));
        };
    }

    /**
     * Ready once the candidate's source backlog ({@link HealthFacts#lagRecords()}) is at most the
     * incumbent's backlog plus {@code toleranceRecords}; with no incumbent backlog known, at most
     * {@code toleranceRecords} (unknown never loosens the check). Not ready while the candidate's
     * backlog is unknown. Messages read {@code backlog 18,400 records, the serving child's 120,
     * bound 1,000}.
     *
     * @throws IllegalArgumentException if {@code toleranceRecords} is negative
     */
    public static ReadinessPolicy lagParity(long toleranceRecords) {
        if (toleranceRecords < 0) {
            throw new IllegalArgumentException(
                    "toleranceRecords must not be negative: " + toleranceRecords);
        }
        return input -> lagParity(input.candidate(), input.incumbent(), toleranceRecords);
    }

    private static ReadinessVerdict lagParity(
            ChildObservation candidate, ChildObservation incumbent, long toleranceRecords) {
        Long lag = candidate.health().lagRecords();
        if (lag == null) {
            return new ReadinessVerdict.NotReady("backlog unknown" + because(candidate.health()));
        }
        Long incumbentLag = incumbent.health().lagRecords();
        long limit = (incumbentLag == null ? 0 : incumbentLag) + toleranceRecords;
        return lag <= limit
                ? ReadinessVerdict.ready()
                : new ReadinessVerdict.NotReady(
                        String.format(
                                Locale.ROOT,
                                "backlog %,d records, the serving child's %s, bound %,d",
                                lag,
                                servingBacklog(incumbent),
                                toleranceRecords));
    }

    private static String servingBacklog(ChildObservation incumbent) {
        Long incumbentLag = incumbent.health().lagRecords();
        return incumbentLag == null
                ? "unknown" + because(incumbent.health()) + ", counted as 0"
                : String.format(Locale.ROOT, "%,d", incumbentLag);
    }

    private static String because(HealthFacts facts) {
        return facts.unknownBecause() == null ? "" : " (" + facts.unknownBecause() + ")";
    }

    /**
     * Ready only when every policy is ready. A {@code WaitUntil} from any policy wins over {@code
     * Ready}; a {@code NotReady} wins over both.
     */
    public static ReadinessPolicy allOf(ReadinessPolicy... policies) {
        var all = List.of(policies);
        return input -> {
            ReadinessVerdict result = ReadinessVerdict.ready();
            for (var policy : all) {
                var verdict = policy.evaluate(input);
                if (verdict instanceof ReadinessVerdict.NotReady
                        || verdict instanceof ReadinessVerdict.Failed) {
                    return verdict;
                }
                result = later(result, verdict);
            }
            return result;
        };
    }

    /**
     * {@code verdict} when it waits longer than {@code result} (Ready waits least), else result.
     */
    private static ReadinessVerdict later(ReadinessVerdict result, ReadinessVerdict verdict) {
        return verdict instanceof ReadinessVerdict.WaitUntil w
                        && (!(result instanceof ReadinessVerdict.WaitUntil r)
                                || w.at().isAfter(r.at()))
                ? verdict
                : result;
    }
}
