package dev.bluegreen.diff;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import static dev.bluegreen.diff.ChangeKind.IGNORE;
import static dev.bluegreen.diff.ChangeKind.PARENT_ONLY;
import static dev.bluegreen.diff.ChangeKind.PATCH_CHILD;
import static dev.bluegreen.diff.ChangeKind.RESUME;
import static dev.bluegreen.diff.ChangeKind.SAVEPOINT_REDEPLOY;
import static dev.bluegreen.diff.ChangeKind.SUSPEND;
import static dev.bluegreen.diff.ChangeKind.TRANSITION;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The 20 scenarios of upstream's FlinkBlueGreenDeploymentSpecDiffTest (NATIVE), adapted where our
 * defaults deliberately differ; the case name says so ("ours ...").
 */
class UpstreamDiffScenariosTest {

    private static final String NONCE = "template.spec.job.savepointRedeployNonce";
    private static final String PARALLELISM = "template.spec.job.parallelism";
    private static final String FLINK_VERSION = "template.spec.flinkVersion";
    private static final String RECONCILE_INTERVAL =
            "template.spec.flinkConfiguration[\"kubernetes.operator.reconcile.interval\"]";
    private static final String ABORT_GRACE =
            "configuration[\"kubernetes.operator.bluegreen.abort.grace-period\"]";

