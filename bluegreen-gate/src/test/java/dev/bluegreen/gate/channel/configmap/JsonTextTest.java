package dev.bluegreen.gate.channel.configmap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The small JSON reader the ConfigMap channel uses instead of a library. */
class JsonTextTest {

    @Test
    void readsAConfigMapWithEscapesNestingAndLiterals() {
        String json =
                "{\"kind\":\"ConfigMap\",\"metadata\":{\"labels\":null,\"generation\":3},"
                        + " \"list\":[1, -2.5e1, true, false, []],"
                        + " \"data\":{\"command\":\"a\\\"b\\\\c\\nd\\u0041\\/\"}}";

        Object parsed = JsonText.parse(json);

        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("labels", null);
        metadata.put("generation", 3.0);
        assertThat(parsed)
                .isEqualTo(
                        Map.of(
                                "kind",
                                "ConfigMap",
                                "metadata",
                                metadata,
                                "list",
                                Arrays.asList(1.0, -25.0, true, false, Arrays.asList()),
                                "data",
                                Map.of("command", "a\"b\\c\ndA/")));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "unterminated string | {\"a\":\"b        | JSON at offset 7: unterminated string",
                "missing colon       | {\"a\" 1}         | JSON at offset 5: expected ':'",
                "trailing text       | {} x             | JSON at offset 3: expected the end of the document",
                "bad literal         | [tru]            | JSON at offset 1: expected true",
                "not a value         | {\"a\":}         | JSON at offset 5: expected a value",
            })
    void errorsNameTheOffset(String name, String json, String error) {
        assertThatThrownBy(() -> JsonText.parse(json)).hasMessage(error);
    }
}
