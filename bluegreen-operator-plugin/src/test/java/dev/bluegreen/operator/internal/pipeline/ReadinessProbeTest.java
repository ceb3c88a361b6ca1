package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.ChangeKind;
import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.Commands;
import dev.bluegreen.core.DesiredSpec;
import dev.bluegreen.core.HealthFacts;
import dev.bluegreen.core.JobState;
import dev.bluegreen.core.Lifecycle;
import dev.bluegreen.core.Observation;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.operator.internal.config.ReadinessChecks;
import dev.bluegreen.operator.internal.observe.ChildJob;
import dev.bluegreen.operator.internal.observe.ReadinessMetrics;
import dev.bluegreen.operator.internal.pipeline.decide.Readiness;

import io.fabric8.mockwebserver.DefaultMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When readiness reads the children's REST APIs (only while a transition waits for readiness, and
 * only for the checks that are on), what it adds to the observation, and what an unreachable API
 * gives. The REST API is faked here (fabric8's mock web server); the demo's ITs read real jobs.
 */
class ReadinessProbeTest {
    static final ReadinessChecks BOTH = new ReadinessChecks(true, true);
    static final ReadinessChecks LAG = new ReadinessChecks(true, false);

    DefaultMockServer green;
    DefaultMockServer blue;
    ReadinessProbe probe;

    @BeforeEach
    void start() {
        green = server("g1", 18_400, 3);
        blue = server("b1", 120, 9);
        probe =
                new ReadinessProbe(
                        new ReadinessMetrics(Duration.ofSeconds(10)),
                        () -> List.of(job(Color.BLUE, blue, "b1"), job(Color.GREEN, green, "g1")),
                        BacklogWindow.NONE);
    }

    @AfterEach
    void stop() {
        green.shutdown();
        blue.shutdown();
    }

    static DefaultMockServer server(String jobId, long pending, long checkpoints) {
        var rest = new DefaultMockServer(false);
        rest.start();
        String jobPath = "/jobs/" + jobId;
        String metric = "Source__orders.pendingRecords";
        answer(
                rest,
                jobPath,
                "{\"vertices\":[{\"id\":\"src\"}],\"plan\":{\"nodes\":[{\"id\":\"src\"}]}}");
        answer(rest, jobPath + "/vertices/src/subtasks/metrics", "[{\"id\":\"" + metric + "\"}]");
        answer(
                rest,
                jobPath + "/vertices/src/subtasks/metrics?agg=sum&get=" + metric,
                "[{\"id\":\"" + metric + "\",\"sum\":" + pending + "}]");
        answer(rest, jobPath + "/checkpoints", "{\"counts\":{\"completed\":" + checkpoints + "}}");
        return rest;
    }

    static void answer(DefaultMockServer rest, String path, String body) {
        rest.expect().get().withPath(path).andReturn(200, body).always();
    }

    static ChildJob job(Color color, DefaultMockServer rest, String jobId) {
        return new ChildJob(color, URI.create(rest.url("/")), jobId);
    }

    static ChildObservation running(String jobId) {
        return new ChildObservation(
                true,
                false,
                "s",
                1,
                1,
                false,
                Lifecycle.STABLE,
                JobState.RUNNING,
                jobId,
                Instant.EPOCH,
                HealthFacts.unknown());
    }

    static ChildObservation deploying() {
        return new ChildObservation(
                true,
                false,
                "s2",
                1,
                1,
                false,
                Lifecycle.DEPLOYED,
                JobState.CREATED,
                "g1",
                Instant.EPOCH,
                HealthFacts.unknown());
    }

    static Observation observation(ChildObservation blueChild, ChildObservation greenChild) {
        return new Observation(
                new DesiredSpec("s2", ChangeKind.TRANSITION, false, false),
                blueChild,
                greenChild,
                null,
                Commands.none(),
                Instant.EPOCH);
    }

    static TransitionRecord in(BlueGreenState state) {
        return TransitionRecord.initial().toBuilder().state(state).build();
    }

    /** The observation with what {@code probe} reads for it. */
    static Observation observe(
            ReadinessProbe probe,
            TransitionRecord record,
            Observation observation,
            ReadinessChecks checks) {
        return Readiness.withReadings(
                observation,
                probe.read(
                        record,
                        observation.blue(),
                        observation.green(),
                        checks,
                        observation.now()));
    }

    int requests() {
        return green.getRequestCount() + blue.getRequestCount();
    }

    @Test
    void aTransitionWaitingForReadinessReadsGreensBacklogAndCheckpointsAndBluesBacklog() {
        var observed =
                observe(
                        probe,
                        in(BlueGreenState.TRANSITIONING_TO_GREEN),
                        observation(running("b1"), running("g1")),
                        BOTH);

        assertThat(observed.green().health())
                .isEqualTo(HealthFacts.unknown().withReadiness(3, 18_400L, null));
        assertThat(observed.blue().health())
                .isEqualTo(HealthFacts.unknown().withReadiness(0, 120L, null));
        // green: job, metric ids, sum, checkpoints; blue: job, metric ids, sum
        assertThat(green.getRequestCount()).isEqualTo(4);
        assertThat(blue.getRequestCount()).isEqualTo(3);
    }

    @Test
    void theLagCheckAloneReadsNoCheckpoints() {
        observe(
                probe,
                in(BlueGreenState.TRANSITIONING_TO_GREEN),
                observation(running("b1"), running("g1")),
                LAG);

        assertThat(green.getRequestCount()).isEqualTo(3);
    }

    @Test
    void theCheckpointCheckAloneReadsOnlyTheIncomingChild() {
        var observed =
                observe(
                        probe,
                        in(BlueGreenState.TRANSITIONING_TO_BLUE),
                        observation(running("b1"), running("g1")),
                        new ReadinessChecks(false, true));

        assertThat(observed.blue().health().completedCheckpoints()).isEqualTo(9);
        assertThat(blue.getRequestCount()).isEqualTo(1);
        assertThat(green.getRequestCount()).isZero();
    }

    @ParameterizedTest
    @EnumSource(
            value = BlueGreenState.class,
            names = {"TRANSITIONING_TO_GREEN", "TRANSITIONING_TO_BLUE"},
            mode = EnumSource.Mode.EXCLUDE)
    void noOtherStateMakesARestCall(BlueGreenState state) {
        var given = observation(running("b1"), running("g1"));

        assertThat(observe(probe, in(state), given, BOTH)).isSameAs(given);
        assertThat(requests()).isZero();
    }

    @Test
    void anIncomingChildThatIsNotUpYetIsNotRead() {
        var given = observation(running("b1"), deploying());

        assertThat(observe(probe, in(BlueGreenState.TRANSITIONING_TO_GREEN), given, BOTH))
                .isSameAs(given);
        assertThat(requests()).isZero();
    }

    @Test
    void noCheckThatNeedsTheRestApiMakesNoRestCall() {
        var given = observation(running("b1"), running("g1"));

        assertThat(
                        observe(
                                probe,
                                in(BlueGreenState.TRANSITIONING_TO_GREEN),
                                given,
                                ReadinessChecks.NONE))
                .isSameAs(given);
        assertThat(requests()).isZero();
    }

    @Test
    void anUnreachableRestApiLeavesTheFactsUnknownWithTheReason() {
        var gone = URI.create("http://127.0.0.1:1/");
        var unreachable =
                new ReadinessProbe(
                        new ReadinessMetrics(Duration.ofSeconds(10)),
                        () ->
                                List.of(
                                        new ChildJob(Color.BLUE, gone, "b1"),
                                        new ChildJob(Color.GREEN, gone, "g1")),
                        BacklogWindow.NONE);

        var observed =
                observe(
                        unreachable,
                        in(BlueGreenState.TRANSITIONING_TO_GREEN),
                        observation(running("b1"), running("g1")),
                        BOTH);

        HealthFacts facts = observed.green().health();
        assertThat(facts.lagRecords()).isNull();
        assertThat(facts.completedCheckpoints()).isZero();
        assertThat(facts.unknownBecause())
                .startsWith("checkpoints unknown: GET http://127.0.0.1:1/jobs/g1/checkpoints")
                .contains("; REST API not readable: GET http://127.0.0.1:1/jobs/g1");
        assertThat(observed.blue().health().lagRecords()).isNull();
    }
}
