package dev.bluegreen.operator.internal.observe;

import dev.bluegreen.operator.internal.spec.SpecJson;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The summary of a child's {@code status.error}: upstream's JSON, the stand-in's, plain text. */
class ErrorTextTest {
    static final String ROLLBACK_FAILED =
            "Failed to rollback to checkpoint/savepoint file:/savepoints/savepoint-fca98f. Cannot"
                    + " map checkpoint/savepoint state for operator f3dcb3ca563a8ba1 to the new"
                    + " program, because the operator is not available in the new program.";

    /** The JSON upstream's FlinkResourceExceptionUtils writes: the cause chain, outermost first. */
    static String upstreamJson() {
        ObjectNode error = JsonNodeFactory.instance.objectNode();
        error.put("type", "org.apache.flink.kubernetes.operator.exception.ReconciliationException");
        error.put("message", "org.apache.flink.runtime.client.JobInitializationException: x");
        error.putObject("additionalMetadata");
        var chain = error.putArray("throwableList");
        chain.addObject()
                .put("type", "org.apache.flink.runtime.client.JobInitializationException")
                .put("message", "Could not start the JobMaster.")
                .putObject("additionalMetadata");
        chain.addObject()
                .put("type", "java.lang.IllegalStateException")
                .put("message", ROLLBACK_FAILED)
                .putObject("additionalMetadata");
        return error.toString();
    }

    static Stream<Arguments> errors() {
        String trace =
                "org.apache.flink.runtime.client.JobInitializationException: Could not start the"
                        + " JobMaster.\n\tat org.apache.flink.runtime.jobmaster.Foo.bar(Foo.java:1)\n"
                        + "Caused by: java.util.concurrent.CompletionException: wrapped\n\tat x\n"
                        + "Caused by: java.lang.IllegalStateException: boom\n\tat y\n\t... 7 more";
        return Stream.of(
                Arguments.of(
                        "upstream JSON: the root cause of throwableList",
                        text(upstreamJson()),
                        ROLLBACK_FAILED),
                Arguments.of(
                        "upstream JSON without a cause chain: its message",
                        text(
                                "{\"type\":\"a.B\",\"message\":\"the JobManager deployment is"
                                        + " missing\",\"additionalMetadata\":{},\"throwableList\":[]}"),
                        "the JobManager deployment is missing"),
                Arguments.of(
                        "stand-in JSON with an inline cause: the cause",
                        text(
                                "{\"type\":\"java.lang.RuntimeException\",\"message\":\"start failed"
                                        + " caused by java.lang.IllegalStateException: no jar\"}"),
                        "java.lang.IllegalStateException: no jar"),
                Arguments.of(
                        "plain text stack trace: the last Caused by",
                        text(trace),
                        "java.lang.IllegalStateException: boom"),
                Arguments.of(
                        "an empty Caused by line is skipped",
                        text("outer failure\nCaused by:   \n\tat z"),
                        "outer failure"),
                Arguments.of(
                        "plain text: its first non-blank line, whitespace collapsed",
                        text("\n  Job   could not be upgraded\nsecond line"),
                        "Job could not be upgraded"),
                Arguments.of(
                        "text that only looks like JSON: the text", text("{not json"), "{not json"),
                Arguments.of(
                        "a JSON object instead of text: read like upstream's",
                        SpecJson.parse("{\"type\":\"x\",\"message\":\"as an object\"}", "error"),
                        "as an object"),
                Arguments.of(
                        "a JSON object without messages: its JSON",
                        SpecJson.parse("{\"code\":42}", "error"),
                        "{\"code\":42}"),
                Arguments.of(
                        "a number instead of text: the number",
                        JsonNodeFactory.instance.numberNode(503),
                        "503"),
                Arguments.of(
                        "a blank message falls back to the one before it",
                        text("{\"message\":\"outer\",\"throwableList\":[{\"message\":\" \"}]}"),
                        "outer"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("errors")
    void summarisesTheMostSpecificMessage(String name, JsonNode error, String expected) {
        // When
        String summary = ErrorText.summary(error);

        // Then
        assertThat(summary).isEqualTo(expected);
    }

    @Test
    void hasNoSummaryForNullMissingOrBlankErrors() {
        assertThat(ErrorText.summary(null)).isNull();
        assertThat(ErrorText.summary(MissingNode.getInstance())).isNull();
        assertThat(ErrorText.summary(JsonNodeFactory.instance.nullNode())).isNull();
        assertThat(ErrorText.summary(text("  \n "))).isNull();
    }

    @Test
    void cutsALongSummaryToItsLimitWithAnEllipsis() {
        // Given
        String longLine = "x".repeat(ErrorText.MAX_SUMMARY * 2);

        // When
        String summary = ErrorText.summary(text(longLine));

        // Then
        assertThat(summary).hasSize(ErrorText.MAX_SUMMARY).endsWith("...");
        assertThat(summary).startsWith("x".repeat(ErrorText.MAX_SUMMARY - 3));
    }

    @Test
    void readsAHugeErrorOnlyUpToItsLimits() {
        // Given: 4 MB of text, too long to parse as JSON, with a message in its first line
        String huge = "{\"message\": \"first\"}\n" + "y".repeat(4 * 1024 * 1024);

        // When
        var messages = ErrorText.messages(text(huge));
        String summary = ErrorText.summary(text(huge));

        // Then
        assertThat(messages)
                .singleElement()
                .satisfies(m -> assertThat(m).hasSize(ErrorText.MAX_READ));
        assertThat(summary).isEqualTo("{\"message\": \"first\"}");
    }

    @Test
    void listsEveryMessageOfTheCauseChainOutermostFirst() {
        assertThat(ErrorText.messages(text(upstreamJson())))
                .containsExactly(
                        "org.apache.flink.runtime.client.JobInitializationException: x",
                        "Could not start the JobMaster.",
                        ROLLBACK_FAILED);
    }

    private static JsonNode text(String value) {
        return JsonNodeFactory.instance.textNode(value);
    }
}
