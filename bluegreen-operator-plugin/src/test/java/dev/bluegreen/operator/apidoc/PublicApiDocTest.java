package dev.bluegreen.operator.apidoc;

import dev.bluegreen.operator.resource.ProjectFiles;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/api/&lt;module&gt;.md lists each library module's public API ({@link PublicApi}), so that
 * every change to what users may call shows in review; the test fails when a listing is stale.
 */
class PublicApiDocTest {
    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "bluegreen-core",
                "bluegreen-diff",
                "bluegreen-ingress",
                "bluegreen-gate",
                "bluegreen-gate-table",
                "bluegreen-operator-plugin"
            })
    void committedListingMatchesThePublicApi(String module) throws IOException {
        Path root = ProjectFiles.root();
        Path doc = root.resolve("docs/api").resolve(module + ".md");
        String generated = PublicApi.listing(root, module);
        if (Boolean.getBoolean("bluegreen.docs.update")) {
            Files.createDirectories(doc.getParent());
            Files.writeString(doc, generated, StandardCharsets.UTF_8);
        }
        assertThat(doc)
                .as("%s is missing; generate with -Dbluegreen.docs.update=true", doc)
                .exists();
        assertThat(Files.readString(doc, StandardCharsets.UTF_8))
                .as("%s is stale; regenerate with -Dbluegreen.docs.update=true", doc)
                .isEqualTo(generated);
    }
}
