package dev.bluegreen.operator.internal.config;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/configuration.md is generated from the option table. Run with {@code
 * -Dbluegreen.docs.update=true} to rewrite it.
 */
class ConfigurationDocTest {

    @Test
    void committedConfigurationDocMatchesTheOptionTable() throws IOException {
        var file = ConfigurationDoc.root().resolve(ConfigurationDoc.FILE);
        String generated = ConfigurationDoc.render();
        if (Boolean.getBoolean("bluegreen.docs.update")) {
            Files.writeString(file, generated);
        }
        assertThat(file).exists();
        assertThat(Files.readString(file))
                .as("%s is stale: rerun with -Dbluegreen.docs.update=true", ConfigurationDoc.FILE)
                .isEqualTo(generated);
    }

    @Test
    void docListsEveryOptionWithItsDefault() {
        String doc = ConfigurationDoc.render();
        for (Option<?> option : BlueGreenOptions.ALL) {
            String suffix = option.key().substring(BlueGreenOptions.PREFIX.length());
            assertThat(doc).contains("| `" + suffix + "` |");
            if (option.defaultValue() != null) {
                assertThat(doc).contains("`" + option.defaultValue() + "`");
            }
        }
    }
}
