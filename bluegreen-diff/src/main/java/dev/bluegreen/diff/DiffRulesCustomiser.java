package dev.bluegreen.diff;

import java.util.Map;

/**
 * Diff-rule overrides from an extension: implemented by a {@code
 * dev.bluegreen.core.extension.BlueGreenExtension} that also changes how spec changes are
 * classified. The controller calls it with the rules a resource's {@code spec.configuration} chose
 * (the defaults, with rescale as transition when asked), and uses what it returns for that
 * resource. Must be thread-safe; the controller bounds the call in time and reports an exception as
 * {@code Degraded} without touching the children.
 */
@FunctionalInterface
public interface DiffRulesCustomiser {

    /**
     * The rules for one resource.
     *
     * @param fromSpec the rules chosen by the resource's configuration
     * @param parameters the resource's {@code kubernetes.operator.bluegreen.extension.<key>}
     *     options, by {@code <key>}
     * @return the rules to use, never {@code null}; start from {@code fromSpec.toBuilder()} to
     *     override a rule (a rule with the same path or prefix replaces the default one)
     */
    DiffRules customise(DiffRules fromSpec, Map<String, String> parameters);
}
