package dev.bluegreen.operator.internal.extension;

import dev.bluegreen.core.ReadinessPolicy;
import dev.bluegreen.core.TransitionPolicy;
import dev.bluegreen.core.extension.BlueGreenExtension;
import dev.bluegreen.core.extension.ExtensionParameters;
import dev.bluegreen.core.extension.ExtensionParameters.InvalidParameterException;
import dev.bluegreen.diff.DiffRules;
import dev.bluegreen.diff.DiffRulesCustomiser;
import dev.bluegreen.operator.internal.config.BlueGreenSettings;
import dev.bluegreen.operator.internal.config.ExtensionOptions;
import dev.bluegreen.operator.internal.config.InvalidOptionException;
import dev.bluegreen.operator.internal.config.ParsedOptions;
import dev.bluegreen.operator.internal.validate.SpecProblem;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Applies the extension a resource names to the settings parsed from its {@code
 * spec.configuration}: first the transition-policy customiser, then the readiness policy (given the
 * customised policy's readiness, and {@link ContainedReadiness contained}), then, when the
 * extension is a {@link DiffRulesCustomiser}, the diff rules. Every call runs through {@link
 * ExtensionCalls}. Thread-safe.
 */
public final class ExtensionResolver {
    private final Function<String, Optional<BlueGreenExtension>> find;
    private final Set<String> names;
    private final ExtensionCalls calls;

    /**
     * @param find the extension of a name, if the controller offers it
     * @param names the names offered, for the message of an unknown one
     * @param calls where the calls into extensions run
     */
    public ExtensionResolver(
            Function<String, Optional<BlueGreenExtension>> find,
            Set<String> names,
            ExtensionCalls calls) {
        this.find = Objects.requireNonNull(find, "find == null");
        this.names = Set.copyOf(names);
        this.calls = Objects.requireNonNull(calls, "calls == null");
    }

    /** What resolving gave: the settings to decide with, an invalid spec, or a failure. */
    public sealed interface Resolved {
        /** The settings, customised by the extension (as they were without one). */
        record Settings(BlueGreenSettings settings) implements Resolved {}

        /** The name is unknown, or a parameter invalid. */
        record Invalid(SpecProblem problem) implements Resolved {}

        /** A customiser threw, overran or answered {@code null}: the resource is held. */
        record Failed(String message) implements Resolved {}
    }

    /**
     * The settings of the resource {@code parent} ({@code namespace/name}).
     *
     * @param options the resource's parsed options (valid)
     */
    public Resolved resolve(String parent, ParsedOptions options) {
        BlueGreenSettings settings = options.settings();
        String name = options.extension();
        if (name == null) {
            return new Resolved.Settings(settings);
        }
        Optional<BlueGreenExtension> extension = find.apply(name);
        if (extension.isEmpty()) {
            return new Resolved.Invalid(unknown(name));
        }
        try {
            var call = new Call(parent, name, extension.get(), options.extensionParameters());
            return new Resolved.Settings(call.customised(settings));
        } catch (InvalidParameterException e) {
            String field = InvalidOptionException.field(e.key());
            return new Resolved.Invalid(new SpecProblem(field, e.getMessage()));
        } catch (ExtensionFailedException e) {
            return new Resolved.Failed(e.getMessage());
        }
    }

    private SpecProblem unknown(String name) {
        String offered =
                names.isEmpty() ? "none" : String.join(", ", new java.util.TreeSet<>(names));
        return new SpecProblem(
                InvalidOptionException.field(ExtensionOptions.EXTENSION.key()),
                "unknown extension '" + name + "'; this controller offers: " + offered);
    }

    /** The calls into one extension for one resource. */
    private final class Call {
        private final String parent;
        private final BlueGreenExtension extension;
        private final ExtensionParameters parameters;
        private final String what;

        /** {@code name}: the extension's, checked when it was loaded (never asked again here). */
        Call(
                String parent,
                String name,
                BlueGreenExtension extension,
                ExtensionParameters parameters) {
            this.parent = parent;
            this.extension = extension;
            this.parameters = parameters;
            this.what = "extension '" + name + "'";
        }

        BlueGreenSettings customised(BlueGreenSettings settings) {
            TransitionPolicy spec = settings.policy();
            TransitionPolicy policy =
                    calls.call(
                            parent,
                            what + ": customise",
                            () -> extension.customise(spec, parameters));
            ReadinessPolicy readiness =
                    calls.call(
                            parent,
                            what + ": readiness",
                            () -> extension.readiness(policy.readiness(), parameters));
            return new BlueGreenSettings(
                    policy.toBuilder().readiness(contained(readiness, spec)).build(),
                    rules(settings.diffRules()),
                    settings.rescheduleInterval(),
                    settings.handover(),
                    settings.retentionConfigured() || policy.retention() != spec.retention(),
                    settings.readinessChecks());
        }

        /** The policy, contained unless it is the spec's own (built-in) one. */
        private ReadinessPolicy contained(ReadinessPolicy readiness, TransitionPolicy spec) {
            return readiness == spec.readiness()
                    ? readiness
                    : new ContainedReadiness(readiness, calls, parent, what + ": readiness policy");
        }

        private DiffRules rules(DiffRules spec) {
            if (!(extension instanceof DiffRulesCustomiser customiser)) {
                return spec;
            }
            var byKey = parameters.asMap();
            return calls.call(
                    parent, what + ": diff rules", () -> customiser.customise(spec, byKey));
        }
    }
}
