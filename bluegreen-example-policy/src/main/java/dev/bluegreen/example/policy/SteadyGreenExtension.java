package dev.bluegreen.example.policy;

import dev.bluegreen.core.ReadinessPolicies;
import dev.bluegreen.core.ReadinessPolicy;
import dev.bluegreen.core.extension.BlueGreenExtension;
import dev.bluegreen.core.extension.ExtensionParameters;
import dev.bluegreen.diff.ChangeKind;
import dev.bluegreen.diff.DiffRule;
import dev.bluegreen.diff.DiffRules;
import dev.bluegreen.diff.DiffRulesCustomiser;

import java.time.Duration;
import java.util.Map;

/**
 * The example extension {@value #NAME}: the spec's readiness checks plus a {@link SteadyRunPolicy}
 * (a job run up {@value #MIN_UPTIME} long, default 10 min, with no restart, its backlog within
 * {@value #MAX_BACKLOG_RATIO} times the serving child's, default 1.1), and a diff-rule override: a
 * change of a {@code flinkConfiguration} key starting with {@value #PATCH_PREFIX} (default {@value
 * #DEFAULT_PATCH_PREFIX}) is patched into the running child instead of starting a transition.
 *
 * <p>A resource picks it with {@code kubernetes.operator.bluegreen.extension: steady-green} and
 * tunes it with {@code kubernetes.operator.bluegreen.extension.<parameter>}. Registered in {@code
 * META-INF/services/dev.bluegreen.core.extension.BlueGreenExtension}. Stateless and thread-safe.
 */
public final class SteadyGreenExtension implements BlueGreenExtension, DiffRulesCustomiser {
    /** The name resources pick it by. */
    public static final String NAME = "steady-green";

    /** How long the candidate's job run must have been up (a duration); default 10 min. */
    public static final String MIN_UPTIME = "min-uptime";

    /** The candidate's backlog bound as a multiple of the serving child's; default 1.1. */
    public static final String MAX_BACKLOG_RATIO = "max-backlog-ratio";

    /** The flinkConfiguration key prefix patched in place; default {@value}. */
    public static final String PATCH_PREFIX = "patch-in-place-prefix";

    /** The default of {@value #PATCH_PREFIX}: the metric reporters, safe to patch in place. */
    public static final String DEFAULT_PATCH_PREFIX = "metrics.reporter.";

    static final Duration DEFAULT_MIN_UPTIME = Duration.ofMinutes(10);
    static final double DEFAULT_MAX_BACKLOG_RATIO = 1.1;

    @Override
    public String name() {
        return NAME;
    }

    /**
     * {@code allOf(fromSpec, steadyRun)}.
     *
     * @throws ExtensionParameters.InvalidParameterException when {@value #MIN_UPTIME} is not a
     *     duration, or {@value #MAX_BACKLOG_RATIO} not a number {@code >= 0}
     */
    @Override
    public ReadinessPolicy readiness(ReadinessPolicy fromSpec, ExtensionParameters parameters) {
        return ReadinessPolicies.allOf(fromSpec, steadyRun(parameters));
    }

    /** The policy the parameters choose. */
    static SteadyRunPolicy steadyRun(ExtensionParameters parameters) {
        Duration minUptime = parameters.duration(MIN_UPTIME, DEFAULT_MIN_UPTIME);
        double ratio = parameters.number(MAX_BACKLOG_RATIO, DEFAULT_MAX_BACKLOG_RATIO);
        if (ratio < 0) {
            throw new ExtensionParameters.InvalidParameterException(
                    MAX_BACKLOG_RATIO, parameters.get(MAX_BACKLOG_RATIO, ""), "below 0");
        }
        return new SteadyRunPolicy(minUptime, ratio);
    }

    /**
     * {@code fromSpec} with one rule more: keys starting with the prefix are {@code PATCH_CHILD}.
     *
     * @throws ExtensionParameters.InvalidParameterException when the prefix is blank
     */
    @Override
    public DiffRules customise(DiffRules fromSpec, Map<String, String> parameters) {
        String prefix = parameters.getOrDefault(PATCH_PREFIX, DEFAULT_PATCH_PREFIX).trim();
        if (prefix.isEmpty()) {
            throw new ExtensionParameters.InvalidParameterException(
                    PATCH_PREFIX, parameters.get(PATCH_PREFIX), "blank");
        }
        return fromSpec.toBuilder()
                .rule(
                        DiffRule.flinkConfigPrefix(
                                prefix,
                                ChangeKind.PATCH_CHILD,
                                "steady-green: the team patches these keys into the running"
                                        + " child"))
                .build();
    }
}
