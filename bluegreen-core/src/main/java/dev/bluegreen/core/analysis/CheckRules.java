package dev.bluegreen.core.analysis;

import dev.bluegreen.core.AnalysisPhase;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The rules of an analysis run, pure and deterministic: when a check measures next, how a
 * measurement changes its counters and phase, and the phase of a stage. The meanings are those of
 * Argo Rollouts' AnalysisRun as its code implements them (docs/analysis.md lists where we differ).
 * Stateless and thread-safe.
 */
public final class CheckRules {
    private CheckRules() {}

    /**
     * When {@code check} measures next in a run that started at {@code start}: start plus the
     * initial delay for the first; {@link CheckSpec#ERROR_RETRY_INTERVAL} after an error; else the
     * interval after the last (at once when the check has no interval but is not finished, which
     * validation prevents: {@code count > 1} needs an interval). Empty once the check is finished,
     * or when {@code stageEnded} (another check ended the stage).
     */
    public static Optional<Instant> nextAt(
            CheckSpec check, CheckProgress progress, Instant start, boolean stageEnded) {
        if (stageEnded || progress.phase().finished()) {
            return Optional.empty();
        }
        if (progress.recent().isEmpty()) {
            return Optional.of(start.plus(check.initialDelay()));
        }
        Measurement last = progress.recent().get(progress.recent().size() - 1);
        if (last.phase() == MeasurementPhase.ERROR) {
            return Optional.of(last.at().plus(CheckSpec.ERROR_RETRY_INTERVAL));
        }
        return Optional.of(check.interval() == null ? last.at() : last.at().plus(check.interval()));
    }

    /**
     * {@code progress} with {@code measurement} added: counters updated, at most {@link
     * CheckProgress#KEPT} measurements kept, and the phase assessed in Argo's order (failure,
     * inconclusive and error limits, the last that trips wins; then the effective count).
     *
     * @throws IllegalStateException if the check is already finished (its phase is final)
     * @throws IllegalArgumentException if {@code progress} belongs to another check
     */
    public static CheckProgress record(
            CheckSpec check, CheckProgress progress, Measurement measurement) {
        if (!check.name().equals(progress.name())) {
            throw new IllegalArgumentException(
                    "progress of check " + progress.name() + " given for check " + check.name());
        }
        if (progress.phase().finished()) {
            throw new IllegalStateException(
                    "check " + check.name() + " is finished (" + progress.phase() + ")");
        }
        CheckProgress counted = count(progress, measurement);
        return withPhase(counted, assess(check, counted));
    }

    private static CheckProgress count(CheckProgress p, Measurement m) {
        MeasurementPhase phase = m.phase();
        boolean error = phase == MeasurementPhase.ERROR;
        return new CheckProgress(
                p.name(),
                p.phase(),
                p.successful() + (phase == MeasurementPhase.SUCCESSFUL ? 1 : 0),
                p.failed() + (phase == MeasurementPhase.FAILED ? 1 : 0),
                p.inconclusive() + (phase == MeasurementPhase.INCONCLUSIVE ? 1 : 0),
                p.errors() + (error ? 1 : 0),
                error ? p.consecutiveErrors() + 1 : 0,
                kept(p.recent(), m));
    }

    private static List<Measurement> kept(List<Measurement> recent, Measurement added) {
        List<Measurement> all = new ArrayList<>(recent);
        all.add(added);
        return all.subList(Math.max(0, all.size() - CheckProgress.KEPT), all.size());
    }

    private static CheckProgress withPhase(CheckProgress p, AnalysisPhase phase) {
        return new CheckProgress(
                p.name(),
                phase,
                p.successful(),
                p.failed(),
                p.inconclusive(),
                p.errors(),
                p.consecutiveErrors(),
                p.recent());
    }

