package dev.bluegreen.operator.internal.extension;

import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.GateObservation;
import dev.bluegreen.core.HealthFacts;
import dev.bluegreen.core.JobState;
import dev.bluegreen.core.Lifecycle;
import dev.bluegreen.core.ReadinessInput;
import dev.bluegreen.core.ReadinessPolicy;
import dev.bluegreen.core.ReadinessVerdict;
import dev.bluegreen.core.Retention;
import dev.bluegreen.core.TransitionPolicy;
import dev.bluegreen.core.extension.BlueGreenExtension;
import dev.bluegreen.core.extension.ExtensionParameters;
import dev.bluegreen.diff.ChangeKind;
import dev.bluegreen.diff.DiffRule;
import dev.bluegreen.diff.DiffRules;
import dev.bluegreen.diff.DiffRulesCustomiser;
import dev.bluegreen.operator.internal.config.BlueGreenOptions;
import dev.bluegreen.operator.internal.extension.ExtensionResolver.Resolved;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** A resource's extension, resolved into its settings, with its failures contained. */
class ExtensionResolverTest {
    static final String KEY = "kubernetes.operator.bluegreen.extension";
    static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    static final String TASK_SLOTS =
            DiffRule.FLINK_CONFIGURATION + "[\"taskmanager.numberOfTaskSlots\"]";

    /** Ready after N restarts at most (parameter max-restarts), keeps the rest of the spec. */
    static final class Strict implements BlueGreenExtension, DiffRulesCustomiser {
        @Override
        public String name() {
            return "strict";
        }

        @Override
        public TransitionPolicy customise(TransitionPolicy fromSpec, ExtensionParameters p) {
            return fromSpec.toBuilder().retention(Retention.KEEP_RUNNING).build();
        }

        @Override
        public ReadinessPolicy readiness(ReadinessPolicy fromSpec, ExtensionParameters p) {
            long max = (long) p.number("max-restarts", 0);
            return input ->
                    input.candidateRestarts() != null && input.candidateRestarts() <= max
                            ? ReadinessVerdict.ready()
                            : new ReadinessVerdict.NotReady(
                                    "restarts " + input.candidateRestarts());
        }

        @Override
        public DiffRules customise(DiffRules fromSpec, Map<String, String> parameters) {
            return fromSpec.toBuilder()
                    .rule(
                            DiffRule.flinkConfigPrefix(
                                    "taskmanager.numberOfTaskSlots", ChangeKind.IGNORE, "ours"))
                    .build();
        }
    }

    static ExtensionResolver resolver(BlueGreenExtension... extensions) {
        Map<String, BlueGreenExtension> byName =
                List.of(extensions).stream()
                        .collect(Collectors.toMap(BlueGreenExtension::name, Function.identity()));
        return new ExtensionResolver(
                name -> Optional.ofNullable(byName.get(name)),
                byName.keySet(),
                new ExtensionCalls(Duration.ofMillis(200)));
    }

    static Resolved resolve(ExtensionResolver resolver, Map<String, String> configuration) {
        return resolver.resolve("ns/orders", BlueGreenOptions.read(configuration));
    }

    static Map<String, String> naming(String name, String... parameters) {
        var configuration = new HashMap<String, String>();
        configuration.put(KEY, name);
        for (int i = 0; i < parameters.length; i += 2) {
            configuration.put(KEY + "." + parameters[i], parameters[i + 1]);
        }
        return configuration;
    }

    static ReadinessInput withRestarts(Long restarts) {
        var candidate =
                new ChildObservation(
                        true,
                        false,
                        "s2",
                        1,
                        1,
                        false,
                        Lifecycle.STABLE,
                        JobState.RUNNING,
                        "j2",
                        T0,
                        HealthFacts.unknown().withRestarts(restarts));
        return new ReadinessInput(
                Color.GREEN,
                candidate,
                ChildObservation.absent(),
                T0,
                T0.plusSeconds(60),
                GateObservation.none());
    }

    @Test
    void withoutAnExtensionTheSpecsSettingsPassAsTheyAre() {
        var options = BlueGreenOptions.read(Map.of());

        assertThat(resolver(new Strict()).resolve("ns/orders", options))
                .isEqualTo(new Resolved.Settings(options.settings()));
    }

    @Test
    void anUnknownNameIsAnInvalidSpecNamingTheKeyAndTheNamesOffered() {
        var resolved = resolve(resolver(new Strict()), naming("lenient"));

        var problem = ((Resolved.Invalid) resolved).problem();
        assertThat(problem.field()).isEqualTo("spec.configuration[\"" + KEY + "\"]");
        assertThat(problem.message())
                .isEqualTo("unknown extension 'lenient'; this controller offers: strict");
        assertThat(((Resolved.Invalid) resolve(resolver(), naming("strict"))).problem().message())
                .endsWith("offers: none");
    }

