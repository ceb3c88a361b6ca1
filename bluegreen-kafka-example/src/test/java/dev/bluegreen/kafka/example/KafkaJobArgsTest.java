package dev.bluegreen.kafka.example;

import dev.bluegreen.example.CountingJob;
import dev.bluegreen.gate.flink.ColorScope;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.base.DeliveryGuarantee;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The job's arguments: defaults, per-colour names, and errors naming the flag. */
class KafkaJobArgsTest {

    @Test
    void defaultsNeedOnlyTheBootstrapServers() {
        KafkaJobArgs args = KafkaJobArgs.parse("--bootstrap-servers", "localhost:9092");

        assertThat(args.inputTopic()).isEqualTo("orders-in");
        assertThat(args.outputTopic()).isEqualTo("orders-out");
        assertThat(args.version()).isEqualTo("v1");
        assertThat(args.transactionTimeoutMs()).isEqualTo(300_000);
        assertThat(args.maxOutOfOrdernessMs()).isEqualTo(200);
        assertThat(args.sourceIdleMs()).isEqualTo(5_000);
        assertThat(args.failAfterRecords()).isEmpty();
        assertThat(args.maxRecordsPerSecond()).isEmpty();
        assertThat(args.maxPartitionFetchBytes()).isEmpty();
        assertThat(args.failWhenFile()).isEmpty();
        assertThat(args.deliveryGuarantee()).isEqualTo(DeliveryGuarantee.EXACTLY_ONCE);
        assertThat(args.recordKey()).isEqualTo(KafkaJobArgs.RecordKey.KEY);
    }

    @Test
    void deliveryGuaranteeAndRecordKeyAreChosenByFlag() {
        KafkaJobArgs args =
                KafkaJobArgs.parse(
                        "--bootstrap-servers", "b:1",
                        "--delivery-guarantee", "at-least-once",
                        "--record-key", "id");
        KafkaJobArgs exactlyOnceWithoutKey =
                KafkaJobArgs.parse(
                        "--bootstrap-servers", "b:1",
                        "--delivery-guarantee", "exactly-once",
                        "--record-key", "none");

        assertThat(args.deliveryGuarantee()).isEqualTo(DeliveryGuarantee.AT_LEAST_ONCE);
        assertThat(args.recordKey()).isEqualTo(KafkaJobArgs.RecordKey.ID);
        assertThat(exactlyOnceWithoutKey.deliveryGuarantee())
                .isEqualTo(DeliveryGuarantee.EXACTLY_ONCE);
        assertThat(exactlyOnceWithoutKey.recordKey()).isEqualTo(KafkaJobArgs.RecordKey.NONE);
        // the fault keeps the other choices
        assertThat(
                        KafkaJobArgs.parse(
                                        "--bootstrap-servers", "b:1",
                                        "--max-records-per-second", "50")
                                .withFailAfterRecords(5)
                                .maxRecordsPerSecond())
                .hasValue(50);
        assertThat(args.withFailAfterRecords(5))
                .isEqualTo(
                        KafkaJobArgs.parse(
                                "--bootstrap-servers", "b:1",
                                "--delivery-guarantee", "at-least-once",
                                "--record-key", "id",
                                "--fail-after-records", "5"));
    }

    @Test
    void failWhenFileNamesThePath() {
        KafkaJobArgs args =
                KafkaJobArgs.parse("--bootstrap-servers", "b:1", "--fail-when-file", "/tmp/x");

        assertThat(args.failWhenFile()).contains("/tmp/x");
        assertThat(args.withFailAfterRecords(3).failWhenFile()).contains("/tmp/x");
    }

    @Test
    void namesArePerColourByDefault() {
        KafkaJobArgs args = KafkaJobArgs.parse("--bootstrap-servers", "b:1");
        ColorScope green = ColorScope.fixed("GREEN");

        assertThat(args.groupId(green)).isEqualTo("orders-green");
        assertThat(args.transactionalIdPrefix(green)).isEqualTo("orders-out-green");
        assertThat(args.sinkUid(green)).isEqualTo("kafka-sink-green");
        assertThat(args.groupId(ColorScope.fixed(null))).isEqualTo("orders");
        assertThat(args.transactionalIdPrefix(ColorScope.fixed(null))).isEqualTo("orders-out");
        assertThat(args.sinkUid(ColorScope.fixed(null))).isEqualTo("kafka-sink");
    }

    @Test
    void givenNamesWinOverTheColour() {
        KafkaJobArgs args =
                KafkaJobArgs.parse(
                        "--bootstrap-servers", "b:1",
                        "--group", "g",
                        "--transactional-id-prefix", "p",
                        "--sink-uid", "u");
        ColorScope blue = ColorScope.fixed("blue");

        assertThat(args.groupId(blue)).isEqualTo("g");
        assertThat(args.transactionalIdPrefix(blue)).isEqualTo("p");
        assertThat(args.sinkUid(blue)).isEqualTo("u");
    }

