package dev.bluegreen.operator.internal.validate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.function.Consumer;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link SchemaValidator} against the real upstream FlinkDeployment CRDs (1.10 and 1.15). */
class SchemaValidatorTest {

    static SchemaValidator validator(String crdFile) {
        return SchemaValidator.fromCrd(Manifests.crd(crdFile)).orElseThrow();
    }

    static ObjectNode goodTemplate() {
        var spec = (ObjectNode) Manifests.upstreamTree().at("/spec/template/spec");
        var container =
                spec.putObject("podTemplate").putObject("spec").putArray("containers").addObject();
        container.put("name", "flink-main-container");
        container.putObject("resources").putObject("requests").put("cpu", 1).put("memory", "1Gi");
        container.putArray("ports").addObject().put("containerPort", 9249).put("name", "metrics");
        container.putObject("livenessProbe").putObject("tcpSocket").put("port", "metrics");
        return spec;
    }

    @ParameterizedTest(name = "operator {0}")
    @ValueSource(strings = {Manifests.CRD_1_10, Manifests.CRD_1_15})
    void upstreamTemplateWithAPodTemplateIsValid(String crd) {
        assertThat(validator(crd).validate(goodTemplate())).isEmpty();
    }

    static Stream<Arguments> badTemplates() {
        return Stream.of(
                bad(
                        "wrong scalar type",
                        s -> job(s).put("parallelism", "two"),
                        "spec.template.spec.job.parallelism",
                        "expected integer, got string \"two\""),
                bad(
                        "fraction for an integer",
                        s -> job(s).put("parallelism", 1.5),
                        "spec.template.spec.job.parallelism",
                        "expected integer, got number 1.5"),
                bad(
                        "unknown enum value",
                        s -> job(s).put("upgradeMode", "fast"),
                        "spec.template.spec.job.upgradeMode",
                        "expected one of [\"last-state\",\"savepoint\",\"stateless\"], got string"
                                + " \"fast\""),
                bad(
                        "object where the CRD wants an array",
                        s -> job(s).putObject("args"),
                        "spec.template.spec.job.args",
                        "expected array, got an object"),
                bad(
                        "wrong item type",
                        s -> job(s).putArray("args").add("--a").add(3),
                        "spec.template.spec.job.args[1]",
                        "expected string, got number 3"),
                bad(
                        "unknown field",
                        s -> s.putObject("futureField").put("enabled", true),
                        "spec.template.spec.futureField",
                        "unknown field"),
                bad(
                        "unknown nested field",
                        s -> job(s).put("jarUri", "local:///x.jar"),
                        "spec.template.spec.job.jarUri",
                        "unknown field"),
                bad(
                        "boolean for an int-or-string quantity",
                        s -> requests(s).put("cpu", true),
                        "spec.template.spec.podTemplate.spec.containers[0].resources.requests.cpu",
                        "expected an integer or a string, got boolean true"),
                bad(
                        "object for an int-or-string port",
                        s -> probePort(s).putObject("port"),
                        "spec.template.spec.podTemplate.spec.containers[0].livenessProbe.tcpSocket.port",
                        "expected an integer or a string, got an object"));
    }

