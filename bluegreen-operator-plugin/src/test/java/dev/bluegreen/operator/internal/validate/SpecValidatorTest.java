package dev.bluegreen.operator.internal.validate;

import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus;
import dev.bluegreen.operator.resource.TransitionMode;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.function.Consumer;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Every guard of {@link SpecValidator}, fed bad input. */
class SpecValidatorTest {
    static final SpecValidator VALIDATOR = SpecValidator.withoutSchema();

    @Test
    void upstreamManifestIsValid() {
        var resource = Manifests.resource(Manifests.upstreamTree());

        assertThat(VALIDATOR.validate(resource)).isEmpty();
    }

    static Stream<Arguments> badInputs() {
        return Stream.of(
                bad(
                        "name too long",
                        t -> meta(t).put("name", "a".repeat(254)),
                        "metadata.name",
                        "too long: 254 characters, the maximum is 253"),
                bad(
                        "name with upper case",
                        t -> meta(t).put("name", "Orders"),
                        "metadata.name",
                        "must consist of lower-case letters"),
                bad("name missing", t -> meta(t).remove("name"), "metadata.name", "required"),
                bad("spec missing", t -> t.remove("spec"), "spec", "required"),
                bad(
                        "template missing",
                        t -> spec(t).remove("template"),
                        "spec.template.spec",
                        "required"),
                bad(
                        "template spec not an object",
                        t -> template(t).put("spec", "flink"),
                        "spec.template.spec",
                        "expected an object, got string \"flink\""),
                bad(
                        "flinkConfiguration not an object",
                        t -> templateSpec(t).putArray("flinkConfiguration").add("a"),
                        "spec.template.spec.flinkConfiguration",
                        "expected an object, got an array"),
                bad(
                        "job missing",
                        t -> templateSpec(t).remove("job"),
                        "spec.template.spec.job",
                        "required: a blue/green deployment runs an application job"),
                bad(
                        "job not an object",
                        t -> templateSpec(t).put("job", "abc"),
                        "spec.template.spec.job",
                        "expected an object, got string \"abc\""),
                bad(
                        "jar missing",
                        t -> job(t).remove("jarURI"),
                        "spec.template.spec.job.jarURI",
                        "required"),
                bad(
                        "jar blank",
                        t -> job(t).put("jarURI", " "),
                        "spec.template.spec.job.jarURI",
                        "required"),
                bad(
                        "jar not a string",
                        t -> job(t).put("jarURI", 5),
                        "spec.template.spec.job.jarURI",
                        "expected a string, got number 5"),
                bad(
                        "unknown upgrade mode",
                        t -> job(t).put("upgradeMode", "fast"),
                        "spec.template.spec.job.upgradeMode",
                        "expected one of [last-state, savepoint, stateless], got string \"fast\""),
                bad(
                        "unknown job state",
                        t -> job(t).put("state", "paused"),
                        "spec.template.spec.job.state",
                        "expected one of [running, suspended], got string \"paused\""),
                bad(
                        "unparsable duration option",
                        t ->
                                config(t)
                                        .put(
                                                "kubernetes.operator.bluegreen.abort.grace-period",
                                                "ten minutes"),
                        "spec.configuration[\"kubernetes.operator.bluegreen.abort.grace-period\"]",
                        "cannot parse \"ten minutes\" as a duration"),
                bad(
                        "misspelled option",
                        t -> config(t).put("kubernetes.operator.bluegreen.retension", "DELETE"),
                        "spec.configuration[\"kubernetes.operator.bluegreen.retension\"]",
                        "unknown blue/green option"),
                bad(
                        "parent ingress without template",
                        t -> ingress(t).remove("template"),
                        "spec.ingress.template",
                        "required"),
                bad(
                        "parent ingress renders an invalid host",
                        t -> ingress(t).put("template", "Flink_UI.example.com"),
                        "spec.ingress.template",
                        "renders an invalid ingress rule"),
                bad(
                        "parent ingress label key invalid",
                        t -> ((ObjectNode) ingress(t).putObject("labels")).put("bad key!", "x"),
                        "spec.ingress.labels",
                        "invalid key \"bad key!\", expected [prefix/]name"),
                bad(
                        "child ingress template invalid",
                        t ->
                                templateSpec(t)
                                        .putObject("ingress")
                                        .put("template", "Flink.example.com"),
                        "spec.template.spec.ingress.template",
                        "renders an invalid ingress rule"),
                bad(
                        "child ingress template not a string",
                        t -> templateSpec(t).putObject("ingress").put("template", 3),
                        "spec.template.spec.ingress.template",
                        "expected a string, got number 3"),
                bad(
                        "child label key invalid",
                        t ->
                                ((ObjectNode) template(t).get("metadata").get("labels"))
                                        .put("-team", "x"),
                        "spec.template.metadata.labels",
                        "invalid key \"-team\""),
                bad(
                        "child label value invalid",
                        t ->
                                ((ObjectNode) template(t).get("metadata").get("labels"))
                                        .put("team", "a b"),
                        "spec.template.metadata.labels.team",
                        "invalid label value \"a b\""),
                bad(
                        "child annotation key invalid",
                        t ->
                                ((ObjectNode) template(t).get("metadata"))
                                        .putObject("annotations")
                                        .put("a/b/c", "x"),
                        "spec.template.metadata.annotations",
                        "invalid key \"a/b/c\""),
                bad(
                        "rest port not a number",
                        t -> flinkConfiguration(t).put("rest.port", "http"),
                        "spec.template.spec.flinkConfiguration.rest.port",
                        "expected an integer port number"),
                bad(
                        "flink configuration of the wrong type",
                        t -> templateSpec(t).put("flinkConfiguration", "x=1"),
                        "spec.template.spec.flinkConfiguration",
                        "expected an object"),
                bad(
                        "adopted name not a FlinkDeployment name",
                        t -> spec(t).put("adoptDeployment", "Orders_Live"),
                        "spec.adoptDeployment",
                        "expected the name of a FlinkDeployment"),
                bad(
                        "adoption in ADVANCED mode",
                        t ->
                                spec(t).put("adoptDeployment", "orders-live")
                                        .put("transitionMode", "ADVANCED"),
                        "spec.adoptDeployment",
                        "adoption needs transitionMode BASIC"),
                bad(
                        "unknown on-delete value",
                        t ->
                                meta(t).putObject("annotations")
                                        .put("bluegreen.dev/on-delete", "keep_active"),
                        "metadata.annotations[bluegreen.dev/on-delete]",
                        "expected one of delete-all, keep-active, got \"keep_active\""));
    }

