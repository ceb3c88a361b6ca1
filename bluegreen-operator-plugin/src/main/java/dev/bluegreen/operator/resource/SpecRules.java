package dev.bluegreen.operator.resource;

/**
 * The CEL rules ({@code x-kubernetes-validations}) of the generated CRD, as data: the checks of the
 * controller's validator that need no cluster state, so that {@code kubectl apply} rejects them on
 * API servers that run CEL (Kubernetes 1.25 and newer). The controller keeps its own checks, so
 * older servers, and objects stored before a rule existed, still get an {@code InvalidSpec}
 * condition. Each rule is tested against good and bad objects with a CEL library ({@code
 * SpecRulesTest}).
 */
final class SpecRules {
    private SpecRules() {}

    /** On {@code spec.transitionMode}: a transition rule (updates only). */
    static final String TRANSITION_MODE_FIXED = "self == oldSelf";

    static final String TRANSITION_MODE_FIXED_MESSAGE =
            "transitionMode cannot change once set; delete and recreate the resource to change it";

    /**
     * The keys of {@code kubernetes.operator.bluegreen.*} options (docs/configuration.md), as a CEL
     * list. {@code SpecRulesTest} checks it names exactly the options the controller knows.
     */
    static final String KNOWN_OPTIONS =
            "['kubernetes.operator.bluegreen.abort.grace-period',"
                    + " 'kubernetes.operator.bluegreen.reconciliation.reschedule-interval',"
                    + " 'kubernetes.operator.bluegreen.deployment-deletion.delay',"
                    + " 'kubernetes.operator.bluegreen.readiness.soak',"
                    + " 'kubernetes.operator.bluegreen.readiness.min-completed-checkpoints',"
                    + " 'kubernetes.operator.bluegreen.readiness.max-lag',"
                    + " 'kubernetes.operator.bluegreen.readiness.max-lag-window',"
                    + " 'kubernetes.operator.bluegreen.readiness.timeout-action',"
                    + " 'kubernetes.operator.bluegreen.savepoint.timeout',"
                    + " 'kubernetes.operator.bluegreen.savepoint.timeout-action',"
                    + " 'kubernetes.operator.bluegreen.catch-up.timeout',"
                    + " 'kubernetes.operator.bluegreen.catch-up.timeout-action',"
                    + " 'kubernetes.operator.bluegreen.cutover.timeout',"
                    + " 'kubernetes.operator.bluegreen.cutover.timeout-action',"
                    + " 'kubernetes.operator.bluegreen.patch.timeout',"
                    + " 'kubernetes.operator.bluegreen.patch.timeout-action',"
                    + " 'kubernetes.operator.bluegreen.retention',"
                    + " 'kubernetes.operator.bluegreen.rollback-window',"
                    + " 'kubernetes.operator.bluegreen.failing-source',"
                    + " 'kubernetes.operator.bluegreen.rescale-as-transition',"
                    + " 'kubernetes.operator.bluegreen.advanced.catch-up-bound',"
                    + " 'kubernetes.operator.bluegreen.advanced.cutover-margin',"
                    + " 'kubernetes.operator.bluegreen.advanced.channel',"
                    + " 'kubernetes.operator.bluegreen.advanced.report-staleness',"
                    + " 'kubernetes.operator.bluegreen.advanced.keep-window',"
                    + " 'kubernetes.operator.bluegreen.advanced.handback-lead',"
                    + " 'kubernetes.operator.bluegreen.extension']";

    /** The prefix of an extension's parameters, which are accepted whatever their key. */
    static final String EXTENSION_PARAMETER_PREFIX = "kubernetes.operator.bluegreen.extension.";

    /**
     * On {@code spec.configuration}: no unknown key under the blue/green prefix; an extension's
     * parameter ({@value #EXTENSION_PARAMETER_PREFIX}{@code <key>}, a key after the prefix) is not
     * unknown.
     */
    static final String KNOWN_OPTIONS_ONLY =
            "self.all(k, !k.startsWith('kubernetes.operator.bluegreen.') || k in "
                    + KNOWN_OPTIONS
                    + " || (k.startsWith('"
                    + EXTENSION_PARAMETER_PREFIX
                    + "') && size(k) > 40))"; // 40: the prefix's length (SpecRulesTest)

    static final String KNOWN_OPTIONS_ONLY_MESSAGE =
            "unknown key under kubernetes.operator.bluegreen. (the options are listed in"
                    + " docs/configuration.md)";

    /**
     * The most keys {@code spec.configuration} may hold ({@code maxProperties}), well above the
     * number of blue/green options: the API server estimates a rule's cost from the largest map the
     * schema allows, and without a bound it refuses a CRD whose rule iterates over the map.
     */
    static final int CONFIGURATION_KEYS_MAX = 64;

    /** On {@code spec.ingress}: the URL template is set and not blank. */
    static final String INGRESS_TEMPLATE_SET =
            "has(self.template) && self.template.matches(r'\\S')";

    /** On each analysis check's {@code provider}: exactly one provider is set. */
    static final String ONE_PROVIDER =
            "[has(self.prometheus), has(self.web), has(self.flink), has(self.extension)]"
                    + ".exists_one(p, p)";

    static final String ONE_PROVIDER_MESSAGE = "exactly one of prometheus, web, flink, extension";

    static final String INGRESS_TEMPLATE_SET_MESSAGE =
            "template is required: the URL template, e.g. {{name}}.{{namespace}}.example.com";
}
