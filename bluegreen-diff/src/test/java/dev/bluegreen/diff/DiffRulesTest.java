package dev.bluegreen.diff;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static dev.bluegreen.diff.ChangeKind.IGNORE;
import static dev.bluegreen.diff.ChangeKind.PARENT_ONLY;
import static dev.bluegreen.diff.ChangeKind.PATCH_CHILD;
import static dev.bluegreen.diff.ChangeKind.TRANSITION;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The rules table: defaults, most-specific-wins matching, overrides and the rescale switch. */
class DiffRulesTest {

    @ParameterizedTest(name = "{0} -> {1} by {2}")
    @CsvSource(
            delimiter = '|',
            value = {
                "template.spec.image | TRANSITION | template.spec",
                "template.spec.job.upgradeMode | PATCH_CHILD | template.spec.job.upgradeMode",
                "template.spec.flinkConfiguration[\"kubernetes.operator.x\"] | PATCH_CHILD | template.spec.flinkConfiguration[kubernetes.operator*]",
                "template.spec.flinkConfiguration[\"state.backend.type\"] | TRANSITION | template.spec",
                "template.metadata.labels.app | PATCH_CHILD | template.metadata.labels",
                "template.metadata.finalizers[0] | IGNORE | template.metadata",
                "configuration.anything | PARENT_ONLY | configuration",
                "status.whatever | TRANSITION | *",
                "template.spec.job.parallelism | PATCH_CHILD | template.spec.job.parallelism"
            })
    void defaultsClassifyByTheMostSpecificRule(String path, ChangeKind kind, String selector) {
        DiffRule rule = DiffRules.defaults().ruleFor(path);
        assertThat(rule.kind()).isEqualTo(kind);
        assertThat(rule.selector()).isEqualTo(selector);
    }

    @Test
    void addedRuleWithTheSameSelectorReplacesTheDefault() {
        DiffRule image = DiffRule.path("template.spec.job.upgradeMode", TRANSITION, "strict");
        DiffRules rules = DiffRules.defaults().toBuilder().rule(image).build();

        assertThat(rules.ruleFor("template.spec.job.upgradeMode")).isEqualTo(image);
        assertThat(rules.rules())
                .hasSameSizeAs(DiffRules.defaults().rules())
                .last()
                .isEqualTo(image);
    }

    @Test
    void onEqualSpecificityTheRuleAddedLastWins() {
        DiffRule first = DiffRule.path("a.*", PATCH_CHILD, "first");
        DiffRule second = DiffRule.path("*.b", IGNORE, "second");
        DiffRules rules = DiffRules.builder().rule(first).rule(second).build();
        DiffRules reversed = DiffRules.builder().rule(second).rule(first).build();

        assertThat(rules.ruleFor("a.b")).isEqualTo(second);
        assertThat(reversed.ruleFor("a.b")).isEqualTo(first);
    }

    @Test
    void fewerWildcardsWinOverMoreAtTheSameDepth() {
        DiffRule literal = DiffRule.path("a.b", IGNORE, "literal");
        DiffRules rules =
                DiffRules.builder()
                        .rule(literal)
                        .rule(DiffRule.path("a.*", TRANSITION, "wild"))
                        .build();

        assertThat(rules.ruleFor("a.b.c")).isEqualTo(literal);
    }

    @Test
    void prefixRuleBeatsWildcardKeyButNotAnExactKey() {
        DiffRule prefix = DiffRule.flinkConfigPrefix("state.", PATCH_CHILD, "prefix");
        DiffRule wildcardKey =
                DiffRule.path("template.spec.flinkConfiguration.*", TRANSITION, "any key");
        DiffRule exact =
                DiffRule.path("template.spec.flinkConfiguration[\"state.x\"]", IGNORE, "exact");
        DiffRules rules = DiffRules.builder().rule(prefix).rule(wildcardKey).rule(exact).build();

        assertThat(rules.ruleFor("template.spec.flinkConfiguration[\"state.y\"]"))
                .isEqualTo(prefix);
        assertThat(rules.ruleFor("template.spec.flinkConfiguration[\"state.x\"]")).isEqualTo(exact);
        assertThat(rules.ruleFor("template.spec.flinkConfiguration[\"other\"]"))
                .isEqualTo(wildcardKey);
    }

