package dev.bluegreen.operator.internal.config;

import dev.bluegreen.core.FailingSource;
import dev.bluegreen.core.PhaseDeadline;
import dev.bluegreen.core.ReadinessPolicies;
import dev.bluegreen.core.ReadinessPolicy;
import dev.bluegreen.core.Retention;
import dev.bluegreen.core.TimeoutAction;
import dev.bluegreen.core.TransitionPolicy;
import dev.bluegreen.core.extension.ExtensionParameters;
import dev.bluegreen.diff.DiffRules;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.bluegreen.operator.internal.config.BlueGreenOptions.ABORT_GRACE_PERIOD;
import static dev.bluegreen.operator.internal.config.BlueGreenOptions.CATCH_UP_TIMEOUT;
import static dev.bluegreen.operator.internal.config.BlueGreenOptions.CATCH_UP_TIMEOUT_ACTION;
import static dev.bluegreen.operator.internal.config.BlueGreenOptions.CUTOVER_TIMEOUT;
import static dev.bluegreen.operator.internal.config.BlueGreenOptions.CUTOVER_TIMEOUT_ACTION;
import static dev.bluegreen.operator.internal.config.BlueGreenOptions.DELETION_DELAY;
import static dev.bluegreen.operator.internal.config.BlueGreenOptions.FAILING_SOURCE;
import static dev.bluegreen.operator.internal.config.BlueGreenOptions.PATCH_TIMEOUT;
import static dev.bluegreen.operator.internal.config.BlueGreenOptions.PATCH_TIMEOUT_ACTION;
import static dev.bluegreen.operator.internal.config.BlueGreenOptions.READINESS_TIMEOUT_ACTION;
import static dev.bluegreen.operator.internal.config.BlueGreenOptions.RETENTION;
import static dev.bluegreen.operator.internal.config.BlueGreenOptions.ROLLBACK_WINDOW;
import static dev.bluegreen.operator.internal.config.BlueGreenOptions.SAVEPOINT_TIMEOUT;
import static dev.bluegreen.operator.internal.config.BlueGreenOptions.SAVEPOINT_TIMEOUT_ACTION;

/**
 * One configuration map, parsed once: its {@link BlueGreenSettings}, or the problems found while
 * parsing it. The reconciler reads {@code spec.configuration} into one of these per reconcile (see
 * {@link BlueGreenOptions#read}); the validator reports its {@link #problems()}, and everything
 * downstream gets the {@link #settings()}. Immutable once built.
 */
public final class ParsedOptions {
    private final Map<Option<?>, Object> values = new HashMap<>();
    private final List<InvalidOptionException> problems = new ArrayList<>();
    private boolean retentionConfigured;
    private ExtensionParameters parameters = ExtensionParameters.none();
    private BlueGreenSettings settings; // null when there are problems

    private ParsedOptions() {}

    static ParsedOptions of(Map<String, String> configuration) {
        var parsed = new ParsedOptions();
        Map<String, String> given = configuration == null ? Map.of() : configuration;
        // Problems are reported in key order, so the first one is deterministic.
        for (String key : BlueGreenOptions.unknownKeys(given)) {
            parsed.problems.add(unknown(key, given.get(key)));
        }
        for (Option<?> option : BlueGreenOptions.ALL) {
            parsed.read(option, given);
        }
        parsed.retentionConfigured = given.containsKey(BlueGreenOptions.RETENTION.key());
        parsed.parameters = ExtensionOptions.parameters(given);
        parsed.problems.sort((a, b) -> a.key().compareTo(b.key()));
        if (parsed.problems.isEmpty()) {
            parsed.settings = parsed.build();
        }
        return parsed;
    }

    private static InvalidOptionException unknown(String key, String value) {
        return new InvalidOptionException(
                key,
                value,
                "unknown blue/green option; known options are listed in docs/configuration.md");
    }

    private void read(Option<?> option, Map<String, String> given) {
        boolean configured = given.containsKey(option.key());
        String text = configured ? given.get(option.key()) : option.defaultValue();
        if (text == null && !configured) {
            return; // an option without a default that is not set: off
        }
        try {
            values.put(option, option.parse(text));
        } catch (InvalidOptionException e) {
            problems.add(e);
        }
    }

    /** Every problem, in key order; empty when {@link #settings()} succeeds. */
    public List<InvalidOptionException> problems() {
        return List.copyOf(problems);
    }

