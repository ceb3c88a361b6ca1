package dev.bluegreen.operator.internal.apply;

import dev.bluegreen.operator.internal.spec.SpecJson;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When the live route already has the desired spec: fields the API server defaults (extra keys) are
 * not a difference, everything we set is.
 */
class RouteWriterTest {

    @ParameterizedTest(name = "live {0} contains desired {1}: {2}")
    @CsvSource(
            delimiter = '|',
            textBlock =
                    """
                    {"a":1}                                  | {"a":1}                         | true
                    {"a":1,"group":""}                       | {"a":1}                         | true
                    {"rules":[{"b":{"name":"x","weight":1}}]} | {"rules":[{"b":{"name":"x"}}]}  | true
                    {"a":2}                                  | {"a":1}                         | false
                    {}                                       | {"a":1}                         | false
                    {"rules":[{"n":"x"},{"n":"y"}]}          | {"rules":[{"n":"x"}]}           | false
                    {"rules":[{"n":"y"}]}                    | {"rules":[{"n":"x"}]}           | false
                    {"a":"1"}                                | {"a":1}                         | false
                    """)
    void liveContainsDesired(String live, String desired, boolean contains) {
        assertThat(RouteWriter.contains(SpecJson.parse(live, "live"), SpecJson.parse(desired, "d")))
                .isEqualTo(contains);
    }
}
