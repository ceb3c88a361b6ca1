package dev.bluegreen.operator.internal.observe;

import dev.bluegreen.core.Color;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The known-error table, row by row, with Flink's and the upstream operator's own messages. */
class ErrorHintsTest {
    /** Flink 1.x Checkpoints.throwNonRestoredStateException, as a JobManager reports it. */
    static final String NON_RESTORED =
            "java.lang.IllegalStateException: Failed to rollback to checkpoint/savepoint"
                    + " file:/savepoints/savepoint-4ad799-669e4f054d06. Cannot map"
                    + " checkpoint/savepoint state for operator b6f95128df0beec67bf08a0f6acc7ae8 to"
                    + " the new program, because the operator is not available in the new program."
                    + " If you want to allow to skip this, you can set the --allowNonRestoredState"
                    + " option on the CLI.";

    static Stream<Arguments> rows() {
        return Stream.of(
                Arguments.of(
                        "nonRestoredState",
                        "green restores blue's savepoint",
                        List.of("Could not start the JobMaster.", NON_RESTORED),
                        Color.GREEN,
                        "green could not map blue's savepoint state: an operator of blue (for"
                                + " example a per-colour sink uid) is not in green; set"
                                + " spec.template.spec.job.allowNonRestoredState: true"
                                + " (docs/sinks.md)"),
                Arguments.of(
                        "nonRestoredState",
                        "blue restores green's savepoint",
                        List.of(NON_RESTORED),
                        Color.BLUE,
                        "blue could not map green's savepoint state: an operator of green (for"
                                + " example a per-colour sink uid) is not in blue; set"
                                + " spec.template.spec.job.allowNonRestoredState: true"
                                + " (docs/sinks.md)"),
                Arguments.of(
                        "savepointDirectoryNotSet",
                        "Flink REST stop-with-savepoint without a directory",
                        List.of(
                                "org.apache.flink.runtime.rest.handler.RestHandlerException:"
                                        + " Config key [state.savepoints.dir] is not set. Property"
                                        + " [targetDirectory] must be provided."),
                        Color.BLUE,
                        "no savepoint directory: set state.savepoints.dir in"
                                + " spec.template.spec.flinkConfiguration (a savepoint hand-over"
                                + " and stopping a child with a savepoint need it)"),
                Arguments.of(
                        "savepointDirectoryNotSet",
                        "upstream validation of upgradeMode savepoint, Flink 2 key",
                        List.of(
                                "Job could not be upgraded with savepoint while config"
                                        + " key[execution.checkpointing.savepoint-dir] is not set"),
                        Color.GREEN,
                        "no savepoint directory: set execution.checkpointing.savepoint-dir in"
                                + " spec.template.spec.flinkConfiguration (a savepoint hand-over"
                                + " and stopping a child with a savepoint need it)"),
                Arguments.of(
                        "serviceAccountMissing",
                        "upstream operator 1.15 validation of a child without serviceAccount",
                        List.of(
                                "spec.serviceAccount must be defined. If you use helm, its value"
                                        + " should be the same with the name of"
                                        + " jobServiceAccount."),
                        Color.GREEN,
                        "the operator rejected green: set spec.template.spec.serviceAccount (the"
                                + " service account of the Flink pods, e.g. the Helm chart's"
                                + " jobServiceAccount, default flink)"));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("rows")
    void givesTheRowsHint(
            String row, String name, List<String> messages, Color color, String expected) {
        // When
        var hint = ErrorHints.hint(messages, color);

        // Then
        assertThat(hint).contains(expected);
        assertThat(ErrorHints.ROWS.stream().filter(r -> r.name().equals(row)))
                .singleElement()
                .satisfies(r -> assertThat(messages).anyMatch(m -> r.pattern().matcher(m).find()));
    }

    @Test
    void everyRowIsTested() {
        Set<String> tested = rows().map(a -> (String) a.get()[0]).collect(Collectors.toSet());
        assertThat(ErrorHints.ROWS).extracting(ErrorHints.Row::name).allMatch(tested::contains);
    }

    @Test
    void givesNoHintForAnUnknownOrEmptyError() {
        assertThat(
                        ErrorHints.hint(
                                List.of("java.lang.OutOfMemoryError: Java heap space"),
                                Color.GREEN))
                .isEmpty();
        assertThat(ErrorHints.hint(List.of(), Color.GREEN)).isEmpty();
        // another key than the savepoint directory is not this row's business
        assertThat(
                        ErrorHints.hint(
                                List.of("Config key [state.checkpoints.dir] is not set."),
                                Color.GREEN))
                .isEmpty();
    }
}
