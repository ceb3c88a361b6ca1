package dev.bluegreen.operator.listener;

import dev.bluegreen.operator.listener.WatchedNamespaces.OperatorSettings;
import dev.bluegreen.operator.listener.WatchedNamespaces.Source;
import dev.bluegreen.operator.standalone.BadOptionException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Arrays;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The drop-in's watched namespaces: listener key, else the operator's, else all; row by row. */
class WatchedNamespacesTest {

    /** Columns: listener key, operator env, operator option ("-" = absent), watched, source. */
    @ParameterizedTest(name = "key {0}, env {1}, option {2} -> {3} from {4}")
    @CsvSource(
            delimiter = '|',
            value = {
                // the listener key wins, whatever the operator watches
                "team-a        | ops          | team-b, team-c       | team-a        | LISTENER_KEY",
                "team-a,team-x | -            | team-b               | team-a team-x | LISTENER_KEY",
                // an empty listener key: all namespaces, although the operator watches some
                "''            | -            | team-b               | ''            | LISTENER_KEY",
                // without it: the operator's environment variable (its own rule) ...
                "-             | ops, team-b  | team-c               | ops team-b    | OPERATOR_ENV",
                // ... unless blank, then the operator's option (the Helm chart's watchNamespaces)
                "-             | '  '         | team-b, team-c       | team-b team-c | OPERATOR_OPTION",
                "-             | -            | team-b,team-c        | team-b team-c | OPERATOR_OPTION",
                // the operator's default value means all namespaces, as it does for the operator
                "-             | -            | JOSDK_ALL_NAMESPACES | ''            | OPERATOR_OPTION",
                "-             | JOSDK_ALL_NAMESPACES | team-b       | ''            | OPERATOR_ENV",
                // nothing set anywhere: all namespaces
                "-             | -            | -                    | ''            | DEFAULT",
            })
    void choosesTheListenerKeyThenTheOperatorsNamespacesThenAll(
            String key, String env, String option, String watched, Source source) {
        var choice =
                WatchedNamespaces.choose(
                        given(key), () -> new OperatorSettings(given(env), given(option)));

        assertThat(choice.source()).isEqualTo(source);
        assertThat(new TreeSet<>(choice.namespaces())).isEqualTo(names(watched));
    }

    @Test
    void readsNothingOfTheOperatorWhenTheListenerKeyIsSet() {
        var choice =
                WatchedNamespaces.choose(
                        Optional.of("team-a"),
                        () -> {
                            throw new AssertionError("the operator's settings were read");
                        });

        assertThat(choice.namespaces()).containsExactly("team-a");
    }

    @Test
    void readsTheOperatorsSettingsOnce() {
        var reads = new AtomicInteger();

        WatchedNamespaces.choose(
                Optional.empty(),
                () -> {
                    reads.incrementAndGet();
                    return new OperatorSettings(Optional.empty(), Optional.of("team-b"));
                });

        assertThat(reads).hasValue(1);
    }

    @ParameterizedTest(name = "key {0}, env {1}, option {2}")
    @CsvSource(
            delimiter = '|',
            value = {
                "Team_A | -                           | -      | listener option namespaces",
                "-      | team-a,,team-b              | -      | operator environment variable"
                        + " WATCH_NAMESPACES",
                "-      | -                           | a b    | operator option"
                        + " kubernetes.operator.watched.namespaces",
                "-      | -                           | JOSDK_ALL_NAMESPACES,team-a | operator"
                        + " option kubernetes.operator.watched.namespaces",
                // the listener's own key takes no operator tokens
                "JOSDK_ALL_NAMESPACES | -             | -      | listener option namespaces",
            })
    void refusesABadValueNamingTheSettingItCameFrom(
            String key, String env, String option, String named) {
        assertThatThrownBy(
                        () ->
                                WatchedNamespaces.choose(
                                        given(key),
                                        () -> new OperatorSettings(given(env), given(option))))
                .isInstanceOf(BadOptionException.class)
                .hasMessageStartingWith(named + ": ");
    }

    @Test
    void describesTheChoiceForTheStartLog() {
        var all =
                WatchedNamespaces.choose(
                        Optional.empty(),
                        () -> new OperatorSettings(Optional.empty(), Optional.empty()));
        var some =
                WatchedNamespaces.choose(
                        Optional.empty(),
                        () -> new OperatorSettings(Optional.empty(), Optional.of("team-b")));

        assertThat(all.describe()).isEqualTo("all namespaces (default)");
        assertThat(some.describe())
                .isEqualTo("[team-b] (operator option kubernetes.operator.watched.namespaces)");
    }

    private static Optional<String> given(String cell) {
        return "-".equals(cell) ? Optional.empty() : Optional.of(cell == null ? "" : cell);
    }

    private static Set<String> names(String cell) {
        var names = new TreeSet<String>();
        if (cell != null && !cell.isBlank()) {
            names.addAll(Arrays.asList(cell.trim().split(" +")));
        }
        return names;
    }
}