    static Arguments bad(String name, Consumer<ObjectNode> edit, String field, String message) {
        return Arguments.of(name, edit, field, message);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badTemplates")
    void rejectsWhatTheApiServerWouldRejectOrDrop(
            String name, Consumer<ObjectNode> edit, String field, String message) {
        for (String crd : new String[] {Manifests.CRD_1_10, Manifests.CRD_1_15}) {
            // Given a good template with one thing broken
            var template = goodTemplate();
            edit.accept(template);
            // When
            var problems = validator(crd).validate(template);
            // Then
            assertThat(problems).as("%s against %s", name, crd).hasSize(1);
            assertThat(problems.get(0).field()).isEqualTo(field);
            assertThat(problems.get(0).message()).startsWith(message);
        }
    }

    @Test
    void fieldsOfANewerOperatorAreUnknownToAnOlderCrd() {
        var template = goodTemplate();
        job(template).put("autoscalerResetNonce", 1);

        assertThat(validator(Manifests.CRD_1_15).validate(template)).isEmpty();
        assertThat(validator(Manifests.CRD_1_10).validate(template))
                .extracting(SpecProblem::field)
                .containsExactly("spec.template.spec.job.autoscalerResetNonce");
    }

    @Test
    void flinkConfigurationValuesMustBeStringsOnlyForOperatorsBeforeNestedConfiguration() {
        var template = goodTemplate();
        ((ObjectNode) template.get("flinkConfiguration")).put("taskmanager.numberOfTaskSlots", 2);

        assertThat(validator(Manifests.CRD_1_10).validate(template))
                .containsExactly(
                        new SpecProblem(
                                "spec.template.spec.flinkConfiguration"
                                        + "[\"taskmanager.numberOfTaskSlots\"]",
                                "expected string, got number 2"));
        assertThat(validator(Manifests.CRD_1_15).validate(template)).isEmpty();
    }

    @Test
    void nullValuesArePrunedNotRejected() {
        var template = goodTemplate();
        job(template).putNull("parallelism");

        assertThat(validator(Manifests.CRD_1_15).validate(template)).isEmpty();
    }

    @Test
    void requiredFieldsAndAnyOfAreChecked() throws Exception {
        JsonNode schema =
                Manifests.YAML.readTree(
                        """
                        properties:
                          spec:
                            type: object
                            required: [image]
                            properties:
                              image: {type: string}
                              size:
                                anyOf: [{type: integer}, {type: string}]
                              extra:
                                type: object
                                x-kubernetes-preserve-unknown-fields: true
                                properties:
                                  known: {type: boolean}
                              labels:
                                type: object
                                additionalProperties: true
                              ratio: {type: number}
                              custom: {type: unusual}
                        """);
        var validator = SchemaValidator.forSchema(schema);
        var spec =
                (ObjectNode)
                        Manifests.YAML.readTree(
                                "{size: [1], extra: {anything: 1, known: 3}, labels: {a: 1},"
                                        + " ratio: x, custom: 1}");

        assertThat(validator.validate(spec))
                .containsExactly(
                        new SpecProblem("spec.template.spec.image", "required"),
                        new SpecProblem(
                                "spec.template.spec.size",
                                "matches none of [{\"type\":\"integer\"},{\"type\":\"string\"}],"
                                        + " got an array"),
                        new SpecProblem(
                                "spec.template.spec.extra.known", "expected boolean, got number 3"),
                        new SpecProblem(
                                "spec.template.spec.ratio", "expected number, got string \"x\""));
    }

    @Test
    void crdWithoutAUsableVersionGivesNoValidator() throws Exception {
        assertThat(SchemaValidator.fromCrd(Manifests.YAML.readTree("{spec: {versions: []}}")))
                .isEmpty();
        assertThat(
                        SchemaValidator.fromCrd(
                                Manifests.YAML.readTree(
                                        "{spec: {versions: [{name: v1beta1, schema: {}}]}}")))
                .isEmpty();
        assertThat(
                        SchemaValidator.fromCrd(
                                Manifests.YAML.readTree(
                                        "{spec: {versions: [{name: v2, storage: true, schema:"
                                                + " {openAPIV3Schema: {properties: {spec: {type:"
                                                + " object}}}}}]}}")))
                .isPresent();
        assertThatThrownBy(() -> SchemaValidator.forSchema(Manifests.YAML.readTree("{}")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("properties.spec");
    }

    static ObjectNode job(ObjectNode spec) {
        return (ObjectNode) spec.get("job");
    }

    static ObjectNode requests(ObjectNode spec) {
        return (ObjectNode) spec.at("/podTemplate/spec/containers/0/resources/requests");
    }

    static ObjectNode probePort(ObjectNode spec) {
        return (ObjectNode) spec.at("/podTemplate/spec/containers/0/livenessProbe/tcpSocket");
    }
}