    @Test
    void anInvalidParameterIsAnInvalidSpecNamingItsKey() {
        var resolved = resolve(resolver(new Strict()), naming("strict", "max-restarts", "many"));

        var problem = ((Resolved.Invalid) resolved).problem();
        assertThat(problem.field()).isEqualTo("spec.configuration[\"" + KEY + ".max-restarts\"]");
        assertThat(problem.message()).contains("'many' is not a finite number");
    }

    @Test
    void theCustomisedPolicyTheContainedReadinessAndTheDiffRulesAreApplied() {
        var resolved = resolve(resolver(new Strict()), naming("strict", "max-restarts", "1"));

        var settings = ((Resolved.Settings) resolved).settings();
        assertThat(settings.policy().retention()).isEqualTo(Retention.KEEP_RUNNING);
        assertThat(settings.retentionConfigured()).isTrue();
        assertThat(settings.policy().readiness()).isInstanceOf(ContainedReadiness.class);
        assertThat(settings.policy().readiness().evaluate(withRestarts(1L)))
                .isEqualTo(ReadinessVerdict.ready());
        assertThat(settings.policy().readiness().evaluate(withRestarts(2L)))
                .isEqualTo(new ReadinessVerdict.NotReady("restarts 2"));
        assertThat(settings.diffRules().ruleFor(TASK_SLOTS).kind()).isEqualTo(ChangeKind.IGNORE);
        assertThat(DiffRules.defaults().ruleFor(TASK_SLOTS).kind())
                .isEqualTo(ChangeKind.TRANSITION);
        assertThat(settings.readinessChecks().restarts()).isTrue();
    }

    @Test
    void anExtensionThatKeepsTheSpecsReadinessIsNotWrapped() {
        BlueGreenExtension plain = () -> "plain";

        var settings = ((Resolved.Settings) resolve(resolver(plain), naming("plain"))).settings();

        var spec = BlueGreenOptions.read(naming("plain")).settings();
        assertThat(settings.policy().readiness()).isNotInstanceOf(ContainedReadiness.class);
        assertThat(settings.diffRules()).isEqualTo(spec.diffRules());
    }

    @Test
    void aThrowingCustomiserIsAFailureWithTheExceptionsText() {
        BlueGreenExtension throwing =
                new BlueGreenExtension() {
                    @Override
                    public String name() {
                        return "throwing";
                    }

                    @Override
                    public TransitionPolicy customise(TransitionPolicy p, ExtensionParameters x) {
                        throw new UnsupportedOperationException("not today");
                    }
                };

        var resolved = resolve(resolver(throwing), naming("throwing"));

        assertThat(((Resolved.Failed) resolved).message())
                .isEqualTo(
                        "extension 'throwing': customise: threw"
                                + " java.lang.UnsupportedOperationException: not today");
    }

    @Test
    void aThrowingDiffCustomiserIsAFailure() {
        var resolved = resolve(resolver(new BrokenRules()), naming("broken-rules"));

        assertThat(((Resolved.Failed) resolved).message())
                .startsWith("extension 'broken-rules': diff rules: threw")
                .contains("no rules");
    }

    @Test
    void aThrowingOrSleepingPolicyIsAFailedVerdictNeverReady() {
        var settings =
                ((Resolved.Settings) resolve(resolver(new Moody()), naming("moody"))).settings();
        ReadinessPolicy policy = settings.policy().readiness();

        assertThat(policy.evaluate(withRestarts(0L)))
                .isEqualTo(
                        new ReadinessVerdict.Failed(
                                "extension 'moody': readiness policy: threw"
                                        + " java.lang.IllegalStateException: restarts unknown"));
        assertThat(policy.evaluate(withRestarts(null)))
                .isEqualTo(
                        new ReadinessVerdict.Failed(
                                "extension 'moody': readiness policy: no answer within 200 ms"));
    }

    /** Throws for 0 restarts, sleeps beyond the bound for unknown restarts. */
    static final class Moody implements BlueGreenExtension {
        @Override
        public String name() {
            return "moody";
        }

        @Override
        public ReadinessPolicy readiness(ReadinessPolicy fromSpec, ExtensionParameters p) {
            return input -> {
                if (input.candidateRestarts() != null) {
                    throw new IllegalStateException("restarts unknown");
                }
                try {
                    Thread.sleep(5_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return ReadinessVerdict.ready();
            };
        }
    }

    /** Its diff-rule customiser throws. */
    static final class BrokenRules implements BlueGreenExtension, DiffRulesCustomiser {
        @Override
        public String name() {
            return "broken-rules";
        }

        @Override
        public DiffRules customise(DiffRules fromSpec, Map<String, String> parameters) {
            throw new IllegalArgumentException("no rules");
        }
    }

    @Test
    void theNamesOfferedAreCopied() {
        var names = new java.util.HashSet<>(Set.of("a"));
        var resolver =
                new ExtensionResolver(
                        n -> Optional.empty(), names, new ExtensionCalls(Duration.ofSeconds(1)));
        names.add("b");

        var problem = ((Resolved.Invalid) resolve(resolver, naming("c"))).problem();
        assertThat(problem.message()).endsWith("offers: a");
    }
}