    @Test
    void faultFromTheConfigurationUnlessAnArgumentSetsOne() {
        Configuration config = new Configuration();
        config.set(CountingJob.FAIL_AFTER_RECORDS, 50L);
        KafkaJobArgs none = KafkaJobArgs.parse("--bootstrap-servers", "b:1");
        KafkaJobArgs own =
                KafkaJobArgs.parse("--bootstrap-servers", "b:1", "--fail-after-records", "7");

        assertThat(KafkaCountingJob.withConfiguredFault(none, config).failAfterRecords())
                .hasValue(50);
        assertThat(KafkaCountingJob.withConfiguredFault(own, config).failAfterRecords())
                .hasValue(7);
    }

    static Stream<Arguments> badArguments() {
        return Stream.of(
                Arguments.of(
                        "missing bootstrap servers",
                        new String[] {},
                        "--bootstrap-servers: required"),
                Arguments.of(
                        "unknown flag",
                        new String[] {"--bootstrap-servers", "b:1", "--colour", "blue"},
                        "--colour: unknown argument"),
                Arguments.of(
                        "missing value",
                        new String[] {"--bootstrap-servers"},
                        "--bootstrap-servers: missing value"),
                Arguments.of(
                        "not a flag",
                        new String[] {"bootstrap-servers", "b:1"},
                        "argument 0: expected --key"),
                Arguments.of(
                        "flag twice",
                        new String[] {"--bootstrap-servers", "b:1", "--bootstrap-servers", "b:2"},
                        "--bootstrap-servers: given twice"),
                Arguments.of(
                        "timeout not a number",
                        new String[] {
                            "--bootstrap-servers", "b:1", "--transaction-timeout-ms", "5m"
                        },
                        "--transaction-timeout-ms: expected an integer, got \"5m\""),
                Arguments.of(
                        "timeout zero",
                        new String[] {
                            "--bootstrap-servers", "b:1", "--transaction-timeout-ms", "0"
                        },
                        "--transaction-timeout-ms: expected a positive number"),
                Arguments.of(
                        "negative out-of-orderness",
                        new String[] {
                            "--bootstrap-servers", "b:1", "--max-out-of-orderness-ms", "-1"
                        },
                        "--max-out-of-orderness-ms: expected >= 0"),
                Arguments.of(
                        "idleness zero",
                        new String[] {"--bootstrap-servers", "b:1", "--source-idle-ms", "0"},
                        "--source-idle-ms: expected a positive number"),
                Arguments.of(
                        "fault zero",
                        new String[] {"--bootstrap-servers", "b:1", "--fail-after-records", "0"},
                        "--fail-after-records: expected a positive number"),
                Arguments.of(
                        "blank fail-when-file",
                        new String[] {"--bootstrap-servers", "b:1", "--fail-when-file", " "},
                        "--fail-when-file: must not be blank"),
                Arguments.of(
                        "fail-when-file without a path",
                        new String[] {"--bootstrap-servers", "b:1", "--fail-when-file"},
                        "--fail-when-file: missing value"),
                Arguments.of(
                        "fetch bytes zero",
                        new String[] {
                            "--bootstrap-servers", "b:1", "--max-partition-fetch-bytes", "0"
                        },
                        "--max-partition-fetch-bytes: expected a positive number"),
                Arguments.of(
                        "throttle zero",
                        new String[] {
                            "--bootstrap-servers", "b:1", "--max-records-per-second", "0"
                        },
                        "--max-records-per-second: expected a positive number"),
                Arguments.of(
                        "topic with a space",
                        new String[] {"--bootstrap-servers", "b:1", "--input-topic", "a b"},
                        "--input-topic: letters, digits"),
                Arguments.of(
                        "blank prefix",
                        new String[] {
                            "--bootstrap-servers", "b:1", "--transactional-id-prefix", " "
                        },
                        "--transactional-id-prefix: must not be blank"),
                Arguments.of(
                        "group with a slash",
                        new String[] {"--bootstrap-servers", "b:1", "--group", "a/b"},
                        "--group: letters, digits"),
                Arguments.of(
                        "guarantee none",
                        new String[] {"--bootstrap-servers", "b:1", "--delivery-guarantee", "none"},
                        "--delivery-guarantee: expected exactly-once or at-least-once, got"
                                + " \"none\""),
                Arguments.of(
                        "guarantee in Flink's spelling",
                        new String[] {
                            "--bootstrap-servers", "b:1", "--delivery-guarantee", "EXACTLY_ONCE"
                        },
                        "--delivery-guarantee: expected exactly-once or at-least-once"),
                Arguments.of(
                        "unknown record key",
                        new String[] {"--bootstrap-servers", "b:1", "--record-key", "offset"},
                        "--record-key: expected id, key or none, got \"offset\""),
                Arguments.of(
                        "blank version",
                        new String[] {"--bootstrap-servers", "b:1", "--version", ""},
                        "--version: must not be blank"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badArguments")
    void badArgumentsNameTheFlag(String name, String[] args, String message) {
        assertThatThrownBy(() -> KafkaJobArgs.parse(args))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(message);
    }
}
