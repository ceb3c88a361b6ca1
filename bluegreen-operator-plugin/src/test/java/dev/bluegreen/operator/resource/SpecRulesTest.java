package dev.bluegreen.operator.resource;

import dev.bluegreen.operator.internal.config.BlueGreenOptions;
import dev.bluegreen.operator.internal.config.Option;
import dev.bluegreen.operator.internal.validate.AnalysisChecks;
import dev.bluegreen.operator.internal.validate.SpecProblem;
import dev.bluegreen.operator.internal.validate.SpecValidator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.cel.common.types.SimpleType;
import dev.cel.compiler.CelCompiler;
import dev.cel.compiler.CelCompilerFactory;
import dev.cel.parser.CelStandardMacro;
import dev.cel.runtime.CelRuntime;
import dev.cel.runtime.CelRuntimeFactory;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every CEL rule of the generated CRD, evaluated with a CEL library on good and bad objects (the
 * embedded API server does not run CEL), and compared with the controller's own check where one
 * exists: the rule rejects exactly what the controller reports.
 */
class SpecRulesTest {
    static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    static final ObjectMapper JSON = new ObjectMapper();
    static final CelCompiler COMPILER =
            CelCompilerFactory.standardCelCompilerBuilder()
                    .setStandardMacros(CelStandardMacro.STANDARD_MACROS)
                    .addVar("self", SimpleType.DYN)
                    .addVar("oldSelf", SimpleType.DYN)
                    .build();
    static final CelRuntime RUNTIME = CelRuntimeFactory.standardCelRuntimeBuilder().build();

    /** A rule of the CRD: where it sits (a path in the spec), its expression and message. */
    record Rule(String path, String expression, String message) {}

    @Test
    void theCrdCarriesExactlyTheseRules() throws IOException {
        assertThat(rules())
                .containsExactly(
                        new Rule(
                                "spec.analysis.postPromotion[].provider",
                                SpecRules.ONE_PROVIDER,
                                SpecRules.ONE_PROVIDER_MESSAGE),
                        new Rule(
                                "spec.analysis.prePromotion[].provider",
                                SpecRules.ONE_PROVIDER,
                                SpecRules.ONE_PROVIDER_MESSAGE),
                        new Rule(
                                "spec.configuration",
                                SpecRules.KNOWN_OPTIONS_ONLY,
                                SpecRules.KNOWN_OPTIONS_ONLY_MESSAGE),
                        new Rule(
                                "spec.ingress",
                                SpecRules.INGRESS_TEMPLATE_SET,
                                SpecRules.INGRESS_TEMPLATE_SET_MESSAGE),
                        new Rule(
                                "spec.transitionMode",
                                SpecRules.TRANSITION_MODE_FIXED,
                                SpecRules.TRANSITION_MODE_FIXED_MESSAGE));
    }

    /**
     * The API server refuses a rule that reads a field its schema node does not declare (fields
     * kept by {@code x-kubernetes-preserve-unknown-fields} are invisible to CEL); {@code self.x(}
     * is a macro or function call, not a field.
     */
    @Test
    void everyRuleReadsOnlyFieldsItsSchemaDeclares() throws IOException {
        JsonNode spec = UpstreamCompatibilityTest.specSchema(crd());
        for (Rule rule : rules()) {
            JsonNode node = node(spec, rule.path().substring("spec.".length()));
            Matcher field =
                    Pattern.compile("self\\.(\\w+)(?!\\w|\\s*\\()").matcher(rule.expression());
            while (field.find()) {
                assertThat(node.path("properties").has(field.group(1)))
                        .as("%s reads %s", rule.path(), field.group(1))
                        .isTrue();
            }
        }
    }

    @ParameterizedTest(name = "{0} -> {1}: {2}")
    @CsvSource({
        "BASIC, BASIC, true",
        "ADVANCED, ADVANCED, true",
        "BASIC, ADVANCED, false",
        "ADVANCED, BASIC, false",
    })
    void transitionModeCannotChangeOnceSet(String before, String after, boolean allowed) {
        assertThat(eval(SpecRules.TRANSITION_MODE_FIXED, after, before)).isEqualTo(allowed);
    }

