package dev.bluegreen.operator.config;

import dev.bluegreen.core.FailingSource;
import dev.bluegreen.core.PhaseDeadline;
import dev.bluegreen.core.ReadinessPolicies;
import dev.bluegreen.core.ReadinessPolicy;
import dev.bluegreen.core.Retention;
import dev.bluegreen.core.TimeoutAction;
import dev.bluegreen.core.TransitionPolicy;
import dev.bluegreen.diff.DiffRules;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The typed values of one configuration map, and the problems found while parsing it. */
final class ParsedOptions {
    private final Map<Option, Object> values = new HashMap<>();
    private final List<InvalidOptionException> problems = new ArrayList<>();
    private boolean retentionConfigured;

    private ParsedOptions() {}

    static ParsedOptions of(Map<String, String> configuration) {
        var parsed = new ParsedOptions();
        Map<String, String> given = configuration == null ? Map.of() : configuration;
        // Problems are reported in key order, so the first one is deterministic.
        for (String key : BlueGreenOptions.unknownKeys(given)) {
            parsed.problems.add(
                    new InvalidOptionException(
                            key,
                            given.get(key),
                            "unknown blue/green option; known options are listed in"
                                    + " docs/configuration.md"));
        }
        for (Option option : BlueGreenOptions.ALL) {
            parsed.read(option, given);
        }
        parsed.retentionConfigured = given.containsKey(BlueGreenOptions.RETENTION.key());
        parsed.problems.sort((a, b) -> a.key().compareTo(b.key()));
        return parsed;
    }

    private void read(Option option, Map<String, String> given) {
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

    List<InvalidOptionException> problems() {
        return List.copyOf(problems);
    }

    BlueGreenSettings settings() {
        if (!problems.isEmpty()) {
            throw problems.get(0);
        }
        var rules = DiffRules.defaults();
        if ((Boolean) values.get(BlueGreenOptions.RESCALE_AS_TRANSITION)) {
            rules = rules.withRescaleAsTransition();
        }
        return new BlueGreenSettings(
                policy(),
                rules,
                duration(BlueGreenOptions.RESCHEDULE_INTERVAL),
                handover(),
                retentionConfigured);
    }

    private HandoverSettings handover() {
        return new HandoverSettings(
                duration(AdvancedOptions.CATCH_UP_BOUND),
                duration(AdvancedOptions.CUTOVER_MARGIN),
                text(AdvancedOptions.CHANNEL_TYPE),
                duration(AdvancedOptions.REPORT_STALENESS));
    }

    private TransitionPolicy policy() {
        return TransitionPolicy.builder()
                .readiness(readiness())
                .savepoint(
                        deadline(
                                BlueGreenOptions.SAVEPOINT_TIMEOUT,
                                BlueGreenOptions.SAVEPOINT_TIMEOUT_ACTION))
                .readinessDeadline(
                        deadline(
                                BlueGreenOptions.ABORT_GRACE_PERIOD,
                                BlueGreenOptions.READINESS_TIMEOUT_ACTION))
                .catchUp(
                        deadline(
                                BlueGreenOptions.CATCH_UP_TIMEOUT,
                                BlueGreenOptions.CATCH_UP_TIMEOUT_ACTION))
                .cutover(
                        deadline(
                                BlueGreenOptions.CUTOVER_TIMEOUT,
                                BlueGreenOptions.CUTOVER_TIMEOUT_ACTION))
                .patch(
                        deadline(
                                BlueGreenOptions.PATCH_TIMEOUT,
                                BlueGreenOptions.PATCH_TIMEOUT_ACTION))
                .deletionDelay(duration(BlueGreenOptions.DELETION_DELAY))
                .retention(Retention.valueOf(text(BlueGreenOptions.RETENTION)))
                .rollbackWindow(duration(BlueGreenOptions.ROLLBACK_WINDOW))
                .failingSource(FailingSource.valueOf(text(BlueGreenOptions.FAILING_SOURCE)))
                .build();
    }

    /** The soak check, plus the checkpoint and lag checks when they are turned on. */
    private ReadinessPolicy readiness() {
        var checks = new ArrayList<ReadinessPolicy>();
        checks.add(
                ReadinessPolicies.stableAndRunningFor(duration(BlueGreenOptions.READINESS_SOAK)));
        long checkpoints = (Long) values.get(BlueGreenOptions.READINESS_MIN_CHECKPOINTS);
        if (checkpoints > 0) {
            // A count beyond int range can never be reached anyway.
            checks.add(
                    ReadinessPolicies.completedCheckpoints(
                            (int) Math.min(checkpoints, Integer.MAX_VALUE)));
        }
        Long maxLag = (Long) values.get(BlueGreenOptions.READINESS_MAX_LAG);
        if (maxLag != null) {
            checks.add(ReadinessPolicies.lagParity(maxLag));
        }
        return checks.size() == 1
                ? checks.get(0)
                : ReadinessPolicies.allOf(checks.toArray(ReadinessPolicy[]::new));
    }

    private PhaseDeadline deadline(Option timeout, Option action) {
        return new PhaseDeadline(duration(timeout), TimeoutAction.valueOf(text(action)));
    }

    private Duration duration(Option option) {
        return (Duration) values.get(option);
    }

    private String text(Option option) {
        return (String) values.get(option);
    }
}
