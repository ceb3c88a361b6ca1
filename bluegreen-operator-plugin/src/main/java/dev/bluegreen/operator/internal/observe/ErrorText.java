package dev.bluegreen.operator.internal.observe;

import dev.bluegreen.operator.internal.spec.SpecJson;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/**
 * The readable part of a child FlinkDeployment's {@code status.error}. The upstream operator writes
 * the JSON of a {@code FlinkResourceException} ({@code {"type", "message", "stackTrace",
 * "additionalMetadata", "throwableList": [{"type", "message"}, ...]}}, the cause chain outermost
 * first), or plain text when that fails; the local stand-in writes {@code {"type", "message"}}.
 * Both are read, as is any other text. Pure, stateless and thread-safe; never throws for odd input.
 */
public final class ErrorText {
    /** The longest summary, in characters; a longer one is cut and ends with {@code "..."}. */
    public static final int MAX_SUMMARY = 300;

    /** Only this many characters of each message are read (upstream caps a field at 2048). */
    static final int MAX_READ = 64 * 1024;

    /** A longer JSON error is read as text. */
    static final int MAX_PARSE = 1024 * 1024;

    private static final String CAUSED_BY = "Caused by:";
    private static final String INLINE_CAUSE = " caused by ";

    private ErrorText() {}

    /**
     * The messages of an error, most specific (the root cause) last: for upstream's JSON the
     * top-level message and then each {@code throwableList} message; for a JSON object without
     * messages its text; for text the text itself. Empty for {@code null}, a missing or blank
     * value.
     */
    public static List<String> messages(JsonNode error) {
        if (error == null || error.isMissingNode() || error.isNull()) {
            return List.of();
        }
        JsonNode tree = error.isTextual() ? parsedObject(error.asText()) : error;
        if (tree == null || !tree.isObject()) {
            String text = error.isValueNode() ? error.asText() : error.toString();
            return text.isBlank() ? List.of() : List.of(capped(text));
        }
        var messages = new ArrayList<String>();
        addMessage(messages, tree);
        for (JsonNode cause : tree.path("throwableList")) {
            addMessage(messages, cause);
        }
        if (messages.isEmpty()) {
            messages.add(capped(tree.toString()));
        }
        return messages;
    }

    /**
     * A one-line summary of an error: of its most specific message (see {@link #messages}), the
     * last {@code Caused by:} line of a stack trace, else its first non-blank line (of a line
     * {@code "<message> caused by <cause>"} the cause); whitespace collapsed, at most {@value
     * #MAX_SUMMARY} characters. {@code null} when there is no message.
     */
    public static String summary(JsonNode error) {
        List<String> messages = messages(error);
        return messages.isEmpty() ? null : summaryOf(messages.get(messages.size() - 1));
    }

    /** The one-line summary of one message (see {@link #summary}); {@code null} when blank. */
    static String summaryOf(String message) {
        String line = rootLine(message);
        if (line == null || line.isBlank()) {
            return null;
        }
        int inline = line.lastIndexOf(INLINE_CAUSE);
        if (inline >= 0 && !line.substring(inline + INLINE_CAUSE.length()).isBlank()) {
            // the stand-in's form: "<message> caused by <root cause>"
            line = line.substring(inline + INLINE_CAUSE.length());
        }
        String flat = line.strip().replaceAll("\\s+", " ");
        return flat.length() <= MAX_SUMMARY ? flat : flat.substring(0, MAX_SUMMARY - 3) + "...";
    }

    /** The last "Caused by:" line's text, else the first line that is not blank, or null. */
    private static String rootLine(String message) {
        String line = null;
        for (String candidate : message.split("\\R")) {
            String stripped = candidate.strip();
            if (stripped.startsWith(CAUSED_BY)
                    && !stripped.substring(CAUSED_BY.length()).isBlank()) {
                line = stripped.substring(CAUSED_BY.length());
            } else if (line == null && !stripped.isEmpty()) {
                line = stripped;
            }
        }
        return line;
    }

    private static void addMessage(List<String> messages, JsonNode exception) {
        JsonNode message = exception.path("message");
        if (message.isValueNode() && !message.asText().isBlank()) {
            messages.add(capped(message.asText()));
        }
    }

    /** The JSON object in {@code text}, or {@code null} when it is not one. */
    private static JsonNode parsedObject(String text) {
        String stripped = text.strip();
        if (!stripped.startsWith("{") || stripped.length() > MAX_PARSE) {
            return null;
        }
        try {
            return SpecJson.mapper().readTree(stripped);
        } catch (JsonProcessingException notJson) {
            return null;
        }
    }

    private static String capped(String text) {
        return text.length() <= MAX_READ ? text : text.substring(0, MAX_READ);
    }
}
