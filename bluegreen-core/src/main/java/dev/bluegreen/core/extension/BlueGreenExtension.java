package dev.bluegreen.core.extension;

import dev.bluegreen.core.ReadinessPolicy;
import dev.bluegreen.core.TransitionPolicy;
import dev.bluegreen.core.analysis.MetricProvider;

import java.util.Map;

/**
 * A team's own judgement, plugged into the controller without a fork: a readiness policy, a
 * customiser of the transition policy (deadlines, retention, what a failure does) and, when the
 * implementation also implements {@code dev.bluegreen.diff.DiffRulesCustomiser}, diff-rule
 * overrides.
 *
 * <p>Found with {@link java.util.ServiceLoader}: list the implementation in {@code
 * META-INF/services/dev.bluegreen.core.extension.BlueGreenExtension} of the extension jar; it needs
 * a public no-argument constructor. A resource picks one by {@link #name()} with the option {@code
 * kubernetes.operator.bluegreen.extension}; options {@code
 * kubernetes.operator.bluegreen.extension.<key>} reach it as {@link ExtensionParameters}.
 *
 * <p>The controller applies an extension to each resource's policy parsed from its {@code
 * spec.configuration}: first {@link #customise}, then {@link #readiness} with the customised
 * policy's readiness. Both are called on reconcile threads, possibly concurrently for different
 * resources, so implementations must be thread-safe; the policies they return must be pure (no
 * clock reads, no I/O). The controller bounds every call in time and contains exceptions: a
 * resource whose extension throws or overruns is marked {@code Degraded} and its incoming child
 * counts as not ready; other resources are unaffected (docs/testing-policies.md).
 */
public interface BlueGreenExtension {

    /**
     * The name resources pick this extension by: lower-case letters, digits and {@code -}, starting
     * and ending with a letter or digit, at most 63 characters. Unique among the loaded extensions.
     */
    String name();

    /**
     * The transition policy for one resource. Default: {@code fromSpec} unchanged.
     *
     * @param fromSpec the policy parsed from the resource's {@code spec.configuration}
     * @param parameters the resource's {@code kubernetes.operator.bluegreen.extension.<key>}
     *     options
     * @return the policy to use, never {@code null}
     * @throws ExtensionParameters.InvalidParameterException when a parameter is invalid; the
     *     controller reports it as an invalid spec naming the option
     */
    default TransitionPolicy customise(TransitionPolicy fromSpec, ExtensionParameters parameters) {
        return fromSpec;
    }

    /**
     * The readiness policy for one resource. Default: {@code fromSpec} unchanged. Combine with the
     * spec's checks with {@code ReadinessPolicies.allOf(fromSpec, mine)}, or replace them.
     *
     * @param fromSpec the readiness policy of the {@link #customise customised} transition policy
     * @param parameters the resource's extension options, as for {@link #customise}
     * @return the readiness policy to use, never {@code null}
     * @throws ExtensionParameters.InvalidParameterException when a parameter is invalid
     */
    default ReadinessPolicy readiness(ReadinessPolicy fromSpec, ExtensionParameters parameters) {
        return fromSpec;
    }

    /**
     * Analysis providers this extension adds, by the name a check selects with {@code provider:
     * {extension: {name: <name>}}}. Default: none. Called once when the extension is loaded; the
     * names must be unique among the loaded extensions and must not be {@code prometheus}, {@code
     * web} or {@code flink}.
     */
    default Map<String, MetricProvider> metricProviders() {
        return Map.of();
    }
}
