package dev.bluegreen.gate;

import dev.bluegreen.gate.flink.GateConfigOptions;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.util.TimeUtils;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/gate.md, "Configuration keys": one row per key of {@link GateConfigOptions}, no other row,
 * and each row's default is the code's (a key without a default says "(none").
 */
class GateDocTest {
    static final String FILE = "docs/gate.md";
    static final String SECTION = "## Configuration keys";
    static final String HEADER = "| Key | Default | Meaning |";

    /** Every key of the code: the public static options of {@link GateConfigOptions}. */
    static final List<ConfigOption<?>> OPTIONS = declaredOptions();

    private static List<ConfigOption<?>> declaredOptions() {
        List<ConfigOption<?>> options = new java.util.ArrayList<>();
        for (java.lang.reflect.Field field : GateConfigOptions.class.getFields()) {
            if (java.lang.reflect.Modifier.isStatic(field.getModifiers())
                    && ConfigOption.class.isAssignableFrom(field.getType())) {
                try {
                    options.add((ConfigOption<?>) field.get(null));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return options;
    }

    @Test
    void configurationTableListsEveryKeyOfTheCodeAndNoOther() throws IOException {
        Map<String, String> documented = defaultsByKey(Files.readString(file()));

        assertThat(documented.keySet())
                .as("keys in %s, %s", FILE, SECTION)
                .containsExactlyInAnyOrder(
                        OPTIONS.stream().map(ConfigOption::key).toArray(String[]::new));
    }

    @Test
    void eachDocumentedDefaultIsTheCodesDefault() throws IOException {
        Map<String, String> documented = defaultsByKey(Files.readString(file()));

        for (ConfigOption<?> option : OPTIONS) {
            String cell = documented.getOrDefault(option.key(), "");
            if (option.hasDefaultValue()) {
                assertThat(cell)
                        .as("default of %s in %s", option.key(), FILE)
                        .startsWith("`" + text(option.defaultValue()) + "`");
            } else {
                assertThat(cell).as("default of %s in %s", option.key(), FILE).startsWith("(none");
            }
        }
    }

    @Test
    void tableParserReadsKeyAndDefaultCells() {
        String doc =
                SECTION
                        + "\n\n"
                        + HEADER
                        + "\n|---|---|---|\n| `a.b` | `1 s` | x |\n| `c` | (none) | y |\n\n## Next\n"
                        + "| `d` | `2` | z |\n";

        assertThat(defaultsByKey(doc))
                .containsExactly(Map.entry("a.b", "`1 s`"), Map.entry("c", "(none)"));
    }

    /** The Key and Default cells of the table under {@link #SECTION}, in document order. */
    static Map<String, String> defaultsByKey(String doc) {
        int section = doc.indexOf(SECTION + "\n");
        assertThat(section).as("section %s in %s", SECTION, FILE).isNotNegative();
        int header = doc.indexOf(HEADER, section);
        assertThat(header).as("table header %s in %s", HEADER, FILE).isNotNegative();
        Map<String, String> rows = new LinkedHashMap<>();
        String[] lines = doc.substring(header).split("\n");
        for (int i = 2; i < lines.length && lines[i].startsWith("|"); i++) {
            String[] cells = lines[i].split(" \\| ");
            String key = cells[0].substring(1).trim().replace("`", "");
            rows.put(key, cells[1].trim());
        }
        return rows;
    }

    private static String text(Object value) {
        return value instanceof Duration
                ? TimeUtils.formatWithHighestUnit((Duration) value)
                : String.valueOf(value);
    }

    /** The system property set by surefire, else the nearest ancestor with bluegreen-core/. */
    static Path file() {
        String property = System.getProperty("bluegreen.project.root");
        Path dir =
                property != null && Files.isDirectory(Path.of(property, "bluegreen-core"))
                        ? Path.of(property).toAbsolutePath()
                        : Path.of("").toAbsolutePath();
        while (dir != null && !Files.isDirectory(dir.resolve("bluegreen-core"))) {
            dir = dir.getParent();
        }
        assertThat(dir).as("project root").isNotNull();
        return dir.resolve(FILE);
    }
}
