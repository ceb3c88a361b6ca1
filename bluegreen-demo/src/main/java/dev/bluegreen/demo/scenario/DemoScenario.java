package dev.bluegreen.demo.scenario;

import dev.bluegreen.demo.cluster.ClusterWatch;
import dev.bluegreen.demo.cluster.EmbeddedCluster;
import dev.bluegreen.demo.cluster.ParentReport;
import dev.bluegreen.demo.summary.AuditCounts;
import dev.bluegreen.demo.summary.VersionOutput;
import dev.bluegreen.demo.timeline.ChildDeleted;
import dev.bluegreen.demo.timeline.ChildJob;
import dev.bluegreen.demo.timeline.Color;
import dev.bluegreen.demo.timeline.ControllerState;
import dev.bluegreen.demo.timeline.DemoStep;
import dev.bluegreen.demo.timeline.Timeline;
import dev.bluegreen.demo.timeline.TimelineEvent;
import dev.bluegreen.example.OutputAudit;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * The demo's scenario: apply {@code demo/orders.yaml} (job version v1), wait until blue is active
 * and writing, upgrade to v2, follow blue to green until blue is deleted, let green write, suspend
 * it (stop-with-savepoint, so the output is complete), and audit the output of both jobs. Every
 * wait is bounded; the bound's failure names the phase and the parent's status.
 */
public final class DemoScenario {
    /** The demo's resource, on the classpath. */
    public static final String RESOURCE = "/demo/orders.yaml";

    private static final Duration OUTPUT_POLL = Duration.ofMillis(250);

    private final Settings settings;
    private final Timeline timeline;
    private final Supplier<Duration> elapsed;
    private KubernetesClient client;
    private String name;

    /**
     * Where the demo works and how long its phases may take.
     *
     * @param out working directory: {@code output/} (the jobs' files) and {@code work/} (the
     *     stand-in's checkpoints and savepoints) are emptied and created under it
     * @param usrlib the directory holding {@code bluegreen-example-job.jar}
     * @param deployBound blue deployed and active
     * @param upgradeBound from the upgrade until green is active and blue deleted
     * @param stepBound any other phase (writing, suspending)
     * @param recordsPerPhase output lines each version must write before the demo moves on
     * @param advanced ADVANCED mode (the gate hands the output over) instead of BASIC
     */
    public record Settings(
            Path out,
            Path usrlib,
            Duration deployBound,
            Duration upgradeBound,
            Duration stepBound,
            long recordsPerPhase,
            boolean advanced) {
        /**
         * The defaults: BASIC, 90 s to deploy, 120 s to upgrade, 60 s per other phase, 600 records.
         */
        public static Settings defaults(Path out, Path usrlib) {
            return new Settings(
                    out,
                    usrlib,
                    Duration.ofSeconds(90),
                    Duration.ofSeconds(120),
                    Duration.ofSeconds(60),
                    600,
                    false);
        }

        /** These settings in {@code mode}, {@code BASIC} or {@code ADVANCED}. */
        public Settings inMode(String mode) {
            return new Settings(
                    out,
                    usrlib,
                    deployBound,
                    upgradeBound,
                    stepBound,
                    recordsPerPhase,
                    mode.equals("ADVANCED"));
        }

        /** These settings with {@code records} per phase (a shorter run, e.g. in tests). */
        public Settings withRecordsPerPhase(long records) {
            return new Settings(
                    out, usrlib, deployBound, upgradeBound, stepBound, records, advanced);
        }
    }

    /**
     * @param settings directories and bounds
     * @param timeline where the watchers and the scenario record what happens
     * @param elapsed time since the demo started
     */
    public DemoScenario(Settings settings, Timeline timeline, Supplier<Duration> elapsed) {
        this.settings = settings;
        this.timeline = timeline;
        this.elapsed = elapsed;
    }

    /**
     * Runs the scenario, once per instance (not thread-safe).
     *
     * @throws PhaseFailedException when a phase does not complete within its bound
     * @throws InterruptedException when interrupted while waiting
     */
    public DemoRun run() throws PhaseFailedException, InterruptedException {
        Path output = settings.out().resolve("output");
        Path work = settings.out().resolve("work");
        Directories.recreate(output, work);
        step("start the embedded Kubernetes API, the Flink stand-in and the controller");
        try (var cluster = EmbeddedCluster.start(work, settings.usrlib())) {
            client = cluster.client();
            var parent = ParentSpec.withArg(load(client), "--output", output.toString());
            if (settings.advanced()) {
                parent = ParentSpec.advanced(parent);
            }
            name = parent.getMetadata().getName();
            try (var watch =
                    ClusterWatch.start(
                            client, EmbeddedCluster.NAMESPACE, name, timeline, elapsed)) {
                deployBlue(parent, output);
                upgradeToGreen(output);
                suspendGreen();
                Duration end = elapsed.get();
                step("audit the output of both jobs");
                return new DemoRun(timeline.events(), end, audit(output), output);
            }
        }
    }