    @Test
    void theKnownOptionsAreExactlyTheControllersOptions() {
        Object known = eval(SpecRules.KNOWN_OPTIONS, null, null);

        assertThat(known)
                .asInstanceOf(InstanceOfAssertFactories.LIST)
                .containsExactlyElementsOf(BlueGreenOptions.ALL.stream().map(Option::key).toList());
        assertThat(BlueGreenOptions.ALL.size()).isLessThan(SpecRules.CONFIGURATION_KEYS_MAX);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource({
        "kubernetes.operator.bluegreen.abort.grace-period, true",
        "kubernetes.operator.bluegreen.advanced.channel, true",
        "taskmanager.numberOfTaskSlots, true",
        "kubernetes.operator.job.upgrade.ignore-pending-savepoint, true",
        "kubernetes.operator.bluegreen.abort.grace-periods, false",
        "kubernetes.operator.bluegreen.unknown, false",
        "kubernetes.operator.bluegreen., false",
        "kubernetes.operator.bluegreen.extension, true",
        "kubernetes.operator.bluegreen.extension.max-restarts, true",
        "kubernetes.operator.bluegreen.extension.a, true",
        "kubernetes.operator.bluegreen.extension., false",
        "kubernetes.operator.bluegreen.extensions.x, false",
    })
    void anUnknownBlueGreenKeyIsRejectedLikeTheControllerDoes(String key, boolean allowed) {
        Map<String, String> configuration = Map.of(key, "1 s");

        assertThat(eval(SpecRules.KNOWN_OPTIONS_ONLY, configuration, null)).isEqualTo(allowed);
        assertThat(
                        controllerProblems(configuration, null).stream()
                                .anyMatch(p -> p.contains(key) && p.contains("unknown")))
                .as("the controller reports it")
                .isEqualTo(!allowed);
    }

    @Test
    void theExtensionParameterPrefixIsTheCoresAndItsLengthIsTheRulesBound() {
        assertThat(SpecRules.EXTENSION_PARAMETER_PREFIX)
                .isEqualTo(dev.bluegreen.core.extension.ExtensionParameters.PREFIX)
                .hasSize(40);
        assertThat(SpecRules.KNOWN_OPTIONS_ONLY).contains("size(k) > 40");
    }

    @Test
    void everyOptionAtOnceIsAccepted() {
        Map<String, String> configuration = new LinkedHashMap<>();
        BlueGreenOptions.ALL.forEach(o -> configuration.put(o.key(), "1"));

        assertThat(eval(SpecRules.KNOWN_OPTIONS_ONLY, configuration, null)).isEqualTo(true);
        assertThat(eval(SpecRules.KNOWN_OPTIONS_ONLY, Map.of(), null)).isEqualTo(true);
    }

    @ParameterizedTest(name = "template \"{0}\": {1}")
    @CsvSource(
            value = {
                "{{name}}.{{namespace}}.example.com | true",
                "orders.example.com | true",
                "'' | false",
                "'   ' | false",
            },
            delimiter = '|')
    void theParentIngressNeedsATemplate(String template, boolean allowed) {
        Map<String, Object> ingress = new HashMap<>();
        ingress.put("className", "nginx");
        ingress.put("template", template);

        assertThat(eval(SpecRules.INGRESS_TEMPLATE_SET, ingress, null)).isEqualTo(allowed);
        assertThat(
                        controllerProblems(null, template).stream()
                                .anyMatch(p -> p.startsWith("spec.ingress.template: required")))
                .as("the controller reports it")
                .isEqualTo(!allowed);
    }

    @Test
    void aParentIngressWithoutATemplateIsRejected() {
        assertThat(eval(SpecRules.INGRESS_TEMPLATE_SET, Map.of("className", "nginx"), null))
                .isEqualTo(false);
    }

    /** An upstream manifest with only its apiVersion changed passes every rule. */
    @Test
    void theUpstreamManifestPassesEveryRule() throws IOException {
        JsonNode spec;
        try (InputStream in = getClass().getResourceAsStream("/upstream-manifest.yaml")) {
            spec = YAML.readTree(in).path("spec");
        }
        for (Rule rule : rules()) {
            Object value = JSON.convertValue(at(spec, rule.path()), Object.class);
            Object old = rule.expression().contains("oldSelf") ? value : null;
            if (value != null) {
                assertThat(eval(rule.expression(), value, old)).as(rule.path()).isEqualTo(true);
            }
        }
    }

    private static JsonNode at(JsonNode spec, String path) {
        return spec.path(path.substring("spec.".length()));
    }

    /** The controller's problems for a parent with this configuration and ingress template. */
    private static List<String> controllerProblems(
            Map<String, String> configuration, String ingressTemplate) {
        var spec = new FlinkBlueGreenDeploymentSpec();
        spec.setConfiguration(configuration);
        var template = new DeploymentTemplate();
        template.setSpec(
                JSON.createObjectNode()
                        .set("job", JSON.createObjectNode().put("jarURI", "local:///job.jar")));
        spec.setTemplate(template);
        if (ingressTemplate != null) {
            var ingress = new ParentIngressSpec();
            ingress.setTemplate(ingressTemplate);
            spec.setIngress(ingress);
        }
        var parent = new FlinkBlueGreenDeployment();
        parent.setMetadata(new ObjectMetaBuilder().withName("orders").withNamespace("ns").build());
        parent.setSpec(spec);
        return SpecValidator.withoutSchema().validate(parent).stream()
                .map(p -> p.field() + ": " + p.message())
                .toList();
    }

    /** Evaluates {@code expression} with {@code self} and {@code oldSelf} bound. */
    /** The schema node of a rule's path: dotted properties, {@code []} for a list's items. */
    private static JsonNode node(JsonNode schema, String path) {
        JsonNode node = schema;
        for (String segment : path.split("\\.")) {
            boolean items = segment.endsWith("[]");
            String name = items ? segment.substring(0, segment.length() - 2) : segment;
            node = node.path("properties").path(name);
            node = items ? node.path("items") : node;
        }
        return node;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "none, false",
        "prometheus, true",
        "web, true",
        "flink, true",
        "extension, true",
        "prometheus;web, false",
        "flink;extension, false",
        "prometheus;web;flink;extension, false",
    })
    void anAnalysisCheckHasExactlyOneProviderLikeTheControllerSays(String set, boolean allowed) {
        List<String> providers = set.equals("none") ? List.of() : List.of(set.split(";"));
        Map<String, Object> self = new HashMap<>();
        providers.forEach(p -> self.put(p, Map.of()));
        var provider = new AnalysisProviderSpec();
        if (providers.contains("prometheus")) {
            provider.setPrometheus(new PrometheusProviderSpec());
        }
        if (providers.contains("web")) {
            provider.setWeb(new WebProviderSpec());
        }
        if (providers.contains("flink")) {
            provider.setFlink(new FlinkProviderSpec());
        }
        if (providers.contains("extension")) {
            provider.setExtension(new ExtensionProviderSpec());
        }

        assertThat(eval(SpecRules.ONE_PROVIDER, self, null)).isEqualTo(allowed);
        assertThat(
                        analysisProblems(provider).stream()
                                .anyMatch(p -> p.contains(".provider: expected exactly one of")))
                .as("the controller reports it")
                .isEqualTo(!allowed);
    }

