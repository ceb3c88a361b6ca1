package dev.bluegreen.operator.internal.analysis;

import dev.bluegreen.core.AnalysisPhase;
import dev.bluegreen.core.analysis.CheckProgress;
import dev.bluegreen.core.analysis.Measurement;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What a stage's run says in {@code status.analysis.<stage>.message}, the engine's verdict and the
 * events: the checks that decided the phase with their last values, e.g. {@code check error-rate
 * failed: last values [0.31], [0.42]}. Stateless.
 */
final class Summaries {
    /** How many of a check's last values a summary names. */
    static final int VALUES = 3;

    private Summaries() {}

    /** The summary of a stage in {@code phase} whose checks are {@code progress}. */
    static String of(AnalysisPhase phase, List<CheckProgress> progress) {
        return switch (phase) {
            case NONE -> "";
            case PENDING -> "pending: no measurement of " + names(progress) + " yet";
            case RUNNING -> "running: " + counts(progress);
            case SUCCESSFUL -> "passed: " + counts(progress);
            case FAILED, ERROR, INCONCLUSIVE ->
                    progress.stream()
                            .filter(p -> p.phase() == phase)
                            .map(Summaries::decisive)
                            .collect(Collectors.joining("; "));
        };
    }

    /** {@code check NAME failed: last values V1, V2} (and the last error's message). */
    private static String decisive(CheckProgress check) {
        String verb =
                switch (check.phase()) {
                    case FAILED -> "failed";
                    case ERROR -> "erred";
                    default -> check.phase().name().toLowerCase(Locale.ROOT);
                };
        List<Measurement> recent = check.recent();
        List<Measurement> last = recent.subList(Math.max(0, recent.size() - VALUES), recent.size());
        String values =
                last.stream()
                        .map(m -> m.value().isEmpty() ? "(none)" : m.value())
                        .collect(Collectors.joining(", "));
        String text = "check " + check.name() + " " + verb + ": last values " + values;
        if (!last.isEmpty() && !last.get(last.size() - 1).message().isEmpty()) {
            text += " (" + last.get(last.size() - 1).message() + ")";
        }
        return text;
    }

    private static String names(List<CheckProgress> progress) {
        return progress.stream().map(CheckProgress::name).collect(Collectors.joining(", "));
    }

    /** {@code a 2 measured, b 1 measured}: the counted measurements of each check. */
    private static String counts(List<CheckProgress> progress) {
        return progress.stream()
                .map(p -> p.name() + " " + p.counted() + " measured")
                .collect(Collectors.joining(", "));
    }
}
