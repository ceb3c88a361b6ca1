package dev.bluegreen.diff;

import dev.bluegreen.diff.internal.FlinkValues;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.math.BigInteger;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** Flink's duration and memory parsing rules as re-implemented in {@link FlinkValues}. */
class FlinkValuesTest {

    @ParameterizedTest(name = "{0} = {1} ns")
    @CsvSource({
        "1ns, 1",
        "2 nano, 2",
        "3 nanos, 3",
        "1 nanosecond, 1",
        "2 nanoseconds, 2",
        "1us, 1000",
        "1µs, 1000",
        "1 micro, 1000",
        "2 micros, 2000",
        "1 microsecond, 1000",
        "2 microseconds, 2000",
        "1ms, 1000000",
        "1 milli, 1000000",
        "2 millis, 2000000",
        "1 millisecond, 1000000",
        "2 milliseconds, 2000000",
        "1s, 1000000000",
        "1 sec, 1000000000",
        "2 secs, 2000000000",
        "1 second, 1000000000",
        "2 seconds, 2000000000",
        "1m, 60000000000",
        "1 min, 60000000000",
        "1 minute, 60000000000",
        "2 minutes, 120000000000",
        "1h, 3600000000000",
        "1 hour, 3600000000000",
        "2 hours, 7200000000000",
        "1d, 86400000000000",
        "1 day, 86400000000000",
        "2 days, 172800000000000",
        "' 5 MIN ', 300000000000"
    })
    void parsesDurationsWithUnits(String text, long nanos) {
        assertThat(FlinkValues.durationWithUnit(text)).contains(Duration.ofNanos(nanos));
    }

    @ParameterizedTest(name = "{0} = {1} bytes")
    @CsvSource({
        "1b, 1",
        "2 bytes, 2",
        "1k, 1024",
        "1kb, 1024",
        "1 kibibytes, 1024",
        "1m, 1048576",
        "1mb, 1048576",
        "1 mebibytes, 1048576",
        "1g, 1073741824",
        "1 GB, 1073741824",
        "1 gibibytes, 1073741824",
        "1t, 1099511627776",
        "1tb, 1099511627776",
        "1 tebibytes, 1099511627776"
    })
    void parsesMemorySizesWithUnits(String text, long bytes) {
        assertThat(FlinkValues.memoryWithUnit(text)).contains(BigInteger.valueOf(bytes));
    }

    @ParameterizedTest(name = "not normalized: \"{0}\"")
    @CsvSource({
        "1",
        "'  '",
        "ms",
        "1.5 s",
        "1 fortnight",
        "-1 s",
        "99999999999999999999 s",
        "9223372036854775807 d",
        "1 s 2"
    })
    void leavesDurationsWithoutAValidUnitAlone(String text) {
        assertThat(FlinkValues.durationWithUnit(text)).isEmpty();
    }

    @ParameterizedTest(name = "not normalized: \"{0}\"")
    @CsvSource({"1024", "gb", "1.5g", "1 pb", "9999999999 t", "99999999999999999999 b"})
    void leavesMemorySizesWithoutAValidUnitAlone(String text) {
        assertThat(FlinkValues.memoryWithUnit(text)).isEmpty();
    }

    @ParameterizedTest(name = "{0} and {1}: {2}")
    @CsvSource({
        "60 s, 1 min, true",
        "1m, 60s, true",
        "1024m, 1g, true",
        "1m, 1mb, true",
        "1, 1 ms, false",
        "1024, 1 kb, false",
        "1 s, 1 g, false",
        "abc, abc, true",
        "abc, ABC, false",
        "1 min, 1 kb, false"
    })
    void comparesValuesAsFlinkReadsThem(String a, String b, boolean same) {
        assertThat(FlinkValues.sameValue(a, b)).isEqualTo(same);
        assertThat(FlinkValues.sameValue(b, a)).isEqualTo(same);
    }
}