    @Test
    void prefixRuleMatchesOnlyKeysDirectlyInFlinkConfiguration() {
        DiffRules rules =
                DiffRules.builder().rule(DiffRule.flinkConfigPrefix("a", IGNORE, "p")).build();

        assertThat(rules.ruleFor("template.spec.flinkConfiguration[\"abc\"]").kind())
                .isEqualTo(IGNORE);
        assertThat(rules.ruleFor("template.spec.flinkConfiguration")).isSameAs(DiffRules.CATCH_ALL);
        assertThat(rules.ruleFor("template.spec.flinkConfiguration[\"abc\"][0]"))
                .isSameAs(DiffRules.CATCH_ALL);
        assertThat(rules.ruleFor("template.spec.flinkConfiguration[\"b\"]"))
                .isSameAs(DiffRules.CATCH_ALL);
        assertThat(rules.ruleFor("template.other.flinkConfiguration[\"abc\"]"))
                .isSameAs(DiffRules.CATCH_ALL);
    }

    @Test
    void emptyTableFallsBackToTheCatchAll() {
        DiffRules empty = DiffRules.builder().build();

        assertThat(empty.rules()).isEmpty();
        assertThat(empty.ruleFor("x.y")).isSameAs(DiffRules.CATCH_ALL);
        assertThat(DiffRules.CATCH_ALL.kind()).isEqualTo(TRANSITION);
    }

    @Test
    void removedRuleNoLongerMatches() {
        DiffRules rules =
                DiffRules.defaults().toBuilder()
                        .remove(DiffRule.path("ingress", IGNORE, "any"))
                        .build();

        assertThat(rules.ruleFor("ingress.className")).isSameAs(DiffRules.CATCH_ALL);
        assertThat(DiffRules.defaults().ruleFor("ingress.className").kind()).isEqualTo(PARENT_ONLY);
    }

    @Test
    void rescaleSwitchTurnsOnlyRescaleRulesIntoTransitions() {
        DiffRules strict = DiffRules.defaults().withRescaleAsTransition();

        assertThat(DiffRules.defaults().rescaleAsTransition()).isFalse();
        assertThat(strict.rescaleAsTransition()).isTrue();
        for (int i = 0; i < strict.rules().size(); i++) {
            DiffRule original = DiffRules.defaults().rules().get(i);
            boolean rescale = DiffRules.RESCALE_RULES.stream().anyMatch(original::sameSelector);
            assertThat(strict.rules().get(i).kind())
                    .isEqualTo(rescale ? TRANSITION : original.kind());
        }
        assertThat(strict.toBuilder().rescaleAsTransition(false).build())
                .isEqualTo(DiffRules.defaults());
    }

    @Test
    void rescaleSwitchAlsoAppliesToAReplacedRescaleRule() {
        DiffRule replicas = DiffRule.path("template.spec.taskManager.replicas", IGNORE, "mine");
        DiffRules rules =
                DiffRules.defaults().toBuilder().rule(replicas).rescaleAsTransition(true).build();

        assertThat(rules.ruleFor("template.spec.taskManager.replicas").kind())
                .isEqualTo(TRANSITION);
    }

