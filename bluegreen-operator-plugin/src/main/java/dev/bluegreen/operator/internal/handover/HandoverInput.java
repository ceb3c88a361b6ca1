package dev.bluegreen.operator.internal.handover;

import dev.bluegreen.core.Color;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Everything the {@link Coordinator} decides from, as values. Immutable and thread-safe.
 *
 * @param desiredOwner the colour the engine wants to own the output tail ({@code
 *     TransitionRecord.outputOwner}), or {@code null} for no wish yet (nothing is proposed)
 * @param current the channel's newest command, or {@code null} before the first one
 * @param reports the newest report of every gate subtask (one per colour and subtask)
 * @param blueParallelism the number of gate subtasks blue runs, 0 when blue does not run; a
 *     negative value means unknown (the reports' own parallelism is used)
 * @param greenParallelism the same for green
 * @param catchUpBound how far (event time) the target colour's slowest subtask may be behind the
 *     other colour's fastest watermark for a proposal
 * @param margin added to the largest reported event time to pick the cutover
 * @param staleness reports older than this (by their {@code at}) are ignored
 * @param now the current time
 * @param keep what keep windows need (docs/gate.md, "Keep window and cold hand-back")
 */
public record HandoverInput(
        Color desiredOwner,
        GateCommand current,
        List<GateReport> reports,
        int blueParallelism,
        int greenParallelism,
        Duration catchUpBound,
        Duration margin,
        Duration staleness,
        Instant now,
        KeepInput keep) {

    public HandoverInput {
        reports = List.copyOf(Objects.requireNonNull(reports, "reports == null"));
        Objects.requireNonNull(catchUpBound, "catchUpBound == null");
        Objects.requireNonNull(margin, "margin == null");
        Objects.requireNonNull(staleness, "staleness == null");
        Objects.requireNonNull(now, "now == null");
        Objects.requireNonNull(keep, "keep == null");
    }

    /** An input without keep windows (none is opened; an open one closes). */
    public HandoverInput(
            Color desiredOwner,
            GateCommand current,
            List<GateReport> reports,
            int blueParallelism,
            int greenParallelism,
            Duration catchUpBound,
            Duration margin,
            Duration staleness,
            Instant now) {
        this(
                desiredOwner,
                current,
                reports,
                blueParallelism,
                greenParallelism,
                catchUpBound,
                margin,
                staleness,
                now,
                KeepInput.OFF);
    }

    /** The expected gate parallelism of {@code color} (negative: unknown). */
    public int parallelism(Color color) {
        return color == Color.BLUE ? blueParallelism : greenParallelism;
    }

    /** This input with another desired owner (the engine's new wish after it decided). */
    public HandoverInput withDesiredOwner(Color owner) {
        return new HandoverInput(
                owner,
                current,
                reports,
                blueParallelism,
                greenParallelism,
                catchUpBound,
                margin,
                staleness,
                now,
                keep);
    }
}
