package dev.bluegreen.operator.internal.analysis;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The short text of a provider's value that a measurement keeps. */
class ValueTextTest {
    @Test
    void numbersAreWrittenAsPrometheusDoesWithoutFloatingPointNoise() {
        assertThat(ValueText.of(0.97)).isEqualTo("0.97");
        assertThat(ValueText.of(3.0)).isEqualTo("3");
        assertThat(ValueText.of(-2L)).isEqualTo("-2");
        assertThat(ValueText.of(0.1 + 0.2)).isEqualTo("0.3");
        assertThat(ValueText.of(0.9999999)).isEqualTo("0.9999999");
        assertThat(ValueText.of(1234.56789012345)).isEqualTo("1234.56789");
        assertThat(ValueText.of(Double.NaN)).isEqualTo("NaN");
        assertThat(ValueText.of(Double.POSITIVE_INFINITY)).isEqualTo("+Inf");
        assertThat(ValueText.of(Double.NEGATIVE_INFINITY)).isEqualTo("-Inf");
    }

    @Test
    void listsAndMapsShowTheirElementsWithNestedStringsQuoted() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("status", 200);
        map.put("body", Arrays.asList("ok", null, true));

        assertThat(ValueText.of(List.of(0.97, 0.5))).isEqualTo("[0.97, 0.5]");
        assertThat(ValueText.of(map)).isEqualTo("{status: 200, body: [\"ok\", null, true]}");
        assertThat(ValueText.of("plain")).isEqualTo("plain");
        assertThat(ValueText.of(null)).isEqualTo("null");
    }

    @Test
    void aLongTextIsCutWithAnEllipsis() {
        String text = ValueText.of("x".repeat(ValueText.MAX + 1));

        assertThat(text).hasSize(ValueText.MAX).endsWith("xx...");
    }
}