    /** The phase of a check with these counters (Argo's {@code assessMetricStatus}). */
    private static AnalysisPhase assess(CheckSpec check, CheckProgress p) {
        AnalysisPhase tripped = null;
        if (check.failureLimit() >= 0 && p.failed() > check.failureLimit()) {
            tripped = AnalysisPhase.FAILED;
        }
        if (p.inconclusive() > check.inconclusiveLimit()) {
            tripped = AnalysisPhase.INCONCLUSIVE;
        }
        if (p.consecutiveErrors() > check.consecutiveErrorLimit()) {
            tripped = AnalysisPhase.ERROR;
        }
        if (tripped != null) {
            return tripped;
        }
        int effective = check.effectiveCount();
        return effective > 0 && p.counted() >= effective
                ? AnalysisPhase.SUCCESSFUL
                : AnalysisPhase.RUNNING;
    }

    /**
     * The phase of a stage with these checks: the worst phase once any check failed, erred or is
     * inconclusive (the stage ends: no more measurements); {@link AnalysisPhase#SUCCESSFUL} when
     * all succeeded; {@link AnalysisPhase#PENDING} when none measured yet; else {@link
     * AnalysisPhase#RUNNING}. {@link AnalysisPhase#NONE} for no checks.
     */
    public static AnalysisPhase stagePhase(List<CheckProgress> checks) {
        if (checks.isEmpty()) {
            return AnalysisPhase.NONE;
        }
        if (ended(checks)) {
            return checks.stream()
                    .map(CheckProgress::phase)
                    .reduce(AnalysisPhase.NONE, AnalysisPhase::worse);
        }
        if (checks.stream().allMatch(c -> c.phase() == AnalysisPhase.SUCCESSFUL)) {
            return AnalysisPhase.SUCCESSFUL;
        }
        boolean noneMeasured = checks.stream().allMatch(c -> c.phase() == AnalysisPhase.PENDING);
        return noneMeasured ? AnalysisPhase.PENDING : AnalysisPhase.RUNNING;
    }

    /**
     * Whether a check of the stage failed, erred or is inconclusive: the stage ends and its other
     * checks take no more measurements.
     */
    public static boolean ended(List<CheckProgress> checks) {
        return checks.stream()
                .map(CheckProgress::phase)
                .anyMatch(p -> p.failed() || p == AnalysisPhase.INCONCLUSIVE);
    }

    /**
     * The earliest {@link #nextAt} over the checks of one stage that started at {@code start}: when
     * the controller should measure (and so reconcile) next. A check without progress counts as
     * {@link CheckProgress#pending pending}; progress of a check not in {@code checks} is ignored.
     * Empty when no check measures again (all finished, or the stage ended).
     */
    public static Optional<Instant> earliestNextAt(
            List<CheckSpec> checks, List<CheckProgress> progress, Instant start) {
        Map<String, CheckProgress> byName =
                progress.stream()
                        .collect(
                                Collectors.toMap(
                                        CheckProgress::name, Function.identity(), (a, b) -> b));
        boolean ended = ended(progress);
        return checks.stream()
                .map(
                        c ->
                                nextAt(
                                        c,
                                        byName.getOrDefault(
                                                c.name(), CheckProgress.pending(c.name())),
                                        start,
                                        ended))
                .flatMap(Optional::stream)
                .min(Instant::compareTo);
    }

    /**
     * How long {@code check} runs from the stage's start when no measurement errs: its initial
     * delay plus {@code interval × (effective count − 1)}; each error adds up to {@link
     * CheckSpec#ERROR_RETRY_INTERVAL}, and a provider's response time adds too. Empty for an
     * indefinite check (an interval without a count), which ends only when a limit trips.
     */
    public static Optional<Duration> maxDuration(CheckSpec check) {
        int effective = check.effectiveCount();
        if (effective == 0) {
            return Optional.empty();
        }
        Duration interval = check.interval() == null ? Duration.ZERO : check.interval();
        return Optional.of(check.initialDelay().plus(interval.multipliedBy(effective - 1L)));
    }
}