    static Arguments bad(String name, Consumer<ObjectNode> edit, String field, String message) {
        return Arguments.of(name, edit, field, message);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badInputs")
    void reportsTheFieldOfEveryProblem(
            String name, Consumer<ObjectNode> edit, String field, String message) {
        // Given the upstream manifest with one thing broken
        var tree = Manifests.upstreamTree();
        edit.accept(tree);
        // When
        var problems = VALIDATOR.validate(Manifests.resource(tree));
        // Then
        assertThat(problems)
                .as("problems of %s", name)
                .anySatisfy(
                        p -> {
                            assertThat(p.field()).isEqualTo(field);
                            assertThat(p.message()).contains(message);
                        });
    }

    @Test
    void standaloneModeNeedsNoJar() {
        var tree = Manifests.upstreamTree();
        templateSpec(tree).put("mode", "standalone");
        job(tree).remove("jarURI");

        assertThat(VALIDATOR.validate(Manifests.resource(tree))).isEmpty();
    }

    @Test
    void transitionModeCannotChangeAfterTheFirstDeployment() {
        var tree = Manifests.upstreamTree();
        var previous = new FlinkBlueGreenDeploymentStatus();
        previous.setTransitionMode(TransitionMode.ADVANCED);

        var problems = VALIDATOR.validate(Manifests.resource(tree), previous);

        assertThat(problems)
                .containsExactly(
                        new SpecProblem(
                                "spec.transitionMode",
                                "cannot change after the first deployment: deployed with ADVANCED,"
                                        + " got BASIC; delete and recreate the resource to change"
                                        + " it"));
    }

    @Test
    void advancedModeIsValidAndCannotBeTurnedBackToBasic() {
        // Given a resource first deployed in ADVANCED mode
        var tree = Manifests.upstreamTree();
        spec(tree).put("transitionMode", "ADVANCED");
        var previous = new FlinkBlueGreenDeploymentStatus();
        previous.setTransitionMode(TransitionMode.ADVANCED);

        // Then ADVANCED stays valid, and BASIC names the field
        assertThat(VALIDATOR.validate(Manifests.resource(tree), previous)).isEmpty();
        spec(tree).put("transitionMode", "BASIC");
        assertThat(VALIDATOR.validate(Manifests.resource(tree), previous))
                .extracting(SpecProblem::field)
                .containsExactly("spec.transitionMode");
    }

    @Test
    void unchangedTransitionModeAndNoPreviousModeAreValid() {
        var resource = Manifests.resource(Manifests.upstreamTree());
        var previous = new FlinkBlueGreenDeploymentStatus();

        assertThat(VALIDATOR.validate(resource, previous)).isEmpty();
        previous.setTransitionMode(TransitionMode.BASIC);
        assertThat(VALIDATOR.validate(resource, previous)).isEmpty();
    }

    @Test
    void schemaProblemsAreAddedWhenASchemaIsKnown() {
        var tree = Manifests.upstreamTree();
        job(tree).put("parallelism", "two");
        var schema = SchemaValidator.fromCrd(Manifests.crd(Manifests.CRD_1_15)).orElseThrow();

        var problems = SpecValidator.withSchema(schema).validate(Manifests.resource(tree));

        assertThat(problems)
                .containsExactly(
                        new SpecProblem(
                                "spec.template.spec.job.parallelism",
                                "expected integer, got string \"two\""));
        assertThat(VALIDATOR.validate(Manifests.resource(tree))).isEmpty();
    }

    @Test
    void problemsComeInAFixedOrder() {
        var tree = Manifests.upstreamTree();
        meta(tree).put("name", "Bad");
        job(tree).put("state", "x");
        config(tree).put("kubernetes.operator.bluegreen.retention", "x");

        var first = VALIDATOR.validate(Manifests.resource(tree));
        var second = VALIDATOR.validate(Manifests.resource(tree));

        assertThat(first).hasSize(3).isEqualTo(second);
        assertThat(first.get(0).field()).isEqualTo("metadata.name");
    }

    static ObjectNode meta(ObjectNode t) {
        return (ObjectNode) t.get("metadata");
    }

    static ObjectNode spec(ObjectNode t) {
        return (ObjectNode) t.get("spec");
    }

    static ObjectNode template(ObjectNode t) {
        return (ObjectNode) spec(t).get("template");
    }

    static ObjectNode templateSpec(ObjectNode t) {
        return (ObjectNode) template(t).get("spec");
    }

    static ObjectNode job(ObjectNode t) {
        return (ObjectNode) templateSpec(t).get("job");
    }

    static ObjectNode flinkConfiguration(ObjectNode t) {
        return (ObjectNode) templateSpec(t).get("flinkConfiguration");
    }

    static ObjectNode config(ObjectNode t) {
        return (ObjectNode) spec(t).get("configuration");
    }

    static ObjectNode ingress(ObjectNode t) {
        return (ObjectNode) spec(t).get("ingress");
    }
}
