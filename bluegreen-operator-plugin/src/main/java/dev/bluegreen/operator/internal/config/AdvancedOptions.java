package dev.bluegreen.operator.internal.config;

import java.time.Duration;
import java.util.List;

/**
 * The options of ADVANCED mode ({@code spec.transitionMode: ADVANCED}, the record-level gate),
 * under {@value BlueGreenOptions#PREFIX}{@code advanced.}; part of {@link BlueGreenOptions#ALL}.
 * Ignored in BASIC mode. Stateless and thread-safe.
 */
public final class AdvancedOptions {
    /** The channel type whose commands live in a ConfigMap owned by the parent. */
    public static final String CONFIGMAP = "CONFIGMAP";

    /** The in-JVM channel of tests and the local stand-in. */
    public static final String MEMORY = "MEMORY";

    /** How far the incoming colour's watermark may be behind for a cutover proposal. */
    public static final Option<Duration> CATCH_UP_BOUND =
            new Option<>(
                    BlueGreenOptions.PREFIX + "advanced.catch-up-bound",
                    Option.Type.DURATION,
                    "5 s",
                    "ADVANCED mode: a cutover is proposed only once the incoming colour has"
                            + " caught up, i.e. the slowest watermark of its (non-idle) gate"
                            + " subtasks is at most this far (event time) behind the fastest"
                            + " watermark of the serving colour. The whole catch-up is bounded"
                            + " by `catch-up.timeout`.",
                    List.of());

    /** Added to the largest reported event time to pick the cutover. */
    public static final Option<Duration> CUTOVER_MARGIN =
            new Option<>(
                    BlueGreenOptions.PREFIX + "advanced.cutover-margin",
                    Option.Type.DURATION,
                    "3 s",
                    "ADVANCED mode: the cutover event time is the largest event time any gate"
                            + " subtask of either colour reported, plus this margin (and after"
                            + " the last committed cutover). It should exceed the time from a"
                            + " report to the gates seeing the commit (report interval, the"
                            + " controller's 1 s poll, channel latency) so that no record waits"
                            + " for the commit; a larger margin means fewer conflicts and a later"
                            + " handover.",
                    List.of());

    /** Where commands go and reports come from. */
    public static final Option<String> CHANNEL_TYPE =
            new Option<>(
                    BlueGreenOptions.PREFIX + "advanced.channel",
                    Option.Type.ENUM,
                    CONFIGMAP,
                    "ADVANCED mode: the gate control channel. CONFIGMAP: the controller writes"
                            + " the newest command into the ConfigMap `<name>-gate` owned by the"
                            + " resource and reads reports from each child's JobManager REST API"
                            + " (gate metrics). MEMORY: an in-JVM channel, for tests and the"
                            + " local stand-in (jobs in the controller's JVM).",
                    List.of(CONFIGMAP, MEMORY));

    /** Reports older than this are ignored. */
    public static final Option<Duration> REPORT_STALENESS =
            new Option<>(
                    BlueGreenOptions.PREFIX + "advanced.report-staleness",
                    Option.Type.POSITIVE_DURATION,
                    "30 s",
                    "ADVANCED mode: a gate report older than this (by the processing time it"
                            + " carries) is ignored, so a subtask that stopped reporting holds"
                            + " the handover back instead of counting with an old answer.",
                    List.of());

    /** Whether a cutover opens a keep window (the cold hand-back's safety net). */
    public static final Option<Boolean> KEEP_WINDOW =
            new Option<>(
                    BlueGreenOptions.PREFIX + "advanced.keep-window",
                    Option.Type.BOOLEAN,
                    "true",
                    "ADVANCED mode: whether a cutover opens a keep window. While the previous"
                            + " child is kept it keeps, in its state, the records it drops, and"
                            + " the new child releases what it owns only at checkpoint barriers,"
                            + " so that if the new child fails for good the controller hands the"
                            + " output back to the previous one from what the new one committed,"
                            + " without duplicates or loss (docs/gate.md, \"Keep window and cold"
                            + " hand-back\"). The price is output latency of the new child while"
                            + " the window is open (about `advanced.handback-lead` checkpoint"
                            + " intervals). Its bounds are the gate's `bluegreen.gate.keep.*`"
                            + " keys in the child's `flinkConfiguration`.",
                    List.of());

    /** How many checkpoints ahead a release bound of a keep window starts. */
    public static final Option<Long> HANDBACK_LEAD =
            new Option<>(
                    BlueGreenOptions.PREFIX + "advanced.handback-lead",
                    Option.Type.POSITIVE_COUNT,
                    "3",
                    "ADVANCED mode, keep window: how many checkpoints after the newest one the"
                            + " new child reported a release bound comes into force. The"
                            + " controller must see every gate subtask know the bound before"
                            + " that checkpoint's barrier (about 3 s with the defaults: a 1 s"
                            + " poll, 1 s ConfigMap poll and 1 s metrics fetch), so the lead"
                            + " times the checkpoint interval should exceed that; a bound it did"
                            + " not see in time is withdrawn, and a hand-back across it may then"
                            + " repeat records (never lose them).",
                    List.of());

    /** Every ADVANCED option, in documentation order. */
    public static final List<Option<?>> ALL =
            List.of(
                    CATCH_UP_BOUND,
                    CUTOVER_MARGIN,
                    CHANNEL_TYPE,
                    REPORT_STALENESS,
                    KEEP_WINDOW,
                    HANDBACK_LEAD);

    private AdvancedOptions() {}
}
