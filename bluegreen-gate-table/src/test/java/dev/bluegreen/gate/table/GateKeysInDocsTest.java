package dev.bluegreen.gate.table;

import dev.bluegreen.gate.flink.GateConfigOptions;

import org.apache.flink.configuration.ConfigOption;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A doc that names a gate key the code does not have fails: every {@code bluegreen.gate.*} key in
 * README.md and docs/ is a key of {@link GateConfigOptions}, of the ConfigMap channel or of the
 * {@code bluegreen} SQL sink. Java packages ({@code dev.bluegreen.gate.rule}) and prefixes written
 * {@code key.*} or {@code key.}… are left out.
 */
class GateKeysInDocsTest {
    private static final Pattern NAMED =
            Pattern.compile(
                    "(?<![\\w.])bluegreen\\.gate\\.[a-z0-9-]+(?:\\.[a-z0-9-]+)*(\\.\\*|\\.(?=[`…]))?");

    @Test
    void everyGateKeyTheDocsNameIsAKeyOfTheCode() throws Exception {
        Set<String> keys = codeKeys();
        List<String> unknown = new ArrayList<>();
        Set<String> named = new TreeSet<>();
        Path root = root();
        for (Path page : pages(root)) {
            for (String key : namedKeys(Files.readString(page))) {
                named.add(key);
                if (!keys.contains(key)) {
                    unknown.add(root.relativize(page) + ": " + key);
                }
            }
        }
        assertThat(unknown).as("gate keys the code does not have").isEmpty();
        assertThat(named).as("distinct gate keys the docs name, checked").hasSizeGreaterThan(8);
    }

    @Test
    void namedKeysLeaveOutPackagesAndPrefixes() {
        String text =
                "`bluegreen.gate.keep.max-records`, bluegreen.gate.keep.*, `bluegreen.gate.configmap.`…"
                        + " dev.bluegreen.gate.rule and bluegreen.gate.no-such.";

        assertThat(namedKeys(text))
                .containsExactly("bluegreen.gate.keep.max-records", "bluegreen.gate.no-such");
    }

    static Set<String> namedKeys(String text) {
        Set<String> named = new TreeSet<>();
        Matcher m = NAMED.matcher(text);
        while (m.find()) {
            if (m.group(1) == null) {
                named.add(m.group());
            }
        }
        return named;
    }

    /** The public options of the gate and the sink, and the ConfigMap channel's key constants. */
    private static Set<String> codeKeys() throws Exception {
        Set<String> keys = new TreeSet<>();
        for (Class<?> owner : List.of(GateConfigOptions.class, BlueGreenSinkOptions.class)) {
            for (Field field : owner.getFields()) {
                if (Modifier.isStatic(field.getModifiers())
                        && ConfigOption.class.isAssignableFrom(field.getType())) {
                    keys.add(((ConfigOption<?>) field.get(null)).key());
                }
            }
        }
        Class<?> configMap =
                Class.forName("dev.bluegreen.gate.channel.configmap.ConfigMapSettings");
        for (Field field : configMap.getDeclaredFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class) {
                field.setAccessible(true);
                String value = (String) field.get(null);
                if (value.startsWith("bluegreen.gate.") && !value.endsWith(".")) {
                    keys.add(value);
                }
            }
        }
        return keys;
    }

    private static List<Path> pages(Path root) throws IOException {
        try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
            return Stream.concat(
                            Stream.of(root.resolve("README.md"), root.resolve("CHANGELOG.md")),
                            docs.filter(p -> p.toString().endsWith(".md")).sorted())
                    .collect(Collectors.toList());
        }
    }

    private static Path root() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isDirectory(dir.resolve("bluegreen-core"))) {
            dir = dir.getParent();
        }
        assertThat(dir).as("project root above %s", Path.of("").toAbsolutePath()).isNotNull();
        return dir;
    }
}
