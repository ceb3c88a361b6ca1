package dev.bluegreen.demo.scenario;

import dev.bluegreen.demo.timeline.Color;
import dev.bluegreen.demo.timeline.DemoStep;
import dev.bluegreen.demo.timeline.TimelineEvent;
import dev.bluegreen.example.JobArgs;
import dev.bluegreen.operator.resource.AnalysisRunStatus;
import dev.bluegreen.operator.resource.AnalysisStatus;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.standin.prometheus.PrometheusApi;
import dev.bluegreen.standin.prometheus.PrometheusServer;
import dev.bluegreen.standin.prometheus.Sample;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The analysis run's upgrade (scenario 2 of issue 28): green v2 passes its pre-promotion check and
 * takes the traffic, then turns bad (the demo creates the file its {@code --bad-when-file} waits
 * for), its error rate shows in Prometheus, the post-promotion check fails and the controller
 * switches back to blue by itself (ADVANCED: through the gates' cutover, so nothing is written
 * twice or lost) and retires green; blue then writes past green's last record. Every wait is
 * bounded and names its phase. Used by one thread.
 */
final class AnalysisRollback {
    /** The file whose appearance turns green bad, in the demo's work directory. */
    static final String BAD_FILE = "green-turns-bad";

    /** What the demo says when {@code --analysis} finds no Prometheus. */
    static final String NO_PROMETHEUS =
            "--analysis needs a prometheus binary ("
                    + PrometheusServer.DEBIAN_BINARY
                    + " or on the PATH): install Debian package prometheus";

    /** How the step showing the parent's {@code status.analysis} after the rollback begins. */
    static final String STATUS_STEP = "status.analysis after the rollback: ";

    private static final long POLL_MILLIS = 250;

    private final Phases phases;
    private final ParentEdits edits;
    private final DemoSettings settings;
    private final PrometheusApi prometheus;
    private final Path badFile;

    /**
     * @param phases the scenario's waits and steps
     * @param edits changes of the parent
     * @param settings bounds and records per phase
     * @param prometheus the server the checks query
     * @param work the demo's work directory, where the bad file is created
     */
    AnalysisRollback(
            Phases phases,
            ParentEdits edits,
            DemoSettings settings,
            PrometheusApi prometheus,
            Path work) {
        this.phases = phases;
        this.edits = edits;
        this.settings = settings;
        this.prometheus = prometheus;
        this.badFile = work.resolve(BAD_FILE).toAbsolutePath();
    }

    /**
     * Starts a Prometheus scraping the reporters' port range every second.
     *
     * @throws IllegalStateException {@link #NO_PROMETHEUS} when there is no binary
     * @throws UncheckedIOException when it does not start (with the end of its log)
     */
    static PrometheusServer startPrometheus() {
        Path binary =
                PrometheusServer.binary()
                        .orElseThrow(() -> new IllegalStateException(NO_PROMETHEUS));
        try {
            return PrometheusServer.scrapingPorts(
                    binary, AnalysisSpecs.FIRST_PORT, AnalysisSpecs.LAST_PORT);
        } catch (IOException e) {
            throw new UncheckedIOException("Prometheus did not start: " + e.getMessage(), e);
        }
    }

    /**
     * Upgrades to v2, turns green bad after the switch, and follows the rollback until blue has
     * written past green's last record.
     *
     * @throws PhaseFailedException when a wait runs out
     */
    void upgradeAndRollBack() throws PhaseFailedException, InterruptedException {
        upgrade();
        long greenLines = phases.progress("v2").lines();
        phases.awaitOutput(
                "green writing after the switch",
                "v2",
                p -> p.lines() >= greenLines + settings.recordsPerPhase() / 4);
        turnGreenBad();
        awaitErrorsInPrometheus();
        phases.awaitEvents(
                "automatic rollback to blue, green deleted",
                settings.upgradeBound(),
                AnalysisRollback::rolledBackToBlue);
        phases.step(STATUS_STEP + runs(phases.parentNow()));
        awaitBluePastGreen();
    }

    private void upgrade() throws PhaseFailedException, InterruptedException {
        phases.step(
                "upgrade: job --version v2 --bad-when-file "
                        + badFile
                        + " (green turns bad when that file appears)");
        edits.edit(
                p ->
                        ParentSpec.withAddedArgs(
                                ParentSpec.withArg(p, "--version", "v2"),
                                "--bad-when-file",
                                badFile.toString()));
        phases.awaitEvents(
                "pre-promotion check passed, traffic on green",
                settings.upgradeBound(),
                events ->
                        TimelineQueries.state(events, "RETIRING_BLUE")
                                && TimelineQueries.trafficOn(events, Color.GREEN));
    }

    private void turnGreenBad() {
        try {
            Files.createFile(badFile);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + badFile, e);
        }
        phases.step(
                DemoStep.GREEN_TURNS_BAD
                        + ": created "
                        + badFile
                        + "; green's job counts "
                        + JobArgs.DEFAULT_BAD_ERROR_RATE
                        + " errors/s from now on (--bad-when-file)");
    }

    /** Polls Prometheus until green's error rate is above 0 (what the post check will see). */
    private void awaitErrorsInPrometheus() throws PhaseFailedException, InterruptedException {
        String query = AnalysisSpecs.query(phases.parentName() + "-green");
        long deadline = System.nanoTime() + settings.stepBound().toNanos();
        Optional<Double> rate = errorRate(query);
        while (rate.isEmpty()) {
            if (System.nanoTime() > deadline) {
                throw phases.failed(
                        "green's errors in Prometheus (" + query + ")", settings.stepBound());
            }
            TimeUnit.MILLISECONDS.sleep(POLL_MILLIS);
            rate = errorRate(query);
        }
        phases.step(
                String.format(
                        Locale.ROOT,
                        "%s: %s = %.2f/s",
                        DemoStep.ERRORS_IN_PROMETHEUS,
                        query,
                        rate.get()));
    }

    /** The rate when it is above 0; empty while it is not, or Prometheus does not answer. */
    private Optional<Double> errorRate(String query) {
        try {
            List<Sample> samples = prometheus.query(query);
            return samples.stream().map(Sample::value).filter(v -> v > 0).findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static boolean rolledBackToBlue(List<TimelineEvent> events) {
        return TimelineQueries.rolledBack(events)
                && TimelineQueries.state(events, "ACTIVE_BLUE")
                && TimelineQueries.deleted(events, Color.GREEN);
    }

    /**
     * Each stage's phase and message, e.g. {@code prePromotion Successful (...); postPromotion
     * ...}.
     */
    static String runs(FlinkBlueGreenDeployment parent) {
        AnalysisStatus analysis =
                parent == null || parent.getStatus() == null
                        ? null
                        : parent.getStatus().getAnalysis();
        if (analysis == null) {
            return "none";
        }
        return run("prePromotion", analysis.getPrePromotion())
                + "; "
                + run("postPromotion", analysis.getPostPromotion());
    }

    private static String run(String stage, AnalysisRunStatus run) {
        return run == null
                ? stage + " none"
                : stage + " " + run.getPhase() + " (" + run.getMessage() + ")";
    }

    /** Green wrote until the rollback; blue writes on from there. */
    private void awaitBluePastGreen() throws PhaseFailedException, InterruptedException {
        long greenLast = phases.progress("v2").maxId();
        phases.awaitOutput(
                "blue writing past green's last record",
                "v1",
                p -> p.maxId() >= greenLast + settings.recordsPerPhase());
        phases.step(
                "blue wrote "
                        + settings.recordsPerPhase()
                        + " records past green's last one (id "
                        + greenLast
                        + ")");
    }
}
