package dev.bluegreen.operator.listener;

import dev.bluegreen.operator.internal.process.CauseChain;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Which failed starts of the controller are worth a warning: the first one of each distinct root
 * cause (its type and message), and the extensions that could not be loaded. Retries with the same
 * cause say nothing new; a different cause, or the same one again after a successful start, is
 * reported again. Keeps the reported lines for inspection. Thread-safe.
 */
final class StartFailures {
    private final List<String> reported = new ArrayList<>();
    private String lastCause;

    /**
     * The warning for {@code failure}, or empty when the previous failure had the same root cause.
     * The warning names the whole cause chain and the root cause's type.
     */
    synchronized Optional<String> report(Throwable failure) {
        Throwable root = CauseChain.root(failure);
        String cause = root.getClass().getName() + ": " + root.getMessage();
        if (cause.equals(lastCause)) {
            return Optional.empty();
        }
        lastCause = cause;
        String line =
                CauseChain.describe(failure) + " (root cause " + root.getClass().getName() + ")";
        reported.add(line);
        return Optional.of(line);
    }

    /**
     * Reports an extension that was not loaded ({@link DropInExtensions}): always a new line, as
     * the controller starts without it.
     */
    synchronized void reportExtensionProblem(String problem) {
        reported.add("extension not loaded: " + problem);
    }

    /** Forgets the last cause: the controller started. */
    synchronized void started() {
        lastCause = null;
    }

    /** The warnings reported so far, oldest first. */
    synchronized List<String> reported() {
        return List.copyOf(reported);
    }
}
