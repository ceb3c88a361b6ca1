package dev.bluegreen.demo.readiness;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * BASIC mode on the real Kafka broker with {@code readiness.max-lag: 200}: blue v1 reads the input
 * topic fed at 200 records/s; the upgrade to v2 restores green from blue's savepoint, so green
 * starts behind by what arrived since, and reads at most 130 records/s per source subtask (260/s in
 * all): it catches up slowly. The controller reads both jobs' {@code pendingRecords} from their
 * real REST APIs and switches traffic only once green's backlog is within blue's plus 200. Both
 * series are printed (sampled every 250 ms from the same REST APIs), with the controller's
 * messages.
 *
 * <p>Green's job is submitted {@link #GREEN_START_DELAY} after its deployment (the stand-in's
 * start-delay fault, as a slow JobManager would), so it starts at least 200/s times that behind,
 * about ten times the bound, and sheds it at most 60/s (260/s read, 200/s arriving): the wait spans
 * many readiness polls however fast the MiniCluster starts. Without the delay, green was often
 * within the bound by its first or second reading (issue 26).
 */
class GreenCatchesUpIT {
    static final long BOUND = 200;

    /** How long green's job waits after its deployment: the backlog it starts with, at 200/s. */
    static final Duration GREEN_START_DELAY = Duration.ofSeconds(10);

    static KafkaReadinessRig rig;
    static BacklogSeries series;
    static List<BacklogSeries.Sample> samples;
    static List<Progress> controllerView;

    @BeforeAll
    static void upgradeWithAGreenThatStartsBehind() throws Exception {
        rig = KafkaReadinessRig.start(Path.of("target", "readiness-catch-up-it"));
        rig.deploy(
                200,
                Map.of(
                        "readiness.max-lag",
                        Long.toString(BOUND),
                        "readiness.max-lag-window",
                        "10 s",
                        "catch-up.timeout",
                        "5 min"));
        rig.awaitState("blue active", Duration.ofMinutes(3), "ACTIVE_BLUE"::equals);
        series = BacklogSeries.start(rig, 250);
        rig.upgradeWithSlowGreenStart("--max-records-per-second", "130", GREEN_START_DELAY);
        rig.awaitState("green active", Duration.ofMinutes(5), "ACTIVE_GREEN"::equals);
        series.close();
        samples = series.samples();
        controllerView =
                samples.stream()
                        .map(s -> Progress.parse(s.progressing()))
                        .flatMap(java.util.Optional::stream)
                        .distinct()
                        .toList();
        System.out.println(series.print("GreenCatchesUpIT: backlog of both jobs (records)"));
    }

    @AfterAll
    static void stop() {
        if (rig != null) {
            rig.close();
        }
    }

    @Test
    void theControllerHeldGreenWhileItsBacklogWasAboveBluesPlusTheBound() {
        assertThat(controllerView).isNotEmpty().allMatch(Progress::behind);
        assertThat(controllerView).allMatch(p -> p.bound() == BOUND);
    }

    @Test
    void greensBacklogFellWhileTheControllerWaited() {
        long first = controllerView.get(0).green();
        long last = controllerView.get(controllerView.size() - 1).green();

        assertThat(controllerView).hasSizeGreaterThan(1);
        assertThat(last).isLessThan(first);
    }

    @Test
    void trafficMovedToGreenBecauseItWasReadyNotBecauseOfADeadlineOrAPromote() {
        Set<String> reasons =
                samples.stream()
                        .map(BacklogSeries.Sample::progressing)
                        .map(p -> p.split(":", 2)[0])
                        .collect(java.util.stream.Collectors.toSet());

        assertThat(reasons).contains("WaitingForReadiness");
        assertThat(reasons).doesNotContain("UpgradeAborted", "Promoted", "UpgradeStalled");
        assertThat(rig.parent().getStatus().getActiveColor()).isEqualToIgnoringCase("green");
    }

    @Test
    void bothSeriesWereReadFromTheRealJobs() {
        assertThat(samples)
                .anyMatch(
                        s -> s.green() != null && s.blue() != null && s.green() > s.blue() + BOUND);
    }
}
