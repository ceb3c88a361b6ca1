package dev.bluegreen.diff;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.params.provider.Arguments;

import java.util.List;
import java.util.function.UnaryOperator;

import static dev.bluegreen.diff.ChangeKind.IGNORE;
import static org.assertj.core.api.Assertions.assertThat;

/** Table-test rows for the differ: a name, two spec edits, the rules, the expected result. */
final class DiffCases {

    static final String CONFIG = "template.spec.flinkConfiguration";
    static final String SLOTS = CONFIG + "[\"taskmanager.numberOfTaskSlots\"]";
    static final String INTERVAL = CONFIG + "[\"execution.checkpointing.interval\"]";

    private DiffCases() {}

    /** Diffs base.json edited by {@code lastApplied} against that edited by {@code desired}. */
    static void assertClassifies(
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

    static Arguments same(String name, UnaryOperator<Specs> desired) {
        return differs(name, s -> s, desired, DiffRules.defaults(), IGNORE);
    }

    static Arguments same(
            String name, UnaryOperator<Specs> lastApplied, UnaryOperator<Specs> desired) {
        return differs(name, lastApplied, desired, DiffRules.defaults(), IGNORE);
    }

    static Arguments differs(
            String name, UnaryOperator<Specs> desired, ChangeKind kind, String... paths) {
        return differs(name, s -> s, desired, DiffRules.defaults(), kind, paths);
    }

    static Arguments differs(
            String name,
            UnaryOperator<Specs> desired,
            DiffRules rules,
            ChangeKind kind,
            String... paths) {
        return differs(name, s -> s, desired, rules, kind, paths);
    }

    static Arguments differs(
            String name,
            UnaryOperator<Specs> lastApplied,
            UnaryOperator<Specs> desired,
            DiffRules rules,
            ChangeKind kind,
            String... paths) {
        return Arguments.of(name, lastApplied, desired, rules, kind, List.of(paths));
    }
}
