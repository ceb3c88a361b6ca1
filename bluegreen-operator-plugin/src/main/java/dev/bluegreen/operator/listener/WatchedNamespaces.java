package dev.bluegreen.operator.listener;

import dev.bluegreen.operator.standalone.BadOptionException;
import dev.bluegreen.operator.standalone.ControllerOptions;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Which namespaces the drop-in watches, decided from settings already read; first match wins:
 *
 * <ol>
 *   <li>its own listener key {@code namespaces}, when present (an empty value: all namespaces);
 *   <li>the operator's environment variable {@value #OPERATOR_ENV}, when not blank;
 *   <li>the operator's option {@value #OPERATOR_KEY} (the Helm chart's {@code watchNamespaces} end
 *       up there);
 *   <li>all namespaces.
 * </ol>
 *
 * <p>Rules 2 and 3 are the operator's own rule for its watched namespaces ({@code
 * FlinkOperatorConfiguration.fromConfiguration}, release-1.13.0 to release-1.15.0), so by default
 * the drop-in watches what the operator watches. The operator's value {@value #OPERATOR_ALL} (its
 * default) means all namespaces. The operator's settings are asked for only when the listener key
 * is absent. Pure; thread-safe.
 */
final class WatchedNamespaces {
    /** The operator's option of its watched namespaces. */
    static final String OPERATOR_KEY = "kubernetes.operator.watched.namespaces";

    /** The operator's environment variable that wins over {@value #OPERATOR_KEY}. */
    static final String OPERATOR_ENV = "WATCH_NAMESPACES";

    /** The operator's (JOSDK's) value for all namespaces, the default of {@value #OPERATOR_KEY}. */
    static final String OPERATOR_ALL = "JOSDK_ALL_NAMESPACES";

    /** Where a choice came from; {@link #label} names it in logs and errors. */
    enum Source {
        LISTENER_KEY("listener option " + ControllerOptions.Option.NAMESPACES.key()),
        OPERATOR_ENV("operator environment variable " + WatchedNamespaces.OPERATOR_ENV),
        OPERATOR_OPTION("operator option " + OPERATOR_KEY),
        DEFAULT("default");

        private final String label;

        Source(String label) {
            this.label = label;
        }

        /** E.g. {@code operator option kubernetes.operator.watched.namespaces}. */
        String label() {
            return label;
        }
    }

    /**
     * The operator's own settings of its watched namespaces, as found in its process.
     *
     * @param env the value of {@value #OPERATOR_ENV}, if set
     * @param option the value of {@value #OPERATOR_KEY} in its configuration, if set
     */
    record OperatorSettings(Optional<String> env, Optional<String> option) {}

    /**
     * A decision: the namespaces (empty = all) and the setting they came from.
     *
     * @param namespaces the watched namespaces; empty = all
     * @param source where they came from
     */
    record Choice(Set<String> namespaces, Source source) {
        /** For the start log, e.g. {@code [team-a, team-b] (operator option ...)}. */
        String describe() {
            String which = namespaces.isEmpty() ? "all namespaces" : namespaces.toString();
            return which + " (" + source.label() + ")";
        }
    }

    private record Inputs(Optional<String> listenerKey, Supplier<OperatorSettings> operator) {}

    private record Rule(Source source, Function<Inputs, Optional<String>> value) {}

    /** The precedence, first match wins (the {@link Source#DEFAULT} applies when none matches). */
    private static final List<Rule> RULES =
            List.of(
                    new Rule(Source.LISTENER_KEY, Inputs::listenerKey),
                    new Rule(
                            Source.OPERATOR_ENV,
                            in -> in.operator().get().env().filter(v -> !v.isBlank())),
                    new Rule(Source.OPERATOR_OPTION, in -> in.operator().get().option()));

    private WatchedNamespaces() {}

    /**
     * The namespaces the drop-in watches.
     *
     * @param listenerKey the listener key {@code namespaces}, if present
     * @param operator the operator's settings, asked for (once) only without the listener key
     * @throws BadOptionException naming the chosen setting when a part of it is not a namespace
     *     name (or {@value #OPERATOR_ALL} is combined with names)
     */
    static Choice choose(Optional<String> listenerKey, Supplier<OperatorSettings> operator) {
        var inputs = new Inputs(listenerKey, memoized(operator));
        for (Rule rule : RULES) {
            Optional<String> value = rule.value().apply(inputs);
            if (value.isPresent()) {
                return new Choice(parse(rule.source(), value.get()), rule.source());
            }
        }
        return new Choice(Set.of(), Source.DEFAULT);
    }

    private static Set<String> parse(Source source, String value) {
        if (source != Source.LISTENER_KEY && value.contains(OPERATOR_ALL)) {
            if (!value.trim().equals(OPERATOR_ALL)) {
                throw new BadOptionException(
                        source.label(),
                        OPERATOR_ALL + " cannot be combined with names, got \"" + value + "\"");
            }
            return Set.of();
        }
        return ControllerOptions.parseNamespaces(source.label(), value);
    }

    private static Supplier<OperatorSettings> memoized(Supplier<OperatorSettings> operator) {
        var cached = new OperatorSettings[1];
        return () -> {
            if (cached[0] == null) {
                cached[0] = operator.get();
            }
            return cached[0];
        };
    }
}
