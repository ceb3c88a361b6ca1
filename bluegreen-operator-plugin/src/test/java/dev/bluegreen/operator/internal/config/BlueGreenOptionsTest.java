package dev.bluegreen.operator.internal.config;

import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.FailingSource;
import dev.bluegreen.core.HealthFacts;
import dev.bluegreen.core.JobState;
import dev.bluegreen.core.Lifecycle;
import dev.bluegreen.core.PhaseDeadline;
import dev.bluegreen.core.ReadinessVerdict;
import dev.bluegreen.core.Retention;
import dev.bluegreen.core.TimeoutAction;
import dev.bluegreen.core.TransitionPolicy;
import dev.bluegreen.diff.DiffRules;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The option table and its mapping onto the engine's policy and the differ's rules. */
class BlueGreenOptionsTest {
    static final String P = BlueGreenOptions.PREFIX;
    static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    static Stream<Arguments> readinessChecks() {
        String lag = BlueGreenOptions.READINESS_MAX_LAG.key();
        String checkpoints = BlueGreenOptions.READINESS_MIN_CHECKPOINTS.key();
        return Stream.of(
                Arguments.of(Map.of(), ReadinessChecks.NONE),
                Arguments.of(Map.of(checkpoints, "0"), ReadinessChecks.NONE),
                Arguments.of(Map.of(lag, "0"), new ReadinessChecks(true, false)),
                Arguments.of(Map.of(checkpoints, "2"), new ReadinessChecks(false, true)),
                Arguments.of(
                        Map.of(lag, "1000", checkpoints, "1"), new ReadinessChecks(true, true)));
    }

    @ParameterizedTest
    @MethodSource("readinessChecks")
    void readinessReadsTheRestApiOnlyForTheChecksThatAreOn(
            Map<String, String> configuration, ReadinessChecks expected) {
        for (BlueGreenSettings settings :
                new BlueGreenSettings[] {
                    BlueGreenOptions.parse(configuration),
                    BlueGreenOptions.parse(configuration).withGatedHandover(true)
                }) {
            ReadinessChecks checks = settings.readinessChecks();
            assertThat(new ReadinessChecks(checks.backlog(), checks.checkpoints()))
                    .isEqualTo(expected);
            assertThat(checks.backlogWindow()).isEqualTo(Duration.ofSeconds(30));
        }
    }

    @Test
    void theBacklogWindowIsAnOption() {
        var settings =
                BlueGreenOptions.parse(
                        Map.of(BlueGreenOptions.READINESS_MAX_LAG_WINDOW.key(), "0 s"));

        assertThat(settings.readinessChecks().backlogWindow()).isZero();
    }

    @Test
    void emptyConfigurationGivesTheEngineDefaultsAndUpstreamDefaults() {
        // Given no configuration
        // When
        BlueGreenSettings settings = BlueGreenOptions.parse(null);
        // Then
        TransitionPolicy expected = TransitionPolicy.defaults();
        TransitionPolicy policy = settings.policy();
        assertThat(policy.savepoint()).isEqualTo(expected.savepoint());
        assertThat(policy.readinessDeadline()).isEqualTo(expected.readinessDeadline());
        assertThat(policy.readinessDeadline().timeout()).isEqualTo(Duration.ofMinutes(10));
        assertThat(policy.catchUp()).isEqualTo(expected.catchUp());
        assertThat(policy.cutover()).isEqualTo(expected.cutover());
        assertThat(policy.patch()).isEqualTo(expected.patch());
        assertThat(policy.deletionDelay()).isEqualTo(Duration.ZERO);
        assertThat(policy.retention()).isEqualTo(Retention.DELETE);
        assertThat(policy.rollbackWindow()).isEqualTo(Duration.ZERO);
        assertThat(policy.failingSource()).isEqualTo(FailingSource.LAST_GOOD_SNAPSHOT);
        assertThat(settings.rescheduleInterval()).isEqualTo(Duration.ofSeconds(15));
        assertThat(settings.diffRules()).isEqualTo(DiffRules.defaults());
        assertThat(BlueGreenOptions.defaults().rescheduleInterval())
                .isEqualTo(Duration.ofSeconds(15));
    }