    static Stream<Arguments> scenarios() {
        return Stream.of(
                scenario("upstream#testIgnoreForIdenticalSpecs", s -> s, IGNORE),
                scenario(
                        "upstream#testIgnoreForMetadataDifference: ours PATCH_CHILD (labels propagate)",
                        s -> s.set("template.metadata.labels.app", "orders-v2"),
                        PATCH_CHILD,
                        "template.metadata.labels.app"),
                scenario(
                        "upstream#testIgnoreForMetadataDifference: name only, ours IGNORE as upstream",
                        s -> s.set("template.metadata.name", "renamed"),
                        IGNORE,
                        "template.metadata.name"),
                scenario(
                        "upstream#testIgnoreForConfigurationDifference: ours PARENT_ONLY",
                        s ->
                                s.set(
                                        "configuration",
                                        json(
                                                "{'kubernetes.operator.bluegreen.abort.grace-period': '20 min'}")),
                        PARENT_ONLY,
                        ABORT_GRACE,
                        "configuration[\"kubernetes.operator.bluegreen.deployment-deletion.delay\"]"),
                scenario(
                        "upstream#testSuspendOnJobStateChange",
                        s -> s.set("template.spec.job.state", "suspended"),
                        SUSPEND,
                        "template.spec.job.state"),
                scenario(
                        "upstream#testResumeOnJobStateChange",
                        s -> s.set("template.spec.job.state", "suspended"),
                        s -> s.set("template.spec.job.state", "running"),
                        DiffRules.defaults(),
                        RESUME,
                        "template.spec.job.state"),
                scenario(
                        "upstream#testIgnoreForRootPodTemplateAdditionalProps",
                        s -> s.set("template.spec.podTemplate.customField", "x"),
                        IGNORE),
                scenario(
                        "upstream#testIgnoreForJobManagerPodTemplateAdditionalProps",
                        s ->
                                s.set(
                                        "template.spec.jobManager.podTemplate.customField",
                                        json("{'a': 1}")),
                        IGNORE),
                scenario(
                        "upstream#testIgnoreForTaskManagerPodTemplateAdditionalProps",
                        s -> s.set("template.spec.taskManager.podTemplate.customField", 7),
                        IGNORE),
                scenario(
                        "upstream#testTransitionForNestedSpecDifference: nonce is SAVEPOINT_REDEPLOY",
                        s -> s.set(NONCE, 1),
                        SAVEPOINT_REDEPLOY,
                        NONCE),
                scenario(
                        "upstream#testSavepointRedeployForNonceChangeWithJarUpdate",
                        s -> s.set(NONCE, 2).set("template.spec.job.jarURI", "local:///v2.jar"),
                        SAVEPOINT_REDEPLOY,
                        "template.spec.job.jarURI",
                        NONCE),
                scenario(
                        "upstream#testPatchChildForIgnorableNestedChanges",
                        s ->
                                s.set("template.spec.job.upgradeMode", "last-state")
                                        .set("template.spec.job.allowNonRestoredState", true)
                                        .set("template.spec.job.initialSavepointPath", "s3://sp/1")
                                        .set("template.spec.job.savepointTriggerNonce", 5),
                        PATCH_CHILD,
                        "template.spec.job.allowNonRestoredState",
                        "template.spec.job.initialSavepointPath",
                        "template.spec.job.savepointTriggerNonce",
                        "template.spec.job.upgradeMode"),
                scenario(
                        "upstream#testPatchChildForIgnorableConfigChanges",
                        s -> s.set(RECONCILE_INTERVAL, "100 s"),
                        PATCH_CHILD,
                        RECONCILE_INTERVAL),
                scenario(
                        "upstream#testPatchChildWithTopLevelAndIgnorableNestedChanges",
                        s ->
                                s.set(ABORT_GRACE, "5 min")
                                        .set("template.spec.job.upgradeMode", "last-state"),
                        PATCH_CHILD,
                        ABORT_GRACE,
                        "template.spec.job.upgradeMode"),
                scenario(
                        "upstream#testTransitionForTopLevelAndNestedDifferences: nonce is SAVEPOINT_REDEPLOY",
                        s -> s.set(ABORT_GRACE, "5 min").set(NONCE, 3),
                        SAVEPOINT_REDEPLOY,
                        ABORT_GRACE,
                        NONCE),
                scenario(
                        "upstream#testSavepointRedeployTakesPrecedenceOverScale",
                        s -> s.set(NONCE, 4).set(PARALLELISM, 10),
                        SAVEPOINT_REDEPLOY,
                        PARALLELISM,
                        NONCE),
                scenario(
                        "upstream#testSavepointRedeployTakesPrecedenceOverUpgrade",
                        s -> s.set(NONCE, 5).set(FLINK_VERSION, "v1_17"),
                        SAVEPOINT_REDEPLOY,
                        FLINK_VERSION,
                        NONCE),
                scenario(
                        "upstream#testTransitionForScaleDifference: ours PATCH_CHILD (rescale in place)",
                        s -> s.set(PARALLELISM, 10),
                        PATCH_CHILD,
                        PARALLELISM),
                scenario(
                        "upstream#testTransitionForScaleDifference: with withRescaleAsTransition() TRANSITION as upstream",
                        s -> s,
                        s -> s.set(PARALLELISM, 10),
                        DiffRules.defaults().withRescaleAsTransition(),
                        TRANSITION,
                        PARALLELISM),
                scenario(
                        "upstream#testTransitionForUpgradeDifference",
                        s -> s.set(FLINK_VERSION, "v1_17"),
                        TRANSITION,
                        FLINK_VERSION),
                scenario(
                        "upstream#testTransitionOverridesPatchChild",
                        s ->
                                s.set("template.spec.job.upgradeMode", "last-state")
                                        .set("template.spec.image", "flink:1.20.1"),
                        TRANSITION,
                        "template.spec.image",
                        "template.spec.job.upgradeMode"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void classifiesLikeUpstreamOrAsDocumented(
            String name,
            UnaryOperator<Specs> lastApplied,
            UnaryOperator<Specs> desired,
            DiffRules rules,
            ChangeKind expectedKind,
            List<String> expectedPaths) {
        // Given
        JsonNode before = lastApplied.apply(Specs.base()).node();
        JsonNode after = desired.apply(Specs.of(before)).node();

        // When
        SpecChange change = new SpecDiffer(rules).diff(before, after);

        // Then
        assertThat(change.kind()).isEqualTo(expectedKind);
        assertThat(change.changedPaths()).containsExactlyElementsOf(expectedPaths);
    }

    static Stream<Arguments> nullCases() {
        JsonNode valid = Specs.base().node();
        JsonNode noTemplate = Specs.base().remove("template").node();
        return Stream.of(
                Arguments.of(
                        "upstream#testNullValidation: last applied spec null", null, valid, ""),
                Arguments.of("upstream#testNullValidation: desired spec null", valid, null, ""),
                Arguments.of(
                        "upstream#testNullValidation: last applied template null",
                        noTemplate,
                        valid,
                        "template"),
                Arguments.of(
                        "upstream#testNullValidation: desired template null",
                        valid,
                        noTemplate,
                        "template"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("nullCases")
    void rejectsMissingSpecOrTemplate(String name, JsonNode before, JsonNode after, String path) {
        assertThatThrownBy(() -> SpecDiffer.withDefaults().diff(before, after))
                .isInstanceOfSatisfying(
                        InvalidSpecException.class, e -> assertThat(e.path()).isEqualTo(path))
                .hasMessageStartingWith(path.isEmpty() ? "spec: " : path + ": ");
    }

    private static Arguments scenario(
            String name, UnaryOperator<Specs> desired, ChangeKind kind, String... paths) {
        return scenario(name, s -> s, desired, DiffRules.defaults(), kind, paths);
    }

    private static Arguments scenario(
            String name,
            UnaryOperator<Specs> lastApplied,
            UnaryOperator<Specs> desired,
            DiffRules rules,
            ChangeKind kind,
            String... paths) {
        return Arguments.of(name, lastApplied, desired, rules, kind, List.of(paths));
    }

    private static JsonNode json(String text) {
        return Specs.json(text);
    }
}
