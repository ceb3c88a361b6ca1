package dev.bluegreen.operator.internal.process;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * A start-up failure told in one line, outermost first, each link as {@code SimpleType: message},
 * e.g. {@code OperatorException: Error starting operator <- KubernetesClientException: Failure
 * executing: GET ... Message: Forbidden}. JOSDK wraps the real cause (a missing permission, a
 * missing CRD, an unreachable API server) in {@code "Error starting operator"}, so the outer
 * message alone says nothing. Stateless and thread-safe.
 */
public final class CauseChain {
    /** The longest message of one link shown; longer ones are cut with {@code "..."}. */
    public static final int MAX_MESSAGE = 400;

    private CauseChain() {}

    /** The chain of {@code failure} and its causes, ending at the root cause (cycles cut). */
    public static String describe(Throwable failure) {
        List<String> links = new ArrayList<>();
        for (Throwable t : chain(failure)) {
            links.add(link(t));
        }
        return String.join(" <- ", links);
    }

    /** The innermost cause of {@code failure}: its root, or itself when it has no cause. */
    public static Throwable root(Throwable failure) {
        List<Throwable> chain = chain(failure);
        return chain.get(chain.size() - 1);
    }

    private static List<Throwable> chain(Throwable failure) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        List<Throwable> chain = new ArrayList<>();
        for (Throwable t = failure; t != null && seen.add(t); t = t.getCause()) {
            chain.add(t);
        }
        return chain;
    }

    private static String link(Throwable t) {
        String message = t.getMessage();
        if (message == null || message.isBlank()) {
            return t.getClass().getSimpleName();
        }
        String oneLine = message.strip().replaceAll("\\s+", " ");
        if (oneLine.length() > MAX_MESSAGE) {
            oneLine = oneLine.substring(0, MAX_MESSAGE - 3) + "...";
        }
        return t.getClass().getSimpleName() + ": " + oneLine;
    }
}
