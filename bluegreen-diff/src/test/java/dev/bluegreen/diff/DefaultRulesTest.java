package dev.bluegreen.diff;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static dev.bluegreen.diff.ChangeKind.IGNORE;
import static dev.bluegreen.diff.ChangeKind.TRANSITION;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The default table row by row: a change of one field under each row's selector is classified by
 * that row (no row is shadowed by another) with the row's kind, and the rescale switch turns only
 * the rescale rows into TRANSITION.
 */
class DefaultRulesTest {

    /** Per row of {@link DefaultRules}, in table order: a changed path and its new value. */
    private static final String[][] EXAMPLES = {
        {"extra", "'x'", "TRANSITION"},
        {"configuration[\"kubernetes.operator.bluegreen.x\"]", "'1'", "PARENT_ONLY"},
        {"ingress.className", "'nginx'", "PARENT_ONLY"},
        {"httpRoute.hostnames", "'flink.example.com'", "PARENT_ONLY"},
        {"analysis.futureField", "'x'", "PARENT_ONLY"}, // a list change: aChangedAnalysisCheck...
        {"adoptDeployment", "'orders-live'", "IGNORE"},
        {"template.metadata.finalizers", "'x'", "IGNORE"},
        {"template.metadata.labels.tier", "'web'", "PATCH_CHILD"},
        {"template.metadata.annotations.owner", "'me'", "PATCH_CHILD"},
        {"template.spec.image", "'flink:2.0'", "TRANSITION"},
        {"template.spec.job.state", "'suspended'", "SUSPEND"},
        {"template.spec.job.savepointRedeployNonce", "1", "SAVEPOINT_REDEPLOY"},
        {"template.spec.job.upgradeMode", "'last-state'", "PATCH_CHILD"},
        {"template.spec.job.allowNonRestoredState", "true", "PATCH_CHILD"},
        {"template.spec.job.initialSavepointPath", "'s3://b/sp-1'", "PATCH_CHILD"},
        {"template.spec.job.savepointTriggerNonce", "1", "PATCH_CHILD"},
        {"template.spec.job.checkpointTriggerNonce", "1", "PATCH_CHILD"},
        {"template.spec.job.autoscalerResetNonce", "1", "PATCH_CHILD"},
        {"template.spec.flinkConfiguration[\"job.autoscaler.enabled\"]", "'true'", "PATCH_CHILD"},
        {"template.spec.flinkConfiguration[\"kubernetes.operator.x\"]", "'1'", "PATCH_CHILD"},
        {"template.spec.flinkConfiguration[\"parallelism.default\"]", "'4'", "PATCH_CHILD"},
        {"template.spec.job.parallelism", "4", "PATCH_CHILD"},
        {"template.spec.taskManager.replicas", "3", "PATCH_CHILD"},
        {
            "template.spec.flinkConfiguration[\"pipeline.jobvertex-parallelism-overrides\"]",
            "'a:2'",
            "PATCH_CHILD"
        },
    };

    static Stream<Arguments> rows() {
        return IntStream.range(0, DefaultRules.ROWS.size())
                .mapToObj(
                        i ->
                                Arguments.of(
                                        i + 1,
                                        DefaultRules.ROWS.get(i),
                                        EXAMPLES[i][0],
                                        Specs.json(EXAMPLES[i][1]),
                                        ChangeKind.valueOf(EXAMPLES[i][2])));
    }

    @Test
    void everyRowHasAnExample() {
        assertThat(EXAMPLES.length).isEqualTo(DefaultRules.ROWS.size());
    }

    @ParameterizedTest(name = "row {0}: {2}")
    @MethodSource("rows")
    void aChangeUnderTheRowIsClassifiedByIt(
            int number, DefaultRules.Row row, String path, JsonNode value, ChangeKind kind) {
        SpecChange change = diff(DiffRules.defaults(), path, value);

        assertThat(change.changes())
                .singleElement()
                .isEqualTo(new FieldChange(path, kind, row.rule()));
        assertThat(change.kind()).isEqualTo(kind);
    }

    @ParameterizedTest(name = "row {0}: {2}")
    @MethodSource("rows")
    void theRescaleSwitchTurnsOnlyRescaleRowsIntoTransitions(
            int number, DefaultRules.Row row, String path, JsonNode value, ChangeKind kind) {
        SpecChange change = diff(DiffRules.defaults().withRescaleAsTransition(), path, value);

        assertThat(change.kind()).isEqualTo(row.rescale() ? TRANSITION : kind);
        assertThat(DiffRules.RESCALE_RULES.contains(row.rule())).isEqualTo(row.rescale());
    }

    @Test
    void theCatchAllIsTheFirstRowAndEveryRowIsADefaultRule() {
        assertThat(DiffRules.defaults().rules().get(0)).isSameAs(DiffRules.CATCH_ALL);
        assertThat(DiffRules.CATCH_ALL.selector()).isEqualTo("*");
        assertThat(DiffRules.defaults().rules())
                .containsExactlyElementsOf(
                        DefaultRules.ROWS.stream().map(DefaultRules.Row::rule).toList());
        assertThat(DiffRules.RESCALE_RULES)
                .extracting(DiffRule::selector)
                .containsExactly(
                        "template.spec.job.parallelism",
                        "template.spec.taskManager.replicas",
                        "template.spec.flinkConfiguration[pipeline.jobvertex-parallelism-overrides*]");
    }

    @Test
    void aChangedAnalysisCheckIsParentOnlyAndNamesTheField() {
        JsonNode before =
                Specs.base()
                        .set(
                                "analysis.prePromotion",
                                Specs.json("[{'name': 'lag', 'interval': '30s'}]"))
                        .node();
        JsonNode after =
                Specs.base()
                        .set(
                                "analysis.prePromotion",
                                Specs.json("[{'name': 'lag', 'interval': '1m'}]"))
                        .node();

        SpecChange change = new SpecDiffer(DiffRules.defaults()).diff(before, after);

        assertThat(change.kind()).isEqualTo(ChangeKind.PARENT_ONLY);
        assertThat(change.changes())
                .extracting(FieldChange::path)
                .containsExactly("analysis.prePromotion[0].interval");
    }

    @Test
    void aKeyPrefixIsWrittenAsItsSelectorAndAnExactKeyStaysAPath() {
        List<DefaultRules.Row> rows =
                DefaultRules.parse(
                        """
                        template.spec.flinkConfiguration[state.*]         | IGNORE | same | p
                        template.spec.flinkConfiguration["state.x"]       | IGNORE | same | e
                        """);

        assertThat(rows)
                .extracting(DefaultRules.Row::rule)
                .containsExactly(
                        DiffRule.flinkConfigPrefix("state.", IGNORE, "p"),
                        DiffRule.path(
                                "template.spec.flinkConfiguration[\"state.x\"]", IGNORE, "e"));
    }

    @Test
    void aMalformedRowIsRejectedByName() {
        assertThatThrownBy(() -> DefaultRules.parse("a | IGNORE | note"))
                .hasMessage("expected 4 cells in row: a | IGNORE | note");
        assertThatThrownBy(() -> DefaultRules.parse("a | IGNORE | always | n"))
                .hasMessage("expected same or TRANSITION in row: a | IGNORE | always | n");
    }

    private static SpecChange diff(DiffRules rules, String path, JsonNode value) {
        JsonNode before = Specs.base().node();
        JsonNode after = Specs.base().set(path, value).node();
        return new SpecDiffer(rules).diff(before, after);
    }
}
