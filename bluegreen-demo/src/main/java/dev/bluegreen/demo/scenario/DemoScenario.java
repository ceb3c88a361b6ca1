package dev.bluegreen.demo.scenario;

import dev.bluegreen.demo.cluster.ClusterWatch;
import dev.bluegreen.demo.cluster.EmbeddedCluster;
import dev.bluegreen.demo.summary.AdoptedJob;
import dev.bluegreen.demo.timeline.ChildDeleted;
import dev.bluegreen.demo.timeline.ChildJob;
import dev.bluegreen.demo.timeline.Color;
import dev.bluegreen.demo.timeline.ControllerState;
import dev.bluegreen.demo.timeline.DemoStep;
import dev.bluegreen.demo.timeline.Timeline;
import dev.bluegreen.demo.timeline.TimelineEvent;
import dev.bluegreen.ingress.ResourceNames;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.Resource;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * The demo's scenario: apply the pipeline's resource (job version v1), wait until blue is active
 * and writing (with adopt: run a plain FlinkDeployment first and let the parent adopt it as blue,
 * see {@link AdoptionPhase}), upgrade to v2, follow blue to green until blue is deleted, let green
 * write, stop the input if the demo feeds it (Kafka) and let green catch up, suspend green
 * (stop-with-savepoint, so the output is complete), and audit the output of both jobs. Every wait
 * is bounded; the bound's failure names the phase and the parent's status.
 */
public final class DemoScenario {
    /** The default resource (files), on the classpath. */
    public static final String RESOURCE = PipelineKind.FILES.resource();

    private final DemoSettings settings;
    private final Timeline timeline;
    private final Supplier<Duration> elapsed;
    private KubernetesClient client;
    private Pipeline pipeline;
    private String name;
    private Phases phases;

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
        Path work = settings.out().resolve("work");
        Directories.recreate(work);
        try (Pipeline opened = openPipeline()) {
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
        client = cluster.client();
        var parent = parent();
        name = parent.getMetadata().getName();
        phases = new Phases(client, name, timeline, elapsed, pipeline, settings.stepBound());
        try (var watch =
                ClusterWatch.start(
                        client, EmbeddedCluster.NAMESPACE, name, adopting(), timeline, elapsed)) {
            return play(parent);
        }
    }

    /** The pipeline's parent, prepared for it, in ADVANCED mode when the settings say so. */
    private FlinkBlueGreenDeployment parent() {
        var parent = pipeline.prepare(load(client, settings.pipeline().resource()));
        return settings.advanced() ? ParentSpec.advanced(parent) : parent;
    }

    private DemoRun play(FlinkBlueGreenDeployment parent)
            throws PhaseFailedException, InterruptedException {
        Optional<AdoptedJob> adopted = Optional.empty();
        if (settings.adopt()) {
            adopted = Optional.of(new AdoptionPhase(client, phases, settings).adopt(parent));
        } else {
            deployBlue(parent);
        }
        upgradeToGreen();
        finishInput();
        suspendGreen();
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
        edit(p -> ParentSpec.withArg(p, "--version", "v2"));
        phases.awaitEvents(
                "green active and blue deleted",
                settings.upgradeBound(),
                events -> state(events, "ACTIVE_GREEN") && deleted(events, Color.BLUE));
        if (settings.advanced()) {
            step("the gate's channel, ConfigMap " + gateConfigMap() + ", holds: " + gateCommand());
        }
        awaitGreenPastBlue();
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

    /** A fed input stops first, so green can consume all of it before it is suspended. */
    private void finishInput() throws PhaseFailedException, InterruptedException {
        OptionalLong last = pipeline.stopInput();
        if (last.isEmpty()) {
            return;
        }
        step("stop the input at id " + last.getAsLong() + "; wait until green has written it");
        phases.awaitOutput(
                "green caught up with the input", "v2", p -> p.maxId() >= last.getAsLong());
    }

    /** Stop-with-savepoint: the last job's output is then complete, which the audit needs. */
    private void suspendGreen() throws PhaseFailedException, InterruptedException {
        step("suspend: job.state suspended (stop-with-savepoint), so the output is complete");
        edit(p -> ParentSpec.withJobState(p, "suspended"));
        phases.awaitEvents(
                "green suspended",
                settings.stepBound(),
                events -> state(events, "SUSPENDED_GREEN") && suspended(events, Color.GREEN));
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

    /** GET, change, PUT; retried on a conflict with the controller's writes. */
    private void edit(UnaryOperator<FlinkBlueGreenDeployment> change) {
        var resource =
                client.resources(FlinkBlueGreenDeployment.class)
                        .inNamespace(EmbeddedCluster.NAMESPACE)
                        .withName(name);
        int attempt = 1;
        while (!updated(resource, change, attempt)) {
            attempt++; // a conflict: GET again and retry
        }
    }

    /** Whether the PUT of the changed resource went through; false on a conflict to retry. */
    private boolean updated(
            Resource<FlinkBlueGreenDeployment> resource,
            UnaryOperator<FlinkBlueGreenDeployment> change,
            int attempt) {
        try {
            client.resource(change.apply(resource.get())).update();
            return true;
        } catch (KubernetesClientException e) {
            if (e.getCode() != 409 || attempt == 10) {
                throw e;
            }
            return false;
        }
    }

    static boolean state(List<TimelineEvent> events, String state) {
        return last(events, ControllerState.class).map(s -> s.state().equals(state)).orElse(false);
    }

    static boolean deleted(List<TimelineEvent> events, Color color) {
        return events.stream().anyMatch(e -> e instanceof ChildDeleted d && d.color() == color);
    }

    static boolean suspended(List<TimelineEvent> events, Color color) {
        return events.stream()
                .filter(e -> e instanceof ChildJob c && c.color() == color)
                .reduce((a, b) -> b)
                .map(e -> ((ChildJob) e).lifecycle().equals("SUSPENDED"))
                .orElse(false);
    }

    private static <T> Optional<T> last(List<TimelineEvent> events, Class<T> type) {
        return events.stream().filter(type::isInstance).map(type::cast).reduce((a, b) -> b);
    }
}
