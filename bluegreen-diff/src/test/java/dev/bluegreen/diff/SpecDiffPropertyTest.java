package dev.bluegreen.diff;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Properties over 2,000 random valid specs (seeded, so failures reproduce). */
class SpecDiffPropertyTest {

    private static final int SPECS = 2_000;
    private static final SpecDiffer DIFFER = SpecDiffer.withDefaults();

    @Test
    void aSpecDoesNotDifferFromItselfNorFromAKeyOrderShuffle() {
        RandomSpecs random = new RandomSpecs(20261130L);
        for (int i = 0; i < SPECS; i++) {
            JsonNode spec = random.next();
            JsonNode shuffled = random.shuffledKeyOrder(spec);

            assertThat(DIFFER.diff(spec, spec).changes()).as("diff(a, a) of %s", spec).isEmpty();
            assertThat(DIFFER.diff(spec, spec).kind()).isEqualTo(ChangeKind.IGNORE);
            assertThat(DIFFER.diff(spec, shuffled).kind())
                    .as("diff(a, shuffle(a)) of %s", spec)
                    .isEqualTo(ChangeKind.IGNORE);
        }
    }

    @Test
    void theDiffDoesNotDependOnKeyOrder() {
        RandomSpecs random = new RandomSpecs(42L);
        int nonEmpty = 0;
        for (int i = 0; i < SPECS; i++) {
            JsonNode a = random.next();
            JsonNode b = random.next();

            SpecChange change = DIFFER.diff(a, b);

            assertThat(DIFFER.diff(random.shuffledKeyOrder(a), random.shuffledKeyOrder(b)))
                    .as("diff of %s and %s", a, b)
                    .isEqualTo(change);
            nonEmpty += change.changes().isEmpty() ? 0 : 1;
        }
        // Guards the generator: the property is vacuous if random pairs never differ.
        assertThat(nonEmpty).isGreaterThan(SPECS / 2);
    }

    @Test
    void bothDirectionsReportTheSamePaths() {
        RandomSpecs random = new RandomSpecs(7L);
        for (int i = 0; i < SPECS; i++) {
            JsonNode a = random.next();
            JsonNode b = random.next();

            assertThat(DIFFER.diff(b, a).changedPaths())
                    .isEqualTo(DIFFER.diff(a, b).changedPaths());
        }
    }
}
