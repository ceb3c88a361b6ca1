package dev.bluegreen.demo.scenario;

import dev.bluegreen.demo.cluster.ClusterWatch;
import dev.bluegreen.demo.cluster.EmbeddedCluster;
import dev.bluegreen.demo.cluster.GateHolds;
import dev.bluegreen.demo.summary.AdoptedJob;
import dev.bluegreen.demo.timeline.Color;
import dev.bluegreen.demo.timeline.DemoStep;
import dev.bluegreen.demo.timeline.Timeline;
import dev.bluegreen.ingress.ResourceNames;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.standin.prometheus.PrometheusServer;

import io.fabric8.kubernetes.client.KubernetesClient;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

import static dev.bluegreen.demo.scenario.TimelineQueries.deleted;
import static dev.bluegreen.demo.scenario.TimelineQueries.state;
import static dev.bluegreen.demo.scenario.TimelineQueries.suspended;

/**
 * The demo's scenario: apply the pipeline's resource (job version v1), wait until blue is active
 * and writing (with adopt: run a plain FlinkDeployment first and let the parent adopt it as blue,
 * see {@link AdoptionPhase}), upgrade to v2, follow blue to green until blue is deleted, let green
 * write, stop the input if the demo feeds it (Kafka) and let green catch up, suspend green
 * (stop-with-savepoint, so the output is complete), and audit the output of both jobs. With
 * analysis, a real Prometheus runs alongside, the parent gets checks, and the upgrade ends in an
 * automatic rollback to blue ({@link AnalysisRollback}), which is then suspended. With a green
 * failure (Kafka, ADVANCED), green fails for good after the cut and the controller hands the output
 * back to blue ({@link GreenFails}), which writes on, catches up with the input and is suspended.
 * Every wait is bounded; the bound's failure names the phase and the parent's status.
 */
public final class DemoScenario {
    /** The default resource (files), on the classpath. */
    public static final String RESOURCE = PipelineKind.FILES.resource();

    /** What an analysis run says when it finds no {@code prometheus} binary. */
    public static final String NO_PROMETHEUS = AnalysisRollback.NO_PROMETHEUS;

    private final DemoSettings settings;
    private final Timeline timeline;
    private final Supplier<Duration> elapsed;
    private EmbeddedCluster cluster;
    private KubernetesClient client;
    private Pipeline pipeline;
    private String name;
    private Phases phases;
    private ParentEdits edits;
    private PrometheusServer prometheus;

    /**
     * @param settings directories, pipeline, mode and bounds
     * @param timeline where the watchers and the scenario record what happens
     * @param elapsed time since the demo started
     */
    public DemoScenario(DemoSettings settings, Timeline timeline, Supplier<Duration> elapsed) {
        this.settings = settings;
        this.timeline = timeline;
        this.elapsed = elapsed;
    }

    /**
     * Runs the scenario, once per instance (not thread-safe). Whatever it started (the cluster, a
     * broker) is stopped when it returns or fails.
     *
     * @throws PhaseFailedException when a phase does not complete within its bound
     * @throws InterruptedException when interrupted while waiting
     */
    public DemoRun run() throws PhaseFailedException, InterruptedException {
        Path work = work();
        Directories.recreate(work);
        // without analysis the server is null, which try-with-resources skips
        try (Pipeline opened = openPipeline();
                PrometheusServer metrics = startPrometheus()) {
            pipeline = opened;
            step("start the embedded Kubernetes API, the Flink stand-in and the controller");
            try (var cluster = EmbeddedCluster.start(work, settings.usrlib())) {
                return playOn(cluster);
            }
        }
    }

    /** Plays the scenario on the started {@code cluster}, watching it meanwhile. */
    private DemoRun playOn(EmbeddedCluster cluster)
            throws PhaseFailedException, InterruptedException {
        this.cluster = cluster;
        client = cluster.client();
        var parent = parent();
        name = parent.getMetadata().getName();
        phases = new Phases(client, name, timeline, elapsed, pipeline, settings.stepBound());
        edits = new ParentEdits(client, name);
        try (var watch =
                ClusterWatch.start(
                        client, EmbeddedCluster.NAMESPACE, name, adopting(), timeline, elapsed)) {
            return play(parent);
        }
    }