    static Stream<Arguments> mappedOptions() {
        return Stream.of(
                mapped(
                        "abort.grace-period",
                        "3 min",
                        s -> s.policy().readinessDeadline().timeout(),
                        Duration.ofMinutes(3)),
                mapped(
                        "readiness.timeout-action",
                        "hold",
                        s -> s.policy().readinessDeadline().action(),
                        TimeoutAction.HOLD),
                mapped(
                        "reconciliation.reschedule-interval",
                        "2s",
                        BlueGreenSettings::rescheduleInterval,
                        Duration.ofSeconds(2)),
                mapped(
                        "deployment-deletion.delay",
                        "5s",
                        s -> s.policy().deletionDelay(),
                        Duration.ofSeconds(5)),
                mapped(
                        "deployment-deletion.delay",
                        "250",
                        s -> s.policy().deletionDelay(),
                        Duration.ofMillis(250)),
                mapped(
                        "savepoint.timeout",
                        "1 h",
                        s -> s.policy().savepoint(),
                        PhaseDeadline.rollbackAfter(Duration.ofHours(1))),
                mapped(
                        "savepoint.timeout-action",
                        "HOLD",
                        s -> s.policy().savepoint().action(),
                        TimeoutAction.HOLD),
                mapped(
                        "catch-up.timeout",
                        "20 min",
                        s -> s.policy().catchUp().timeout(),
                        Duration.ofMinutes(20)),
                mapped(
                        "catch-up.timeout-action",
                        "Hold",
                        s -> s.policy().catchUp().action(),
                        TimeoutAction.HOLD),
                mapped(
                        "cutover.timeout",
                        "90 s",
                        s -> s.policy().cutover().timeout(),
                        Duration.ofSeconds(90)),
                mapped(
                        "cutover.timeout-action",
                        "hold",
                        s -> s.policy().cutover().action(),
                        TimeoutAction.HOLD),
                mapped(
                        "patch.timeout",
                        "7 min",
                        s -> s.policy().patch().timeout(),
                        Duration.ofMinutes(7)),
                mapped(
                        "patch.timeout-action",
                        "hold",
                        s -> s.policy().patch().action(),
                        TimeoutAction.HOLD),
                mapped(
                        "retention",
                        "keep_running",
                        s -> s.policy().retention(),
                        Retention.KEEP_RUNNING),
                mapped(
                        "rollback-window",
                        "30 min",
                        s -> s.policy().rollbackWindow(),
                        Duration.ofMinutes(30)),
                mapped(
                        "failing-source",
                        "REFUSE",
                        s -> s.policy().failingSource(),
                        FailingSource.REFUSE),
                mapped(
                        "rescale-as-transition",
                        "TRUE",
                        BlueGreenSettings::diffRules,
                        DiffRules.defaults().withRescaleAsTransition()));
    }