    /**
     * The settings.
     *
     * @throws InvalidOptionException the first of the {@link #problems()}, if there are any
     */
    public BlueGreenSettings settings() {
        if (settings == null) {
            throw problems.get(0);
        }
        return settings;
    }

    /**
     * The name of the extension the configuration picks ({@code
     * kubernetes.operator.bluegreen.extension}), or {@code null} for none (or an invalid name: see
     * {@link #problems()}).
     */
    public String extension() {
        return value(ExtensionOptions.EXTENSION);
    }

    /** The extension's parameters ({@code kubernetes.operator.bluegreen.extension.<key>}). */
    public ExtensionParameters extensionParameters() {
        return parameters;
    }

    private BlueGreenSettings build() {
        var rules = DiffRules.defaults();
        if (value(BlueGreenOptions.RESCALE_AS_TRANSITION)) {
            rules = rules.withRescaleAsTransition();
        }
        return new BlueGreenSettings(
                policy(),
                rules,
                value(BlueGreenOptions.RESCHEDULE_INTERVAL),
                handover(),
                retentionConfigured,
                readinessChecks());
    }

    /** The built-in checks' readings; every reading when an extension is named. */
    private ReadinessChecks readinessChecks() {
        boolean maxLag = value(BlueGreenOptions.READINESS_MAX_LAG) != null;
        Duration window = value(BlueGreenOptions.READINESS_MAX_LAG_WINDOW);
        if (extension() != null) {
            return ReadinessChecks.all(maxLag ? window : Duration.ZERO);
        }
        return new ReadinessChecks(
                maxLag, value(BlueGreenOptions.READINESS_MIN_CHECKPOINTS) > 0, window);
    }

    private HandoverSettings handover() {
        return new HandoverSettings(
                value(AdvancedOptions.CATCH_UP_BOUND),
                value(AdvancedOptions.CUTOVER_MARGIN),
                value(AdvancedOptions.CHANNEL_TYPE),
                value(AdvancedOptions.REPORT_STALENESS),
                value(AdvancedOptions.KEEP_WINDOW),
                (int) Math.min(Integer.MAX_VALUE, value(AdvancedOptions.HANDBACK_LEAD)));
    }

    private TransitionPolicy policy() {
        return TransitionPolicy.builder()
                .readiness(readiness())
                .savepoint(deadline(SAVEPOINT_TIMEOUT, SAVEPOINT_TIMEOUT_ACTION))
                .readinessDeadline(deadline(ABORT_GRACE_PERIOD, READINESS_TIMEOUT_ACTION))
                .catchUp(deadline(CATCH_UP_TIMEOUT, CATCH_UP_TIMEOUT_ACTION))
                .cutover(deadline(CUTOVER_TIMEOUT, CUTOVER_TIMEOUT_ACTION))
                .patch(deadline(PATCH_TIMEOUT, PATCH_TIMEOUT_ACTION))
                .deletionDelay(value(DELETION_DELAY))
                .retention(Retention.valueOf(value(RETENTION)))
                .rollbackWindow(value(ROLLBACK_WINDOW))
                .failingSource(FailingSource.valueOf(value(FAILING_SOURCE)))
                .build();
    }

    /** The soak check, plus the checkpoint and lag checks when they are turned on. */
    private ReadinessPolicy readiness() {
        var checks = new ArrayList<ReadinessPolicy>();
        checks.add(ReadinessPolicies.stableAndRunningFor(value(BlueGreenOptions.READINESS_SOAK)));
        long checkpoints = value(BlueGreenOptions.READINESS_MIN_CHECKPOINTS);
        if (checkpoints > 0) {
            // A count beyond int range can never be reached anyway.
            checks.add(
                    ReadinessPolicies.completedCheckpoints(
                            (int) Math.min(checkpoints, Integer.MAX_VALUE)));
        }
        Long maxLag = value(BlueGreenOptions.READINESS_MAX_LAG);
        if (maxLag != null) {
            checks.add(ReadinessPolicies.lagParity(maxLag));
        }
        return checks.size() == 1
                ? checks.get(0)
                : ReadinessPolicies.allOf(checks.toArray(ReadinessPolicy[]::new));
    }

    private PhaseDeadline deadline(Option<Duration> timeout, Option<String> action) {
        return new PhaseDeadline(value(timeout), TimeoutAction.valueOf(value(action)));
    }

    /** The parsed value of {@code option}, or {@code null} when it is off (no default, not set). */
    private <T> T value(Option<T> option) {
        // values only holds what option.parse returned, so the type token always fits
        return option.type().valueType().cast(values.get(option));
    }
}