    /** The pipeline's parent, prepared for it, in ADVANCED mode when the settings say so. */
    private FlinkBlueGreenDeployment parent() {
        var parent = pipeline.prepare(load(client, settings.pipeline().resource()));
        parent = settings.advanced() ? ParentSpec.advanced(parent) : parent;
        if (settings.greenFailure() != GreenFailure.NONE) {
            parent = GreenFails.prepared(parent, settings.greenFailure());
        }
        return prometheus == null ? parent : AnalysisSpecs.withChecks(parent, prometheus.baseUri());
    }

    private DemoRun play(FlinkBlueGreenDeployment parent)
            throws PhaseFailedException, InterruptedException {
        Optional<AdoptedJob> adopted = Optional.empty();
        if (settings.adopt()) {
            adopted = Optional.of(new AdoptionPhase(client, phases, settings).adopt(parent));
        } else {
            deployBlue(parent);
        }
        if (prometheus != null) {
            new AnalysisRollback(phases, edits, settings, prometheus.api(), work())
                    .upgradeAndRollBack();
            suspendBlueAfterRollback(
                    "no --bad-when-file",
                    p ->
                            ParentSpec.withoutArg(
                                    ParentSpec.withArg(p, "--version", "v1"), "--bad-when-file"));
        } else if (settings.greenFailure() != GreenFailure.NONE) {
            new GreenFails(phases, edits, settings, this::gateCommand, work()).upgradeAndFail();
            finishInput(Color.BLUE);
            suspendBlueAfterRollback("without green's fault", GreenFails::withoutFault);
        } else {
            upgradeToGreen();
            finishInput(Color.GREEN);
            suspend(Color.GREEN, "", p -> p);
        }
        Duration end = elapsed.get();
        step("audit the output of both jobs");
        return new DemoRun(timeline.events(), end, pipeline.audit(), pipeline.describe(), adopted);
    }

    /** The deployment the parent adopts as blue, followed from its start; none without adopt. */
    private Map<String, Color> adopting() {
        return settings.adopt() ? Map.of(AdoptionPhase.liveName(name), Color.BLUE) : Map.of();
    }

    private Pipeline openPipeline() {
        return switch (settings.pipeline()) {
            case FILES -> new FilePipeline(settings.out().resolve("output"));
            case KAFKA -> KafkaPipeline.start(settings.out().resolve("kafka"), this::step);
            case SQL -> SqlPipeline.start(settings.out().resolve("kafka"), this::step);
        };
    }

    private void deployBlue(FlinkBlueGreenDeployment parent)
            throws PhaseFailedException, InterruptedException {
        step("apply " + name + ": job --version " + ParentSpec.arg(parent, "--version"));
        client.resource(parent).create();
        phases.awaitEvents(
                "blue active", settings.deployBound(), events -> state(events, "ACTIVE_BLUE"));
        long blueLines = pipeline.progress("v1").lines();
        phases.awaitOutput(
                "blue writing", "v1", p -> p.lines() >= blueLines + settings.recordsPerPhase());
    }

    private void upgradeToGreen() throws PhaseFailedException, InterruptedException {
        step("upgrade: job --version v2");
        edits.edit(p -> ParentSpec.withArg(p, "--version", "v2"));
        phases.awaitEvents(
                "green active and blue deleted",
                settings.upgradeBound(),
                events -> state(events, "ACTIVE_GREEN") && deleted(events, Color.BLUE));
        if (settings.advanced()) {
            step("the gate's channel, ConfigMap " + gateConfigMap() + ", holds: " + gateCommand());
            awaitKeepWindowClosed();
        }
        awaitGreenPastBlue();
    }

    /**
     * While the keep window is open green holds back the newest records it owns until a barrier
     * puts them below its release bound; a stop-with-savepoint then keeps them in the savepoint
     * (they come out when the job resumes), so the audit of a suspended green would miss them. The
     * controller closes the window once blue no longer runs; the demo waits for the closed window
     * in the ConfigMap, then until every gate subtask of green reports that it holds nothing (each
     * applies the newest command at its next report, within one poll of the channel).
     */
    private void awaitKeepWindowClosed() throws PhaseFailedException, InterruptedException {
        phases.awaitPolled(
                "the keep window closed",
                Duration.ofMillis(250),
                () -> !gateCommand().contains(";keeper="));
        step("the keep window is closed; waiting for green's gates to read it");
        phases.awaitPolled(
                "green's gates holding nothing",
                Duration.ofMillis(250),
                () ->
                        GateHolds.nothingHeld(
                                cluster, name + "-green", dev.bluegreen.core.Color.GREEN));
        step("green's gates hold nothing back");
    }

