package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.operator.internal.config.BlueGreenSettings;
import dev.bluegreen.operator.internal.extension.ExtensionResolver;
import dev.bluegreen.operator.internal.extension.ExtensionResolver.Resolved;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import java.util.List;

/**
 * The extension stage, between validate and decide: a parent that names an extension ({@code
 * kubernetes.operator.bluegreen.extension}) gets the settings the extension customised ({@link
 * ExtensionResolver}). An unknown name or an invalid parameter is reported as an invalid spec
 * (nothing else is touched, no requeue); a customiser that throws or overruns holds the parent with
 * {@code Degraded} ({@code ExtensionFailed}) and a Warning event, touching nothing else, and is
 * tried again after the reschedule interval. Every other outcome, and a parent without an
 * extension, passes as it is.
 */
public final class Resolve {
    private Resolve() {}

    /** The outcome of resolving the extension of {@code validated}. */
    public static Outcome resolve(Outcome validated, Round round, ExtensionResolver extensions) {
        BlueGreenSettings settings = settings(validated);
        if (settings == null || validated.observed().options().extension() == null) {
            return validated;
        }
        var parent = validated.parent();
        Resolved resolved = extensions.resolve(key(parent), validated.observed().options());
        if (resolved instanceof Resolved.Settings customised) {
            return validated instanceof Outcome.Adopt
                    ? new Outcome.Adopt(validated.observed(), customised.settings())
                    : new Outcome.Undecided(validated.observed(), customised.settings());
        }
        if (resolved instanceof Resolved.Invalid invalid) {
            var problems = new Finding.Invalid(List.of(invalid.problem()));
            return new Outcome.StatusOnly(validated.observed(), problems, null);
        }
        var failed = new Finding.ExtensionFailed(((Resolved.Failed) resolved).message());
        return new Outcome.StatusOnly(validated.observed(), failed, settings.rescheduleInterval());
    }

    /** The settings of an outcome that is decided or adopted next, else {@code null}. */
    private static BlueGreenSettings settings(Outcome validated) {
        if (validated instanceof Outcome.Undecided undecided) {
            return undecided.settings();
        }
        return validated instanceof Outcome.Adopt adopt ? adopt.settings() : null;
    }

    /** The parent's key, {@code namespace/name}. */
    static String key(FlinkBlueGreenDeployment parent) {
        return parent.getMetadata().getNamespace() + "/" + parent.getMetadata().getName();
    }
}
