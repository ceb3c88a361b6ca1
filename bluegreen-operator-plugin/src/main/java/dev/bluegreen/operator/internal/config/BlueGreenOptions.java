package dev.bluegreen.operator.internal.config;

import dev.bluegreen.core.FailingSource;
import dev.bluegreen.core.Retention;
import dev.bluegreen.core.TimeoutAction;
import dev.bluegreen.core.extension.ExtensionParameters;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Every blue/green option of {@code spec.configuration}, as data ({@link #ALL}), and the parser
 * that turns a configuration map into {@link BlueGreenSettings}. Upstream's three keys keep their
 * keys and defaults; ours use the same prefix {@value #PREFIX}. Durations use Flink's syntax
 * ({@code 30 s}, {@code 10 min}; no unit means milliseconds). docs/configuration.md is generated
 * from {@link #ALL}. Stateless and thread-safe.
 */
public final class BlueGreenOptions {

    /** The prefix of every blue/green option; unknown keys under it are errors. */
    public static final String PREFIX = "kubernetes.operator.bluegreen.";

    private static final List<String> TIMEOUT_ACTIONS = names(TimeoutAction.values());

    /**
     * Upstream's: how long the incoming child may take to become ready (the readiness deadline).
     */
    public static final Option<Duration> ABORT_GRACE_PERIOD =
            duration(
                    "abort.grace-period",
                    true,
                    "10 min",
                    "How long the incoming child may take to become stable and running (the"
                            + " readiness deadline); then `readiness.timeout-action` applies."
                            + " Upstream's key and default.");

    /** Upstream's: the safety requeue while a change is in flight. */
    public static final Option<Duration> RESCHEDULE_INTERVAL =
            duration(
                    "reconciliation.reschedule-interval",
                    true,
                    "15 s",
                    "While a change is in flight, the longest wait between two reconciles, a"
                            + " safety net for missed events (child status changes reconcile at"
                            + " once; resting resources are not requeued). Upstream's key and"
                            + " default.");

    /** Upstream's: the wait between switching traffic and retiring the previous child. */
    public static final Option<Duration> DELETION_DELAY =
            duration(
                    "deployment-deletion.delay",
                    false,
                    "0 ms",
                    "How long the previous child is kept after traffic moved to the new one,"
                            + " before it is retired. Upstream's key and default.");

    /** The soak time of the default readiness check. */
    public static final Option<Duration> READINESS_SOAK =
            duration(
                    "readiness.soak",
                    false,
                    "30 s",
                    "How long the incoming child must be stable and running (at its newest"
                            + " generation) before it receives traffic.");

    /** The number of checkpoints the incoming child's job must complete before it is ready. */
    public static final Option<Long> READINESS_MIN_CHECKPOINTS =
            count(
                    "readiness.min-completed-checkpoints",
                    "0",
                    "The incoming child is ready only once its current job run completed at"
                            + " least this many checkpoints (`counts.completed` of"
                            + " `GET /jobs/<id>/checkpoints` on its JobManager REST API, read"
                            + " while it waits for readiness); 0 turns the check off. A count"
                            + " that cannot be read is 0, and the reason shows on the"
                            + " `Progressing` condition; `catch-up.timeout` bounds the wait.");

    /** The source backlog the incoming child may have above the serving child's. */
    public static final Option<Long> READINESS_MAX_LAG =
            count(
                    "readiness.max-lag",
                    null,
                    "The incoming child is ready only once its source backlog (records) is at"
                            + " most the serving child's backlog plus this value. The backlog is"
                            + " the FLIP-33 source metric `pendingRecords` summed over source"
                            + " subtasks (else the Kafka consumer's `records-lag-max`), read"
                            + " from both children's JobManager REST APIs while the incoming"
                            + " child waits for readiness. An unknown backlog of the incoming"
                            + " child keeps it not ready (the reason shows on the `Progressing`"
                            + " condition); an unknown backlog of the serving child counts as 0."
                            + " `catch-up.timeout` bounds the wait. Unset (the default) turns the"
                            + " check off and makes no REST call.");

    /** How long the incoming child's backlog is read before it counts. */
    public static final Option<Duration> READINESS_MAX_LAG_WINDOW =
            duration(
                    "readiness.max-lag-window",
                    false,
                    "30 s",
                    "With `readiness.max-lag`, how long the incoming child's backlog is read"
                            + " before it counts, and the window whose largest reading counts:"
                            + " a Kafka source's `pendingRecords` is a saw-tooth under"
                            + " backpressure (counted from the high watermark of its last fetch),"
                            + " so one low reading does not make a lagging child ready. 0 uses"
                            + " each reading as it is.");

    /** The deadline of the hand-over savepoint. */
    public static final Option<Duration> SAVEPOINT_TIMEOUT =
            duration(
                    "savepoint.timeout",
                    true,
                    "10 min",
                    "How long the hand-over savepoint of the serving child may take.");

    /** What happens when the hand-over savepoint takes too long. */
    public static final Option<String> SAVEPOINT_TIMEOUT_ACTION =
            timeoutAction("savepoint.timeout-action", "`savepoint.timeout`");

    /** What happens when the incoming child is not ready within the grace period. */
    public static final Option<String> READINESS_TIMEOUT_ACTION =
            timeoutAction("readiness.timeout-action", "`abort.grace-period`");

    /** The catch-up deadline. */
    public static final Option<Duration> CATCH_UP_TIMEOUT =
            duration(
                    "catch-up.timeout",
                    true,
                    "10 min",
                    "Once the incoming child is stable and running, how long the readiness checks"
                            + " (soak, checkpoints, lag) may take; it replaces"
                            + " `abort.grace-period` from then on.");

    /** What happens when the catch-up takes too long. */
    public static final Option<String> CATCH_UP_TIMEOUT_ACTION =
            timeoutAction("catch-up.timeout-action", "`catch-up.timeout`");

    /** The cutover deadline. */
    public static final Option<Duration> CUTOVER_TIMEOUT =
            duration(
                    "cutover.timeout",
                    true,
                    "5 min",
                    "After traffic moved, how long to wait for the new child to be stable and"
                            + " running when neither child is.");

    /** What happens when the cutover takes too long. */
    public static final Option<String> CUTOVER_TIMEOUT_ACTION =
            timeoutAction("cutover.timeout-action", "`cutover.timeout`");

    /** The deadline of an in-place patch. */
    public static final Option<Duration> PATCH_TIMEOUT =
            duration(
                    "patch.timeout",
                    true,
                    "10 min",
                    "How long a child patched in place (or recreated) may take to be stable and"
                            + " running again.");

    /** What happens when an in-place patch takes too long. */
    public static final Option<String> PATCH_TIMEOUT_ACTION =
            timeoutAction("patch.timeout-action", "`patch.timeout`");

    /**
     * What happens to the previous child. The default ({@code DELETE}) is BASIC mode's; when the
     * option is not set, ADVANCED mode uses {@code SUSPEND_THEN_DELETE} ({@link
     * BlueGreenSettings#defaultRetention}).
     */
    public static final Option<String> RETENTION =
            choice(
                    "retention",
                    Retention.DELETE.name(),
                    names(Retention.values()),
                    "What happens to the previous child after the deletion delay: DELETE it"
                            + " (its job is cancelled), SUSPEND it (stop-with-savepoint; kept for"
                            + " inspection, can be resumed by hand), KEEP_RUNNING it for"
                            + " `rollback-window`, then delete it, or SUSPEND_THEN_DELETE:"
                            + " stop it with a savepoint, so that a transactional sink (Kafka"
                            + " EXACTLY_ONCE) commits its last transaction, and delete it once it"
                            + " is suspended (a failing child is deleted at once). When not set:"
                            + " `DELETE` in BASIC mode, `SUSPEND_THEN_DELETE` in ADVANCED mode.");

    /** How long a KEEP_RUNNING child is kept. */
    public static final Option<Duration> ROLLBACK_WINDOW =
            duration(
                    "rollback-window",
                    false,
                    "0 ms",
                    "With retention KEEP_RUNNING, how long the previous child keeps running after"
                            + " the deletion delay.");

    /** Where a transition away from a failing child restores from. */
    public static final Option<String> FAILING_SOURCE =
            choice(
                    "failing-source",
                    FailingSource.LAST_GOOD_SNAPSHOT.name(),
                    names(FailingSource.values()),
                    "Where a transition away from a failing serving child restores from (a"
                            + " failing job cannot take a savepoint): its LAST_GOOD_SNAPSHOT,"
                            + " EMPTY state, or REFUSE to transition until it recovers.");

    /** Whether a rescale is a full blue/green transition. */
    public static final Option<Boolean> RESCALE_AS_TRANSITION =
            new Option<>(
                    PREFIX + "rescale-as-transition",
                    Option.Type.BOOLEAN,
                    "false",
                    "Whether a parallelism or TaskManager replica change goes through a full"
                            + " blue/green transition (as upstream) instead of an in-place"
                            + " rescale of the serving child.",
                    List.of());

    /** Every option, in documentation order. */
    public static final List<Option<?>> ALL =
            Stream.concat(
                            Stream.of(
                                    ABORT_GRACE_PERIOD,
                                    RESCHEDULE_INTERVAL,
                                    DELETION_DELAY,
                                    READINESS_SOAK,
                                    READINESS_MIN_CHECKPOINTS,
                                    READINESS_MAX_LAG,
                                    READINESS_MAX_LAG_WINDOW,
                                    READINESS_TIMEOUT_ACTION,
                                    SAVEPOINT_TIMEOUT,
                                    SAVEPOINT_TIMEOUT_ACTION,
                                    CATCH_UP_TIMEOUT,
                                    CATCH_UP_TIMEOUT_ACTION,
                                    CUTOVER_TIMEOUT,
                                    CUTOVER_TIMEOUT_ACTION,
                                    PATCH_TIMEOUT,
                                    PATCH_TIMEOUT_ACTION,
                                    RETENTION,
                                    ROLLBACK_WINDOW,
                                    FAILING_SOURCE,
                                    RESCALE_AS_TRANSITION),
                            Stream.concat(
                                    AdvancedOptions.ALL.stream(), ExtensionOptions.ALL.stream()))
                    .toList();

    private static final Map<String, Option<?>> BY_KEY =
            ALL.stream().collect(Collectors.toMap(Option::key, Function.identity()));

    private BlueGreenOptions() {}

    /**
     * Parses the blue/green settings of a resource. Keys outside {@value #PREFIX} are ignored (they
     * may be meant for Flink or other tools); absent options take their defaults.
     *
     * @param configuration {@code spec.configuration}, or {@code null} for all defaults
     * @return the settings
     * @throws InvalidOptionException for the first problem in key order: an unknown key under
     *     {@value #PREFIX} (typo protection), or a value that does not parse; the message names the
     *     key and the value
     */
    public static BlueGreenSettings parse(Map<String, String> configuration) {
        return read(configuration).settings();
    }

    /**
     * Every problem of a configuration, in key order; empty when {@link #parse} succeeds.
     *
     * @param configuration {@code spec.configuration}, or {@code null}
     */
    public static List<InvalidOptionException> problems(Map<String, String> configuration) {
        return read(configuration).problems();
    }

    /**
     * Parses a configuration once, keeping both its settings and its problems (the reconciler's
     * single parse per reconcile). Keys outside {@value #PREFIX} are ignored.
     *
     * @param configuration {@code spec.configuration}, or {@code null} for all defaults
     */
    public static ParsedOptions read(Map<String, String> configuration) {
        return ParsedOptions.of(configuration);
    }

    /** The settings with every option at its default. */
    public static BlueGreenSettings defaults() {
        return parse(Map.of());
    }

    /**
     * The option with a key.
     *
     * @return the option, or {@code null} if the key is not a blue/green option
     */
    public static Option<?> byKey(String key) {
        return BY_KEY.get(key);
    }

    /** The configuration keys under {@value #PREFIX} that are not options, sorted. */
    static List<String> unknownKeys(Map<String, String> configuration) {
        var unknown = new ArrayList<String>();
        for (String key : new TreeMap<>(configuration).keySet()) {
            if (key.startsWith(PREFIX)
                    && !BY_KEY.containsKey(key)
                    && !ExtensionParameters.isParameterKey(key)) {
                unknown.add(key);
            }
        }
        return unknown;
    }

    private static Option<Duration> duration(
            String suffix, boolean positive, String defaultValue, String description) {
        var type = positive ? Option.Type.POSITIVE_DURATION : Option.Type.DURATION;
        return new Option<>(PREFIX + suffix, type, defaultValue, description, List.of());
    }

    private static Option<Long> count(String suffix, String defaultValue, String description) {
        return new Option<>(
                PREFIX + suffix, Option.Type.COUNT, defaultValue, description, List.of());
    }

    private static Option<String> choice(
            String suffix, String defaultValue, List<String> choices, String description) {
        return new Option<>(PREFIX + suffix, Option.Type.ENUM, defaultValue, description, choices);
    }

    private static Option<String> timeoutAction(String suffix, String deadline) {
        return choice(
                suffix,
                TimeoutAction.ROLLBACK.name(),
                TIMEOUT_ACTIONS,
                "What happens when "
                        + deadline
                        + " passes: ROLLBACK abandons the change and returns to the last stable"
                        + " spec; HOLD keeps everything as it is and reports the stall until a"
                        + " promote, an abort or a spec change.");
    }

    private static List<String> names(Enum<?>[] values) {
        return Arrays.stream(values).map(Enum::name).toList();
    }
}
