package dev.bluegreen.core.simulation;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Keeps the examples in {@code docs/testing-policies.md} identical to the compiled and executed
 * {@code example/CustomPolicyExampleTest.java} and {@code example/AnalysisExampleTest.java}, so the
 * documentation cannot rot.
 */
class TestingPoliciesDocTest {
    private static final String START = "<!-- example:start -->\n```java\n";
    private static final String END = "```\n<!-- example:end -->";
    private static final String ANALYSIS_START = "<!-- analysis-example:start -->\n```java\n";
    private static final String ANALYSIS_END = "```\n<!-- analysis-example:end -->";

    @Test
    void docExampleIsTheCompiledExampleTest() throws IOException {
        assertBlockIsFile(START, END, "CustomPolicyExampleTest.java");
    }

    @Test
    void analysisExampleIsTheCompiledAnalysisExampleTest() throws IOException {
        assertBlockIsFile(ANALYSIS_START, ANALYSIS_END, "AnalysisExampleTest.java");
    }

    /** The block between {@code start} and {@code end} in the doc equals the example file. */
    private static void assertBlockIsFile(String startMarker, String endMarker, String file)
            throws IOException {
        // Given
        Path root = projectRoot();
        String doc = Files.readString(root.resolve("docs/testing-policies.md"));
        String source =
                Files.readString(
                        root.resolve(
                                "bluegreen-core/src/test/java/dev/bluegreen/core/simulation/"
                                        + "example/"
                                        + file));

        // When
        int start = doc.indexOf(startMarker);
        int end = doc.indexOf(endMarker);

        // Then
        assertThat(start).as("marker %s in docs/testing-policies.md", startMarker).isNotNegative();
        assertThat(end).as("marker %s in docs/testing-policies.md", endMarker).isGreaterThan(start);
        assertThat(doc.substring(start + startMarker.length(), end))
                .as("the example in docs/testing-policies.md must equal %s", file)
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
