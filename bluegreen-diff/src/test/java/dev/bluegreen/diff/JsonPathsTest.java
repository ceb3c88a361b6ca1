package dev.bluegreen.diff;

import dev.bluegreen.diff.internal.JsonPaths;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The path syntax of changed paths and rule patterns. */
class JsonPathsTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "template.spec.job.parallelism",
                "template.spec.job.args[12]",
                "template.spec.flinkConfiguration[\"taskmanager.numberOfTaskSlots\"]",
                "template.metadata.labels[\"app.kubernetes.io/name\"]",
                "template.*.podTemplate",
                "a[\"quote\\\"and\\\\backslash\"].b",
                "list[0][1]",
                "*"
            })
    void rendersWhatItParses(String path) {
        assertThat(JsonPaths.render(JsonPaths.parse(path))).isEqualTo(path);
    }

    @Test
    void parsesSegments() {
        assertThat(JsonPaths.parse("a[\"b.c\"][3].d[*]"))
                .containsExactly("a", "b.c", "[3]", "d", "*");
        assertThat(JsonPaths.render(List.of())).isEmpty();
        assertThat(JsonPaths.render(List.of("[0]", "a"))).isEqualTo("[0].a");
        assertThat(JsonPaths.render(List.of("Az_09-z", "", "[x", "[]", "a b")))
                .isEqualTo("Az_09-z[\"\"][\"[x\"][\"[]\"][\"a b\"]");
        assertThat(JsonPaths.child("a", "b.c")).isEqualTo("a[\"b.c\"]");
        assertThat(JsonPaths.render(List.of("a~b", "[ab"))).isEqualTo("[\"a~b\"][\"[ab\"]");
        assertThat(JsonPaths.child("a", "b")).isEqualTo("a.b");
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(
            strings = {
                "",
                ".a",
                "a..b",
                "a.",
                "a[",
                "a[x]",
                "a[]",
                "a[\"b\"",
                "a[\"b",
                "a[1234567890]",
                "a]b[0]c",
                "a[0]b",
                "a[\"b\\",
                "a[\"b\"x"
            })
    void rejectsMalformedPaths(String path) {
        assertThatThrownBy(() -> JsonPaths.parse(path))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("malformed path \"" + path + "\": ");
    }
}
