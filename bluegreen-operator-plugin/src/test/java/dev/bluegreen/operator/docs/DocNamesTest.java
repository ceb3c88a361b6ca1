package dev.bluegreen.operator.docs;

import dev.bluegreen.operator.internal.config.BlueGreenOptions;
import dev.bluegreen.operator.internal.config.Option;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A doc that names a controller option the code does not have fails: every full key under {@value
 * BlueGreenOptions#PREFIX} in README.md and docs/ (prose and examples), and every short key in
 * backticks that starts with an option group ({@code `advanced.keep-window`}), is a key of {@link
 * BlueGreenOptions#ALL}. Keys under {@code extension.} are an extension's own parameters.
 */
class DocNamesTest {
    private static final Pattern FULL =
            Pattern.compile(
                    Pattern.quote(BlueGreenOptions.PREFIX) + "([a-z0-9-]+(?:\\.[a-z0-9-]+)*)");
    private static final Pattern SHORT = Pattern.compile("`([a-z-]+(?:\\.[a-z0-9-]+)+)");

    private static final Set<String> KEYS =
            BlueGreenOptions.ALL.stream()
                    .map(Option::key)
                    .map(k -> k.substring(BlueGreenOptions.PREFIX.length()))
                    .collect(Collectors.toSet());

    /** First segments of the keys that have several: {@code advanced}, {@code readiness}, ... */
    private static final Set<String> GROUPS =
            KEYS.stream()
                    .filter(k -> k.contains("."))
                    .map(k -> k.substring(0, k.indexOf('.')))
                    .collect(Collectors.toSet());

    @Test
    void everyOptionKeyTheDocsNameIsAnOptionOfTheCode() {
        List<String> unknown = new ArrayList<>();
        Set<String> named = new TreeSet<>();
        for (Path page : Docs.pages()) {
            for (String key : namedKeys(Docs.read(page))) {
                named.add(key);
                if (!known(key)) {
                    unknown.add(Docs.name(page) + ": " + key);
                }
            }
        }
        assertThat(unknown).as("option keys the code does not have").isEmpty();
        assertThat(named).as("distinct keys the docs name, checked").hasSizeGreaterThan(20);
    }

    @Test
    void findsFullKeysAndShortKeysOfAnOptionGroup() {
        String text =
                "Set kubernetes.operator.bluegreen.advanced.keep-window, or `advanced.handback-lead`"
                        + " or `advanced.no-such: 3`; not `flink.version` nor `readiness.*`.";

        assertThat(namedKeys(text))
                .containsExactly(
                        "advanced.handback-lead", "advanced.keep-window", "advanced.no-such");
        assertThat(known("advanced.no-such")).isFalse();
        assertThat(known("extension.min-uptime")).as("an extension's parameter").isTrue();
    }

    private static Set<String> namedKeys(String text) {
        Set<String> keys = new TreeSet<>();
        Matcher full = FULL.matcher(text);
        while (full.find()) {
            keys.add(full.group(1));
        }
        Matcher shortKey = SHORT.matcher(text);
        while (shortKey.find()) {
            String key = shortKey.group(1);
            if (GROUPS.contains(key.substring(0, key.indexOf('.')))) {
                keys.add(key);
            }
        }
        return keys;
    }

    private static boolean known(String key) {
        return KEYS.contains(key) || key.startsWith("extension.");
    }
}
