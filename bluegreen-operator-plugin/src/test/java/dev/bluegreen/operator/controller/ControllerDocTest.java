package dev.bluegreen.operator.controller;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** The registration example in docs/controller.md is the code RegistrationExampleIT runs. */
class ControllerDocTest {

    static Path root() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isDirectory(dir.resolve("bluegreen-core"))) {
            dir = dir.getParent();
        }
        return dir;
    }

    static String between(String text, String begin, String end) {
        int from = text.indexOf(begin);
        int to = text.indexOf(end, from);
        assertThat(from).as("marker %s", begin).isNotNegative();
        String inner = text.substring(text.indexOf('\n', from) + 1, to);
        return Arrays.stream(inner.split("\n"))
                .map(String::strip)
                .filter(l -> !l.isEmpty() && !l.startsWith("```") && !l.startsWith("//"))
                .collect(Collectors.joining("\n"));
    }

    @Test
    void registrationExampleMatchesTheCompiledTest() throws IOException {
        String doc = Files.readString(root().resolve("docs/controller.md"));
        String test =
                Files.readString(
                        root().resolve(
                                        "bluegreen-operator-plugin/src/test/java/dev/bluegreen/operator/controller/RegistrationExampleIT.java"));

        assertThat(between(doc, "<!-- BEGIN registration example", "<!-- END registration example"))
                .isEqualTo(
                        between(
                                test,
                                "// BEGIN registration example",
                                "// END registration example"))
                .contains(
                        "BlueGreenController.registerIfCrdsInstalled(operator, Clock.systemUTC(),"
                                + " registry)");
    }
}
