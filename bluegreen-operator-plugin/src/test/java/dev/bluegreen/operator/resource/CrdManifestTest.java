package dev.bluegreen.operator.resource;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The CRD shipped in docs/deploy/ is the one the build generates from the Java classes. Run with
 * {@code -Dbluegreen.docs.update=true} to refresh the shipped copy.
 */
class CrdManifestTest {
    static final String CRD_FILE = "flinkbluegreendeployments.bluegreen.dev-v1.yml";

    static Path generatedCrd() {
        return ProjectFiles.root()
                .resolve("bluegreen-operator-plugin/target/classes/META-INF/fabric8")
                .resolve(CRD_FILE);
    }

    @Test
    void shippedCrdEqualsTheGeneratedOne() throws IOException {
        var generated = Files.readString(generatedCrd());
        var shipped = ProjectFiles.root().resolve("docs/deploy").resolve(CRD_FILE);
        if (Boolean.getBoolean("bluegreen.docs.update")) {
            Files.createDirectories(shipped.getParent());
            Files.writeString(shipped, generated);
        }
        assertThat(shipped).exists();
        assertThat(Files.readString(shipped))
                .as("docs/deploy/%s is stale: rerun with -Dbluegreen.docs.update=true", CRD_FILE)
                .isEqualTo(generated);
    }
}
