package dev.bluegreen.operator.internal.analysis;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * A provider's value as the short text a measurement keeps: {@code 0.97}, {@code [0.97, 0.5]},
 * {@code {status: 200, body: "ok"}}; whole numbers without a fraction, others to 9 significant
 * digits, NaN and infinities as Prometheus writes them ({@code NaN}, {@code +Inf}, {@code -Inf}),
 * strings quoted inside lists and maps, at most {@value #MAX} characters (longer text ends with
 * {@code ...}). Stateless.
 */
final class ValueText {
    /** The longest text kept. */
    static final int MAX = 512;

    private static final MathContext SIGNIFICANT = new MathContext(9, RoundingMode.HALF_EVEN);

    private ValueText() {}

    /** The text of {@code value}. */
    static String of(Object value) {
        return shortened(text(value, false));
    }

    /** {@code text} cut to {@value #MAX} characters. */
    static String shortened(String text) {
        return text.length() <= MAX ? text : text.substring(0, MAX - 3) + "...";
    }

    private static String text(Object value, boolean nested) {
        if (value instanceof Number number) {
            return number(number.doubleValue());
        }
        if (value instanceof List<?> list) {
            var joiner = new StringJoiner(", ", "[", "]");
            list.forEach(element -> joiner.add(text(element, true)));
            return joiner.toString();
        }
        if (value instanceof Map<?, ?> map) {
            var joiner = new StringJoiner(", ", "{", "}");
            map.forEach((key, element) -> joiner.add(key + ": " + text(element, true)));
            return joiner.toString();
        }
        if (value instanceof String string && nested) {
            return '"' + string + '"';
        }
        return String.valueOf(value);
    }

    /** A number as text: whole ones without a fraction, NaN and infinities as Prometheus does. */
    static String number(double value) {
        if (Double.isNaN(value)) {
            return "NaN";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "+Inf" : "-Inf";
        }
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        return new BigDecimal(value).round(SIGNIFICANT).stripTrailingZeros().toPlainString();
    }
}
