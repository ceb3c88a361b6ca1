package dev.bluegreen.diff;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/diff-rules.md is generated from {@link DiffRules#defaults()}; this test fails when it is
 * stale. Rewrite it with {@code -Dbluegreen.docs.update=true}.
 */
class DiffRulesDocTest {

    @Test
    void committedDocMatchesTheDefaultRules() throws IOException {
        Path doc = ProjectRoot.get().resolve("docs/diff-rules.md");
        String generated = DiffRulesDoc.render(DiffRules.defaults());
        if (Boolean.getBoolean("bluegreen.docs.update")) {
            Files.writeString(doc, generated, StandardCharsets.UTF_8);
        }

        assertThat(Files.exists(doc))
                .as("%s exists (generate it with -Dbluegreen.docs.update=true)", doc)
                .isTrue();
        assertThat(Files.readString(doc, StandardCharsets.UTF_8))
                .as("%s is stale: rerun with -Dbluegreen.docs.update=true", doc)
                .isEqualTo(generated);
    }

    @Test
    void everyDefaultRuleIsARowOfTheDoc() {
        String generated = DiffRulesDoc.render(DiffRules.defaults());
        for (DiffRule rule : DiffRules.defaults().rules()) {
            assertThat(generated).contains("`" + rule.pattern() + "`").contains(rule.note());
        }
    }
}