    static Arguments mapped(
            String suffix, String value, Function<BlueGreenSettings, Object> read, Object want) {
        return Arguments.of(suffix + " = " + value, P + suffix, value, read, want);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mappedOptions")
    void eachOptionReachesItsPolicyField(
            String name,
            String key,
            String value,
            Function<BlueGreenSettings, Object> read,
            Object expected) {
        // Given one option set
        var configuration = Map.of(key, value);
        // When
        var settings = BlueGreenOptions.parse(configuration);
        // Then it changes its field, and the default differs (the option has an effect)
        assertThat(read.apply(settings)).isEqualTo(expected);
        assertThat(read.apply(BlueGreenOptions.defaults())).isNotEqualTo(expected);
    }

    @Test
    void readinessSoaksForTheConfiguredTime() {
        var policy =
                BlueGreenOptions.parse(Map.of(P + "readiness.soak", "45 s")).policy().readiness();
        var candidate = child(0, null);

        assertThat(policy.evaluate(candidate, absent(), T0, T0.plusSeconds(44)))
                .isInstanceOf(ReadinessVerdict.WaitUntil.class);
        assertThat(policy.evaluate(candidate, absent(), T0, T0.plusSeconds(45)))
                .isInstanceOf(ReadinessVerdict.Ready.class);
    }

    @Test
    void readinessWaitsForCompletedCheckpointsWhenConfigured() {
        var policy =
                BlueGreenOptions.parse(
                                Map.of(
                                        P + "readiness.soak", "0 s",
                                        P + "readiness.min-completed-checkpoints", "3"))
                        .policy()
                        .readiness();

        assertThat(policy.evaluate(child(2, null), absent(), T0, T0))
                .isInstanceOf(ReadinessVerdict.NotReady.class);
        assertThat(policy.evaluate(child(3, null), absent(), T0, T0))
                .isInstanceOf(ReadinessVerdict.Ready.class);
    }

    @Test
    void readinessComparesLagWithTheIncumbentWhenMaxLagIsSet() {
        var policy =
                BlueGreenOptions.parse(
                                Map.of(P + "readiness.soak", "0", P + "readiness.max-lag", "100"))
                        .policy()
                        .readiness();

        assertThat(policy.evaluate(child(0, 151L), child(0, 50L), T0, T0))
                .isInstanceOf(ReadinessVerdict.NotReady.class);
        assertThat(policy.evaluate(child(0, 150L), child(0, 50L), T0, T0))
                .isInstanceOf(ReadinessVerdict.Ready.class);
        assertThat(policy.evaluate(child(0, null), child(0, 50L), T0, T0))
                .as("unknown lag is not ready")
                .isInstanceOf(ReadinessVerdict.NotReady.class);
    }

    @Test
    void defaultReadinessIgnoresCheckpointsAndLag() {
        var policy = BlueGreenOptions.defaults().policy().readiness();

        assertThat(policy.evaluate(child(0, null), absent(), T0, T0.plusSeconds(30)))
                .isInstanceOf(ReadinessVerdict.Ready.class);
    }

    @Test
    void keysOutsideThePrefixAreIgnored() {
        var configuration = new HashMap<String, String>();
        configuration.put("taskmanager.numberOfTaskSlots", "not a number");
        configuration.put("kubernetes.operator.bluegreenish", "x");

        assertThat(BlueGreenOptions.problems(configuration)).isEmpty();
        assertThat(BlueGreenOptions.parse(configuration).rescheduleInterval())
                .isEqualTo(Duration.ofSeconds(15));
    }

    @Test
    void everyOptionHasAUniqueKeyUnderThePrefixAndADefaultThatParses() {
        assertThat(BlueGreenOptions.ALL).extracting(Option::key).doesNotHaveDuplicates();
        for (Option<?> option : BlueGreenOptions.ALL) {
            assertThat(option.key()).startsWith(P);
            assertThat(option.description()).isNotBlank();
            assertThat(BlueGreenOptions.byKey(option.key())).isSameAs(option);
            if (option.defaultValue() != null) {
                assertThat(option.parse(option.defaultValue())).isNotNull();
            }
        }
        assertThat(BlueGreenOptions.byKey("kubernetes.operator.bluegreen.nope")).isNull();
    }

    @Test
    void optionDataRejectsChoicesOnNonEnumTypesAndEnumsWithoutChoices() {
        assertThatThrownBy(
                        () -> new Option<>("k", Option.Type.ENUM, null, "d", java.util.List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("k: choices");
        assertThatThrownBy(
                        () ->
                                new Option<>(
                                        "k",
                                        Option.Type.BOOLEAN,
                                        null,
                                        "d",
                                        java.util.List.of("A")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static ChildObservation child(long checkpoints, Long lag) {
        return new ChildObservation(
                true,
                false,
                "ref",
                1,
                1,
                false,
                Lifecycle.STABLE,
                JobState.RUNNING,
                "job",
                T0,
                new HealthFacts(checkpoints, null, null, lag, null));
    }

    private static ChildObservation absent() {
        return ChildObservation.absent();
    }
}