    private static List<String> analysisProblems(AnalysisProviderSpec provider) {
        var check = new AnalysisCheck();
        check.setName("lag");
        check.setProvider(provider);
        var analysis = new AnalysisSpec();
        analysis.setPrePromotion(List.of(check));
        var problems = new ArrayList<SpecProblem>();
        AnalysisChecks.check(analysis, problems);
        return problems.stream().map(SpecProblem::toString).toList();
    }

    static Object eval(String expression, Object self, Object oldSelf) {
        try {
            var ast = COMPILER.compile(expression).getAst();
            Map<String, Object> vars = new HashMap<>();
            vars.put("self", self);
            vars.put("oldSelf", oldSelf);
            return RUNTIME.createProgram(ast).eval(vars);
        } catch (Exception e) {
            throw new IllegalStateException("cannot evaluate " + expression + ": " + e, e);
        }
    }

    static JsonNode crd() throws IOException {
        return YAML.readTree(CrdManifestTest.generatedCrd().toFile());
    }

    /** Every x-kubernetes-validations rule of the spec's schema, depth first. */
    static List<Rule> rules() throws IOException {
        List<Rule> rules = new ArrayList<>();
        collect("spec", UpstreamCompatibilityTest.specSchema(crd()), rules);
        return rules;
    }

    private static void collect(String path, JsonNode schema, List<Rule> rules) {
        for (JsonNode rule : schema.path("x-kubernetes-validations")) {
            rules.add(new Rule(path, rule.path("rule").asText(), rule.path("message").asText()));
        }
        schema.path("properties")
                .fields()
                .forEachRemaining(f -> collect(path + "." + f.getKey(), f.getValue(), rules));
        if (schema.has("items")) {
            collect(path + "[]", schema.get("items"), rules);
        }
    }
}