    /**
     * Green restarted from the savepoint, so it first rewrites what blue wrote after it; lets it
     * run until it wrote records blue never did.
     */
    private void awaitGreenPastBlue() throws PhaseFailedException, InterruptedException {
        long blueLast = pipeline.progress("v1").maxId();
        phases.awaitOutput(
                "green writing past blue's last record",
                "v2",
                p -> p.maxId() >= blueLast + settings.recordsPerPhase());
        step(
                "green wrote "
                        + settings.recordsPerPhase()
                        + " records past blue's last one (id "
                        + blueLast
                        + ")");
    }

    /** A fed input stops first, so the last job can consume all of it before it is suspended. */
    private void finishInput(Color last) throws PhaseFailedException, InterruptedException {
        OptionalLong lastId = pipeline.stopInput();
        if (lastId.isEmpty()) {
            return;
        }
        String label = last.label();
        step(
                "stop the input at id "
                        + lastId.getAsLong()
                        + "; wait until "
                        + label
                        + " has written it");
        phases.awaitOutput(
                label + " caught up with the input",
                last == Color.GREEN ? "v2" : "v1",
                p -> p.maxId() >= lastId.getAsLong());
    }

    /**
     * The rolled-back v2 stays marked failed: the template goes back to what blue runs ({@code
     * back}: v1, {@code without} green's fault) as a team would apply it, suspended in the same
     * change.
     */
    private void suspendBlueAfterRollback(
            String without, UnaryOperator<FlinkBlueGreenDeployment> back)
            throws PhaseFailedException, InterruptedException {
        suspend(
                Color.BLUE,
                "the template back to blue's (--version v1, " + without + ") and ",
                back);
    }

    /** Stop-with-savepoint: the last job's output is then complete, which the audit needs. */
    private void suspend(Color color, String alsoSaid, UnaryOperator<FlinkBlueGreenDeployment> also)
            throws PhaseFailedException, InterruptedException {
        step(
                "suspend: "
                        + alsoSaid
                        + "job.state suspended (stop-with-savepoint), so the output is complete");
        edits.edit(p -> ParentSpec.withJobState(also.apply(p), "suspended"));
        phases.awaitEvents(
                color.label() + " suspended",
                settings.stepBound(),
                events -> state(events, "SUSPENDED_" + color.name()) && suspended(events, color));
    }

    /** Starts Prometheus for an analysis run; null without analysis. */
    private PrometheusServer startPrometheus() {
        if (!settings.analysis()) {
            return null;
        }
        step(
                "start Prometheus, scraping Flink's reporter ports "
                        + AnalysisSpecs.FIRST_PORT
                        + "-"
                        + AnalysisSpecs.LAST_PORT
                        + " every second");
        prometheus = AnalysisRollback.startPrometheus();
        return prometheus;
    }

    private Path work() {
        return settings.out().resolve("work");
    }

    private String gateConfigMap() {
        return ResourceNames.gateConfigMap(name);
    }

    /** The command the controller left for the gates, or "no command". */
    private String gateCommand() {
        var configMap =
                client.configMaps()
                        .inNamespace(EmbeddedCluster.NAMESPACE)
                        .withName(gateConfigMap())
                        .get();
        String command =
                configMap == null || configMap.getData() == null
                        ? null
                        : configMap.getData().get("command");
        return command == null ? "no command" : command;
    }

    private void step(String text) {
        timeline.record(new DemoStep(elapsed.get(), text));
    }

    private static FlinkBlueGreenDeployment load(KubernetesClient client, String resource) {
        try (InputStream yaml = DemoScenario.class.getResourceAsStream(resource)) {
            if (yaml == null) {
                throw new IllegalStateException(resource + " is not on the classpath");
            }
            return client.resources(FlinkBlueGreenDeployment.class).load(yaml).item();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
