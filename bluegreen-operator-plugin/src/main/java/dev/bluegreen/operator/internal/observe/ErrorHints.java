package dev.bluegreen.operator.internal.observe;

import dev.bluegreen.core.Color;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Known child errors and what to do about them: a table of rows, each a pattern searched in every
 * message of a child's {@code status.error} (see {@link ErrorText#messages}) and the hint shown
 * with it. The first matching row wins. In a hint, {@code {color}} is the failing child's colour,
 * {@code {other}} the opposite one and {@code {1}} the pattern's first group. Immutable and
 * thread-safe; the table is documented in docs/operations.md.
 */
public final class ErrorHints {

    /**
     * One row of the table.
     *
     * @param name a short name for tests and docs
     * @param pattern searched (not matched whole) in each message, case-insensitively
     * @param hint the hint with its placeholders
     */
    public record Row(String name, Pattern pattern, String hint) {
        public Row {
            Objects.requireNonNull(name, "name == null");
            Objects.requireNonNull(pattern, "pattern == null");
            Objects.requireNonNull(hint, "hint == null");
        }

        private static Row of(String name, String regex, String hint) {
            return new Row(name, Pattern.compile(regex, Pattern.CASE_INSENSITIVE), hint);
        }
    }

    /** The rows, in the order they are tried. */
    public static final List<Row> ROWS =
            List.of(
                    // Flink's Checkpoints.throwNonRestoredStateException
                    Row.of(
                            "nonRestoredState",
                            "Cannot map checkpoint/savepoint state for operator \\S+ to the new"
                                    + " program",
                            "{color} could not map {other}'s savepoint state: an operator of"
                                    + " {other} (for example a per-colour sink uid) is not in"
                                    + " {color}; set spec.template.spec.job.allowNonRestoredState:"
                                    + " true (docs/sinks.md)"),
                    // Flink's REST handler of stop-with-savepoint/savepoint without a directory,
                    // and the upstream operator's validation of upgradeMode savepoint
                    Row.of(
                            "savepointDirectoryNotSet",
                            "Config key ?\\[(state\\.savepoints\\.dir"
                                    + "|execution\\.checkpointing\\.savepoint-dir)\\] is not set",
                            "no savepoint directory: set {1} in"
                                    + " spec.template.spec.flinkConfiguration (a savepoint"
                                    + " hand-over and stopping a child with a savepoint need"
                                    + " it)"),
                    // the upstream operator's DefaultValidator.validateServiceAccount
                    Row.of(
                            "serviceAccountMissing",
                            "spec\\.serviceAccount must be defined",
                            "the operator rejected {color}: set spec.template.spec.serviceAccount"
                                    + " (the service account of the Flink pods, e.g. the Helm"
                                    + " chart's jobServiceAccount, default flink)"));

    private ErrorHints() {}

    /**
     * The hint of the first row whose pattern is found in one of {@code messages}, for a child of
     * {@code color}; empty when none matches.
     */
    public static Optional<String> hint(List<String> messages, Color color) {
        Objects.requireNonNull(color, "color == null");
        for (Row row : ROWS) {
            for (String message : messages) {
                Matcher matcher = row.pattern().matcher(message);
                if (matcher.find()) {
                    return Optional.of(render(row.hint(), matcher, color));
                }
            }
        }
        return Optional.empty();
    }

    private static String render(String hint, Matcher matcher, Color color) {
        String group = matcher.groupCount() >= 1 ? matcher.group(1) : "";
        return hint.replace("{color}", color.lowerCase())
                .replace("{other}", color.opposite().lowerCase())
                .replace("{1}", group);
    }
}
