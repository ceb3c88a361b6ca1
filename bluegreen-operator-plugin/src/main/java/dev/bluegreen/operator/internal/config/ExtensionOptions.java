package dev.bluegreen.operator.internal.config;

import dev.bluegreen.core.extension.ExtensionParameters;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The option that picks an extension ({@code dev.bluegreen.core.extension.BlueGreenExtension}) by
 * name, part of {@link BlueGreenOptions#ALL}, and the extension's own parameters: every key under
 * {@value #PARAMETER_PREFIX} is accepted (not an unknown option) and handed to the extension as
 * {@link ExtensionParameters}. Like every blue/green option, a change of these keys is a change of
 * {@code configuration}, classified PARENT_ONLY (docs/diff-rules.md): it changes what the
 * controller decides from then on, never a child. Stateless and thread-safe.
 */
public final class ExtensionOptions {
    /** The prefix of the extension's parameters ({@link ExtensionParameters#PREFIX}). */
    public static final String PARAMETER_PREFIX = ExtensionParameters.PREFIX;

    /**
     * How long each call into an extension may take (its customisers and each evaluation of its
     * readiness policy); a call that takes longer counts as failed ({@code Degraded}, not ready).
     */
    public static final Duration CALL_BOUND = Duration.ofSeconds(1);

    /** The extension's name. */
    public static final Option<String> EXTENSION =
            new Option<>(
                    BlueGreenOptions.PREFIX + "extension",
                    Option.Type.NAME,
                    null,
                    "The extension (readiness policy, transition-policy customiser, diff-rule"
                            + " overrides) this resource uses, by name, among those the"
                            + " controller loaded (docs/controller.md, \"Extensions\"). Keys"
                            + " `extension.<key>` are its parameters. An unknown name makes the"
                            + " spec invalid. Each call into the extension is bounded by "
                            + CALL_BOUND.toSeconds()
                            + " s; one that throws or overruns marks the resource `Degraded`"
                            + " and counts as not ready. With an extension, the readiness"
                            + " readings (checkpoints, backlog of both children, restarts) are"
                            + " taken while a transition waits for readiness. Unset (the"
                            + " default): none.",
                    List.of());

    /** Every extension option, in documentation order. */
    public static final List<Option<?>> ALL = List.of(EXTENSION);

    private ExtensionOptions() {}

    /** The parameters of {@code configuration} ({@code null}: none). */
    static ExtensionParameters parameters(Map<String, String> configuration) {
        return configuration == null
                ? ExtensionParameters.none()
                : ExtensionParameters.fromConfiguration(configuration);
    }
}
