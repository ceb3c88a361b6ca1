package dev.bluegreen.operator.internal.spec;

import dev.bluegreen.core.Action.RestoreFrom;
import dev.bluegreen.core.Color;
import dev.bluegreen.operator.internal.config.HandoverSettings;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ChildMergeTest {

    static GenericKubernetesResource desired(String templateSpec) {
        return ChildSpecs.desired(
                ChildSpecsTest.OWNER,
                ChildSpecsTest.NAMES,
                ChildSpecsTest.parentSpec(templateSpec),
                "r2",
                Color.BLUE,
                RestoreFrom.SPEC_INITIAL_SAVEPOINT,
                null,
                HandoverSettings.DEFAULTS);
    }

    static GenericKubernetesResource live() {
        var live =
                ChildSpecs.desired(
                        ChildSpecsTest.OWNER,
                        ChildSpecsTest.NAMES,
                        ChildSpecsTest.parentSpec("{\"job\":{\"initialSavepointPath\":\"/sp/7\"}}"),
                        "r1",
                        Color.BLUE,
                        RestoreFrom.PATH,
                        "/sp/7",
                        HandoverSettings.DEFAULTS);
        live.getMetadata().setResourceVersion("42");
        live.getMetadata().getLabels().put("foreign", "yes");
        live.getMetadata().getLabels().put("team", "old");
        live.getMetadata().getAnnotations().put("kubectl.kubernetes.io/x", "y");
        live.getMetadata()
                .setOwnerReferences(
                        List.of(
                                new OwnerReferenceBuilder().withUid("other").withName("o").build(),
                                live.getMetadata().getOwnerReferences().get(0)));
        return live;
    }

    @Test
    void oursWinButForeignLabelsAnnotationsAndOwnersStay() {
        var merged = ChildMerge.merge(live(), desired("{\"image\":\"new\"}"), true);

        assertThat(merged.getMetadata().getResourceVersion()).isEqualTo("42");
        assertThat(merged.getMetadata().getLabels())
                .containsEntry("foreign", "yes")
                .containsEntry("team", "data");
        assertThat(merged.getMetadata().getAnnotations())
                .containsEntry("kubectl.kubernetes.io/x", "y")
                .containsEntry("bluegreen.dev/spec-ref", "r2");
        assertThat(merged.getMetadata().getOwnerReferences())
                .extracting(o -> o.getUid())
                .containsExactly("other", "u-1");
        assertThat(ChildMerge.specTree(merged).path("image").asText()).isEqualTo("new");
    }

    @Test
    void patchKeepsTheRestorePointTheChildWasCreatedWith() {
        var merged = ChildMerge.merge(live(), desired("{\"image\":\"new\"}"), true);
        var replaced = ChildMerge.merge(live(), desired("{\"image\":\"new\"}"), false);

        assertThat(ChildMerge.specTree(merged).at("/job/initialSavepointPath").asText())
                .isEqualTo("/sp/7");
        assertThat(ChildMerge.specTree(replaced).at("/job").has("initialSavepointPath")).isFalse();
    }

    @Test
    void unchangedChildIsRecognisedAsNoOp() {
        var live = live();
        var merged =
                ChildMerge.merge(
                        live, desired("{\"job\":{\"initialSavepointPath\":\"/sp/7\"}}"), true);
        var sameRef =
                ChildMerge.merge(
                        merged, desired("{\"job\":{\"initialSavepointPath\":\"/sp/7\"}}"), true);

        assertThat(ChildMerge.sameAsLive(live, merged)).isFalse();
        assertThat(ChildMerge.sameAsLive(merged, sameRef)).isTrue();
    }

    @Test
    void suspendSetsOnlyTheJobStateAndASavepointUpgradeMode() {
        var suspended = ChildMerge.suspended(live());

        assertThat(ChildMerge.specTree(suspended).at("/job/state").asText()).isEqualTo("suspended");
        assertThat(ChildMerge.specTree(suspended).at("/job/upgradeMode").asText())
                .isEqualTo("savepoint");
        assertThat(ChildMerge.specTree(suspended).at("/job/initialSavepointPath").asText())
                .isEqualTo("/sp/7");
        assertThat(suspended.getMetadata().getLabels()).containsEntry("foreign", "yes");
        assertThat(Map.copyOf(live().getMetadata().getAnnotations()))
                .isEqualTo(suspended.getMetadata().getAnnotations());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"stateless", "last-state", "savepoint"})
    void suspendStopsWithASavepointWhateverTheChildsUpgradeMode(String mode) {
        var live =
                ChildSpecs.desired(
                        ChildSpecsTest.OWNER,
                        ChildSpecsTest.NAMES,
                        ChildSpecsTest.parentSpec("{\"job\":{\"upgradeMode\":\"" + mode + "\"}}"),
                        "r1",
                        Color.GREEN,
                        RestoreFrom.SPEC_INITIAL_SAVEPOINT,
                        null,
                        HandoverSettings.DEFAULTS);

        var suspended = ChildMerge.suspended(live);

        assertThat(ChildMerge.specTree(suspended).at("/job/upgradeMode").asText())
                .isEqualTo("savepoint");
        assertThat(ChildMerge.specTree(live).at("/job/upgradeMode").asText()).isEqualTo(mode);
        assertThat(ChildMerge.sameAsLive(live, suspended)).isFalse();
        assertThat(ChildMerge.sameAsLive(suspended, ChildMerge.suspended(suspended))).isTrue();
    }
}