    @Test
    void valueSemantics() {
        DiffRule rule = DiffRule.path("a", IGNORE, "n");
        assertThat(rule)
                .isEqualTo(DiffRule.path("a", IGNORE, "n"))
                .hasSameHashCodeAs(DiffRule.path("a", IGNORE, "n"));
        assertThat(rule).isNotEqualTo(DiffRule.path("a", IGNORE, "other note"));
        assertThat(rule).isNotEqualTo(DiffRule.path("a", PATCH_CHILD, "n"));
        assertThat(rule).isNotEqualTo(DiffRule.flinkConfigPrefix("a", IGNORE, "n"));
        assertThat(rule).isNotEqualTo("a");
        assertThat(rule.withKind(IGNORE)).isSameAs(rule);
        assertThat(rule.withKind(TRANSITION).kind()).isEqualTo(TRANSITION);
        assertThat(rule.target()).isEqualTo(DiffRule.Target.PATH);
        assertThat(rule).hasToString("a -> IGNORE (n)");
        assertThat(DiffRules.defaults()).isEqualTo(DiffRules.defaults().toBuilder().build());
        assertThat(DiffRules.defaults())
                .hasSameHashCodeAs(DiffRules.defaults().toBuilder().build());
        assertThat(DiffRules.defaults())
                .isNotEqualTo(DiffRules.defaults().withRescaleAsTransition());
        assertThat(DiffRules.defaults()).isNotEqualTo(DiffRules.builder().build());
        assertThat(DiffRules.defaults()).isNotEqualTo("rules");
        assertThat(DiffRules.builder().rule(rule).build())
                .hasToString("DiffRules[a -> IGNORE (n)]");
    }

    @Test
    void rejectsNullsAndMalformedPatternsWithContext() {
        assertThatThrownBy(() -> DiffRules.builder().rule(null)).hasMessage("rule == null");
        assertThatThrownBy(() -> DiffRules.builder().remove(null)).hasMessage("selectorOf == null");
        assertThatThrownBy(() -> DiffRules.defaults().ruleFor((String) null))
                .hasMessage("path == null");
        assertThatThrownBy(() -> rule().sameSelector(null)).hasMessage("other == null");
        assertThatThrownBy(() -> IGNORE.max(null)).hasMessage("other == null");
        assertThatThrownBy(() -> new SpecChange(IGNORE, null)).hasMessage("changes == null");
        assertThatThrownBy(() -> DiffRule.path("a", null, "n")).hasMessage("kind == null");
        assertThatThrownBy(() -> DiffRule.path("a", IGNORE, null)).hasMessage("note == null");
        assertThatThrownBy(() -> DiffRule.path(null, IGNORE, "n")).hasMessage("pattern == null");
        assertThatThrownBy(() -> DiffRule.path("a..b", IGNORE, "n"))
                .hasMessageStartingWith("malformed path \"a..b\"");
        assertThatThrownBy(() -> new SpecDiffer(null)).hasMessage("rules == null");
        assertThatThrownBy(() -> new FieldChange(null, IGNORE, rule())).hasMessage("path == null");
        assertThatThrownBy(() -> new FieldChange("a", null, rule())).hasMessage("kind == null");
        assertThatThrownBy(() -> new FieldChange("a", IGNORE, null)).hasMessage("rule == null");
        assertThatThrownBy(() -> new SpecChange(null, java.util.List.of()))
                .hasMessage("kind == null");
    }

    @Test
    void kindMaxFollowsPrecedence() {
        assertThat(IGNORE.max(PARENT_ONLY)).isEqualTo(PARENT_ONLY);
        assertThat(TRANSITION.max(PATCH_CHILD)).isEqualTo(TRANSITION);
        assertThat(ChangeKind.SUSPEND.max(ChangeKind.RESUME)).isEqualTo(ChangeKind.SUSPEND);
        assertThat(ChangeKind.values())
                .extracting(Enum::name)
                .containsExactly(
                        "IGNORE",
                        "PARENT_ONLY",
                        "PATCH_CHILD",
                        "TRANSITION",
                        "SAVEPOINT_REDEPLOY",
                        "RESUME",
                        "SUSPEND");
    }

    private static DiffRule rule() {
        return DiffRule.path("a", IGNORE, "n");
    }
}
