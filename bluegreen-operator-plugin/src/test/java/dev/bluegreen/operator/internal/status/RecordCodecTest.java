package dev.bluegreen.operator.internal.status;

import dev.bluegreen.core.Action;
import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus;
import dev.bluegreen.operator.resource.TransitionStatus;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Instant;
import java.util.Random;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The persisted transition record: round trips, absent status, malformed values. */
class RecordCodecTest {
    static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void absentStatusOrRecordReadsAsTheInitialRecord() {
        assertThat(RecordCodec.read(null)).isEqualTo(TransitionRecord.initial());
        assertThat(RecordCodec.read(new FlinkBlueGreenDeploymentStatus()))
                .isEqualTo(TransitionRecord.initial());
    }

    @Test
    void randomRecordsSurviveWriteJsonAndRead() throws Exception {
        var random = new Random(20261130L);
        for (int i = 0; i < 2_000; i++) {
            // Given a random record
            TransitionRecord record = randomRecord(random);
            // When it is written, serialized as the API server would store it, and read back
            var status = new FlinkBlueGreenDeploymentStatus();
            status.setTransition(RecordCodec.write(record));
            var stored =
                    JSON.readValue(
                            JSON.writeValueAsString(status), FlinkBlueGreenDeploymentStatus.class);
            // Then nothing is lost
            assertThat(RecordCodec.read(stored)).as("record %d", i).isEqualTo(record);
            assertThat(stored).isEqualTo(status);
        }
    }

    @Test
    void writeIsDeterministicAndEqualByValue() {
        var record = randomRecord(new Random(7));

        assertThat(RecordCodec.write(record)).isEqualTo(RecordCodec.write(record));
        assertThat(RecordCodec.write(record).hashCode())
                .isEqualTo(RecordCodec.write(record).hashCode());
    }

    static Stream<Arguments> malformed() {
        return Stream.of(
                bad("missing state", t -> t.setState(null), "status.transition.state: required"),
                bad(
                        "unknown state",
                        t -> t.setState("DANCING"),
                        "status.transition.state: expected one of [INITIALIZING_BLUE"),
                bad(
                        "missing transition number",
                        t -> t.setTransitionNumber(null),
                        "status.transition.transitionNumber: expected a number >= 0, got null"),
                bad(
                        "negative transition number",
                        t -> t.setTransitionNumber(-1L),
                        "status.transition.transitionNumber: expected a number >= 0, got -1"),
                bad(
                        "unknown colour",
                        t -> t.setTrafficColor("blue"),
                        "status.transition.trafficColor: expected one of [BLUE, GREEN], got"
                                + " \"blue\""),
                bad(
                        "unknown output owner",
                        t -> t.setOutputOwner("teal"),
                        "status.transition.outputOwner: expected one of [BLUE, GREEN], got"
                                + " \"teal\""),
                bad(
                        "unparsable deadline",
                        t -> t.setDeadline("soon"),
                        "status.transition.deadline: cannot parse \"soon\" as an ISO-8601"
                                + " instant"),
                bad(
                        "unparsable ready time",
                        t -> t.setReadySince("2026-13-01T00:00:00Z"),
                        "status.transition.readySince: cannot parse"),
                bad(
                        "unparsable phase start",
                        t -> t.setPhaseStartedAt("x"),
                        "status.transition.phaseStartedAt: cannot parse"),
                bad(
                        "unparsable switch time",
                        t -> t.setTrafficSwitchedAt("x"),
                        "status.transition.trafficSwitchedAt: cannot parse"),
                bad(
                        "savepoint path without a name",
                        t -> t.setSavepointPath("s3://b/sp-1"),
                        "status.transition.savepointSnapshot: required when"),
                bad(
                        "savepoint job without a name",
                        t -> t.setSavepointJobId("j1"),
                        "status.transition.savepointSnapshot: required when"),
                bad(
                        "unknown restore",
                        t -> t.setRestore("BACKUP"),
                        "status.transition.restore: expected one of [EMPTY, PATH,"
                                + " SPEC_INITIAL_SAVEPOINT], got \"BACKUP\""),
                bad(
                        "restore PATH without a path",
                        t -> t.setRestore("PATH"),
                        "status.transition.restorePath: must be set exactly when restore is"
                                + " PATH, got restore PATH and restorePath null"),
                bad(
                        "restore path without PATH",
                        t -> t.setRestorePath("s3://b/sp-1"),
                        "status.transition.restorePath: must be set exactly when restore is"
                                + " PATH, got restore null and restorePath \"s3://b/sp-1\""));
    }

    static Arguments bad(String name, Consumer<TransitionStatus> breakIt, String message) {
        return Arguments.of(name, breakIt, message);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void malformedValuesFailNamingTheStatusField(
            String name, Consumer<TransitionStatus> breakIt, String message) {
        // Given a valid persisted record with one value broken
        var status = new FlinkBlueGreenDeploymentStatus();
        status.setTransition(RecordCodec.write(TransitionRecord.initial()));
        breakIt.accept(status.getTransition());
        // When / Then
        assertThatThrownBy(() -> RecordCodec.read(status))
                .isInstanceOf(InvalidStatusException.class)
                .hasMessageStartingWith(message)
                .satisfies(
                        e -> assertThat(message).startsWith(((InvalidStatusException) e).field()));
    }

    static TransitionRecord randomRecord(Random random) {
        var restore = pick(random, Action.RestoreFrom.values());
        var builder =
                new TransitionRecord.Builder()
                        .state(
                                BlueGreenState.values()[
                                        random.nextInt(BlueGreenState.values().length)])
                        .transitionNumber(
                                random.nextInt(4) == 0 ? 0 : random.nextLong(1, Long.MAX_VALUE))
                        .stableSpecRef(text(random, "stable"))
                        .targetSpecRef(text(random, "target"))
                        .failedSpecRef(text(random, "failed"))
                        .trafficColor(pick(random, Color.values()))
                        .outputOwner(pick(random, Color.values()))
                        .savepoint(
                                random.nextBoolean()
                                        ? null
                                        : new TransitionRecord.SavepointRef(
                                                "t" + random.nextInt(100) + "-savepoint",
                                                text(random, "job"),
                                                text(random, "s3://bucket/sp")))
                        .phaseStartedAt(instant(random))
                        .deadline(instant(random))
                        .readySince(instant(random))
                        .trafficSwitchedAt(instant(random))
                        .handledPromote(text(random, "promote"))
                        .handledAbort(text(random, "abort"))
                        .restore(restore)
                        .restorePath(
                                restore == Action.RestoreFrom.PATH
                                        ? "s3://bucket/" + random.nextInt()
                                        : null);
        return builder.build();
    }

    private static <T> T pick(Random random, T[] values) {
        int i = random.nextInt(values.length + 1);
        return i == values.length ? null : values[i];
    }

    private static String text(Random random, String prefix) {
        return random.nextInt(3) == 0 ? null : prefix + "-" + Long.toHexString(random.nextLong());
    }

    private static Instant instant(Random random) {
        if (random.nextInt(3) == 0) {
            return null;
        }
        // Any nanosecond, from 1970 to about 2100: ISO-8601 keeps every digit.
        return Instant.ofEpochSecond(
                random.nextLong(0, 4_100_000_000L), random.nextInt(1_000_000_000));
    }
}
