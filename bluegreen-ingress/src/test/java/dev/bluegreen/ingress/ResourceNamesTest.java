package dev.bluegreen.ingress;

import dev.bluegreen.core.Color;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ResourceNamesTest {

    @Test
    void derivesEveryNameFromAShortParent() {
        // Given a short parent name
        String parent = "orders";

        // Then every derived name is the documented pattern, verbatim
        assertThat(ResourceNames.child(parent, Color.BLUE)).isEqualTo("orders-blue");
        assertThat(ResourceNames.child(parent, Color.GREEN)).isEqualTo("orders-green");
        assertThat(ResourceNames.restService(parent, Color.GREEN)).isEqualTo("orders-green-rest");
        assertThat(ResourceNames.parentIngress(parent)).isEqualTo("orders");
        assertThat(ResourceNames.gateConfigMap(parent)).isEqualTo("orders-gate");
        assertThat(ResourceNames.savepointSnapshot(parent, "t7-savepoint"))
                .isEqualTo("orders-t7-savepoint");
        assertThat(ResourceNames.savepointSnapshot(parent, 7)).isEqualTo("orders-t7-savepoint");
    }

    @Test
    void shortensALongParentToThirtyCharactersAndAHashOfTheFullName() throws Exception {
        // Given the 52-character parent from the Javadoc example
        String parent = "payments-fraud-scoring-pipeline-production-eu-west-1";
        String hash = sha256Hex(parent).substring(0, 8);

        // When
        String green = ResourceNames.child(parent, Color.GREEN);

        // Then
        assertThat(green).isEqualTo("payments-fraud-scoring-pipelin-" + hash + "-green");
        assertThat(green).hasSize(45);
        assertThat(ResourceNames.restService(parent, Color.GREEN)).isEqualTo(green + "-rest");
        assertThat(ResourceNames.child(parent, Color.BLUE))
                .isEqualTo("payments-fraud-scoring-pipelin-" + hash + "-blue");
    }

    static Stream<Arguments> lengths() {
        return IntStream.of(1, 2, 38, 39, 40, 45, 46, 50, 57, 58, 62, 63, 64, 100, 252, 253)
                .mapToObj(n -> Arguments.of("parent of " + n + " chars", n));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lengths")
    void derivedNamesAreValidAndDistinctAtEveryLength(String caseName, int length) {
        // Given
        String parent = TestNames.parentOfLength(length);

        // When
        String blue = ResourceNames.child(parent, Color.BLUE);
        String green = ResourceNames.child(parent, Color.GREEN);
        String blueRest = ResourceNames.restService(parent, Color.BLUE);
        String greenRest = ResourceNames.restService(parent, Color.GREEN);

        // Then children fit the FlinkDeployment limit and services the Service limit
        assertThat(blue).isNotEqualTo(green);
        assertThat(blueRest).isNotEqualTo(greenRest);
        for (String child : new String[] {blue, green}) {
            assertThat(child)
                    .hasSizeLessThanOrEqualTo(45)
                    .matches(KubernetesSchema::isDns1035Label);
        }
        for (String service : new String[] {blueRest, greenRest}) {
            assertThat(service)
                    .hasSizeLessThanOrEqualTo(63)
                    .matches(KubernetesSchema::isDns1035Label);
        }
        assertThat(ResourceNames.gateConfigMap(parent))
                .hasSizeLessThanOrEqualTo(63)
                .matches(KubernetesSchema::isDns1123Label)
                .endsWith("-gate");
        assertThat(ResourceNames.savepointSnapshot(parent, 123456))
                .hasSizeLessThanOrEqualTo(63)
                .matches(KubernetesSchema::isDns1123Label)
                .endsWith("-t123456-savepoint");
        assertThat(ResourceNames.parentIngress(parent))
                .isEqualTo(parent)
                .matches(KubernetesSchema::isObjectName);
        // Short parents appear verbatim; long ones keep a common stem for both colours
        if (length <= ResourceNames.MAX_PLAIN_PARENT_LENGTH) {
            assertThat(blue).isEqualTo(parent + "-blue");
            assertThat(green).isEqualTo(parent + "-green");
        } else {
            assertThat(blue.substring(0, blue.length() - 5))
                    .isEqualTo(green.substring(0, green.length() - 6));
        }
    }

    @Test
    void parentsSharingALongPrefixGetDifferentNames() {
        // Given two 64-character parents that differ only in the last character
        String stem = TestNames.parentOfLength(63);
        String a = stem + "a";
        String b = stem + "b";

        // Then every shortened name still differs
        assertThat(ResourceNames.child(a, Color.BLUE))
                .isNotEqualTo(ResourceNames.child(b, Color.BLUE));
        assertThat(ResourceNames.gateConfigMap(a)).isNotEqualTo(ResourceNames.gateConfigMap(b));
        assertThat(ResourceNames.savepointSnapshot(a, 1))
                .isNotEqualTo(ResourceNames.savepointSnapshot(b, 1));
    }

    @Test
    void dropsHyphensBeforeTheHash() {
        // Given a parent whose 30th character is '-'
        String parent = "a".repeat(29) + "-" + "b".repeat(20);

        // Then the kept prefix does not end in '-' (no "--" before the hash)
        assertThat(ResourceNames.child(parent, Color.BLUE))
                .startsWith("a".repeat(29) + "-")
                .doesNotContain("--");
    }

    @Test
    void sameInputGivesSameNames() {
        String parent = TestNames.parentOfLength(200);
        assertThat(ResourceNames.child(parent, Color.GREEN))
                .isEqualTo(ResourceNames.child(new String(parent.toCharArray()), Color.GREEN));
    }

    @Test
    void rejectsAParentNameWithAClearReason() {
        assertThatThrownBy(() -> ResourceNames.child("My.App", Color.BLUE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("metadata.name: must consist of lower-case letters")
                .hasMessageContaining("\"My.App\"");
        assertThatThrownBy(() -> ResourceNames.child("a".repeat(254), Color.BLUE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(
                        "metadata.name: too long: 254 characters, the maximum is 253");
    }

    private static String sha256Hex(String s) throws Exception {
        return HexFormat.of()
                .formatHex(
                        MessageDigest.getInstance("SHA-256")
                                .digest(s.getBytes(StandardCharsets.UTF_8)));
    }
}
