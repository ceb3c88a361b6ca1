package dev.bluegreen.core.simulation;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Keeps the example in {@code docs/testing-policies.md} identical to the compiled and executed
 * {@code example/CustomPolicyExampleTest.java}, so the documentation cannot rot.
 */
class TestingPoliciesDocTest {
    private static final String START = "<!-- example:start -->\n```java\n";
    private static final String END = "```\n<!-- example:end -->";

    @Test
    void docExampleIsTheCompiledExampleTest() throws IOException {
        // Given
        Path root = projectRoot();
        String doc = Files.readString(root.resolve("docs/testing-policies.md"));
        String source =
                Files.readString(
                        root.resolve(
                                "bluegreen-core/src/test/java/dev/bluegreen/core/simulation/"
                                        + "example/CustomPolicyExampleTest.java"));

        // When
        int start = doc.indexOf(START);
        int end = doc.indexOf(END);

        // Then
        assertThat(start).as("marker %s in docs/testing-policies.md", START).isNotNegative();
        assertThat(end).as("marker %s in docs/testing-policies.md", END).isGreaterThan(start);
        assertThat(doc.substring(start + START.length(), end))
                .as("the example in docs/testing-policies.md must equal CustomPolicyExampleTest")
                .isEqualTo(source);
    }

    private static Path projectRoot() {
        String property = System.getProperty("bluegreen.project.root");
        if (property != null && !property.isBlank()) {
            return Paths.get(property);
        }
        Path dir = Paths.get("").toAbsolutePath();
        while (dir != null) {
            if (Files.exists(dir.resolve("pom.xml"))
                    && Files.isDirectory(dir.resolve("bluegreen-core"))) {
                return dir;
            }
            dir = dir.getParent();
        }
        throw new IllegalStateException(
                "project root not found from " + Paths.get("").toAbsolutePath());
    }
}