    private void deployBlue(FlinkBlueGreenDeployment parent, Path output)
            throws PhaseFailedException, InterruptedException {
        step("apply " + name + ": job --version " + ParentSpec.arg(parent, "--version"));
        client.resource(parent).create();
        awaitEvents("blue active", settings.deployBound(), events -> state(events, "ACTIVE_BLUE"));
        long blueLines = OutputProgress.of(output, "v1").lines();
        awaitOutput(
                "blue writing",
                output,
                "v1",
                p -> p.lines() >= blueLines + settings.recordsPerPhase());
    }

    private void upgradeToGreen(Path output) throws PhaseFailedException, InterruptedException {
        step("upgrade: job --version v2");
        edit(p -> ParentSpec.withArg(p, "--version", "v2"));
        awaitEvents(
                "green active and blue deleted",
                settings.upgradeBound(),
                events -> state(events, "ACTIVE_GREEN") && deleted(events, Color.BLUE));
        // green restarted from the savepoint, so it first rewrites what blue wrote after it; let it
        // run until it wrote records blue never did
        long blueLast = OutputProgress.of(output, "v1").maxId();
        awaitOutput(
                "green writing past blue's last record",
                output,
                "v2",
                p -> p.maxId() >= blueLast + settings.recordsPerPhase());
        step(
                "green wrote "
                        + settings.recordsPerPhase()
                        + " records past blue's last one (id "
                        + blueLast
                        + ")");
    }

    /** Stop-with-savepoint: the last job's output is then complete, which the audit needs. */
    private void suspendGreen() throws PhaseFailedException, InterruptedException {
        step("suspend: job.state suspended (stop-with-savepoint), so the output is complete");
        edit(p -> ParentSpec.withJobState(p, "suspended"));
        awaitEvents(
                "green suspended",
                settings.stepBound(),
                events -> state(events, "SUSPENDED_GREEN") && suspended(events, Color.GREEN));
    }

    private void step(String text) {
        timeline.record(new DemoStep(elapsed.get(), text));
    }

    private static FlinkBlueGreenDeployment load(KubernetesClient client) {
        try (InputStream yaml = DemoScenario.class.getResourceAsStream(RESOURCE)) {
            if (yaml == null) {
                throw new IllegalStateException(RESOURCE + " is not on the classpath");
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
        for (int attempt = 1; ; attempt++) {
            try {
                client.resource(change.apply(resource.get())).update();
                return;
            } catch (KubernetesClientException e) {
                if (e.getCode() != 409 || attempt == 10) {
                    throw e;
                }
            }
        }
    }

    private void awaitEvents(String phase, Duration bound, Predicate<List<TimelineEvent>> done)
            throws PhaseFailedException, InterruptedException {
        Optional<Boolean> found =
                timeline.await(
                        events -> done.test(events) ? Optional.of(true) : Optional.empty(), bound);
        if (found.isEmpty()) {
            throw failed(phase, bound);
        }
    }

    /** Waits until the output of {@code version} satisfies {@code done} (files, so polled). */
    private void awaitOutput(
            String phase, Path output, String version, Predicate<OutputProgress> done)
            throws PhaseFailedException, InterruptedException {
        long deadline = System.nanoTime() + settings.stepBound().toNanos();
        while (!done.test(OutputProgress.of(output, version))) {
            if (System.nanoTime() > deadline) {
                throw failed(phase, settings.stepBound());
            }
            TimeUnit.MILLISECONDS.sleep(OUTPUT_POLL.toMillis());
        }
    }

    private PhaseFailedException failed(String phase, Duration bound) {
        var parent =
                client.resources(FlinkBlueGreenDeployment.class)
                        .inNamespace(EmbeddedCluster.NAMESPACE)
                        .withName(name)
                        .get();
        return new PhaseFailedException(phase, bound, ParentReport.describe(parent));
    }

    private static AuditCounts audit(Path output) {
        OutputAudit.Audit audit = OutputAudit.audit(output);
        List<VersionOutput> versions =
                audit.outByVersion().keySet().stream()
                        .sorted()
                        .map(
                                v -> {
                                    OutputProgress p = OutputProgress.of(output, v);
                                    return new VersionOutput(v, p.lines(), p.minId(), p.maxId());
                                })
                        .toList();
        return new AuditCounts(
                audit.expected(),
                audit.recordsOut(),
                audit.distinct(),
                audit.duplicates(),
                audit.lost(),
                versions);
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
