package dev.bluegreen.standin;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** docs/standin.md shows the usage example exactly as it compiles and runs. */
class StandInDocsTest {

    @Test
    void usageExampleInTheDocsIsTheTestedCode() throws IOException {
        Path root = projectRoot();
        String doc = Files.readString(root.resolve("docs/standin.md"));
        String test =
                Files.readString(
                        root.resolve(
                                "bluegreen-standin/src/test/java/dev/bluegreen/standin/usage/"
                                        + "StandInUsageExampleIT.java"));

        String documented =
                between(
                        doc,
                        "<!-- usage-example: begin -->\n```java\n",
                        "```\n<!-- usage-example: end -->");
        String tested = between(test, "// docs:begin\n", "// docs:end\n");

        assertThat(documented).isEqualTo(tested);
    }

    @Test
    void everyValidationRuleIsListedWithTheCheckItMirrors() throws IOException {
        String doc = Files.readString(projectRoot().resolve("docs/standin.md"));

        for (DeploymentRules.Rule rule : DeploymentRules.RULES) {
            assertThat(doc).as(rule.name()).contains("| " + rule.name() + " |");
            String method = rule.mirrors().split(" ")[0];
            assertThat(doc).as(rule.mirrors()).contains(method);
        }
    }

    private static String between(String text, String begin, String end) {
        int from = text.indexOf(begin);
        int to = text.indexOf(end, from + 1);
        assertThat(from).as("marker %s", begin).isNotNegative();
        assertThat(to).as("marker %s", end).isGreaterThan(from);
        return text.substring(from + begin.length(), to);
    }

    /** The system property set by surefire, else the nearest ancestor with bluegreen-core/. */
    static Path projectRoot() {
        String property = System.getProperty("bluegreen.project.root");
        if (property != null && Files.isDirectory(Path.of(property, "bluegreen-core"))) {
            return Path.of(property);
        }
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null
                && !(Files.exists(dir.resolve("pom.xml"))
                        && Files.isDirectory(dir.resolve("bluegreen-core")))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new IllegalStateException(
                    "project root not found above " + Path.of("").toAbsolutePath());
        }
        return dir;
    }
}
