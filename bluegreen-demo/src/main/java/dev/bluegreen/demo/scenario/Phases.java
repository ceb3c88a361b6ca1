package dev.bluegreen.demo.scenario;

import dev.bluegreen.demo.cluster.EmbeddedCluster;
import dev.bluegreen.demo.cluster.ParentReport;
import dev.bluegreen.demo.timeline.DemoStep;
import dev.bluegreen.demo.timeline.Timeline;
import dev.bluegreen.demo.timeline.TimelineEvent;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.client.KubernetesClient;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The bounded waits of the scenario's phases and their failure, which names the phase and the
 * parent's status; and the demo's own steps on the timeline. Used by one thread.
 */
final class Phases {
    private static final Duration OUTPUT_POLL = Duration.ofMillis(250);

    private final KubernetesClient client;
    private final String parent;
    private final Timeline timeline;
    private final Supplier<Duration> elapsed;
    private final Pipeline pipeline;
    private final Duration stepBound;

    /**
     * @param client the demo's client
     * @param parent the parent's name, for the failure message
     * @param timeline what the watchers record, and where steps go
     * @param elapsed time since the demo started
     * @param pipeline where the jobs write
     * @param stepBound the bound of output waits
     */
    Phases(
            KubernetesClient client,
            String parent,
            Timeline timeline,
            Supplier<Duration> elapsed,
            Pipeline pipeline,
            Duration stepBound) {
        this.client = client;
        this.parent = parent;
        this.timeline = timeline;
        this.elapsed = elapsed;
        this.pipeline = pipeline;
        this.stepBound = stepBound;
    }

    /** Records an action of the demo. */
    void step(String text) {
        timeline.record(new DemoStep(elapsed.get(), text));
    }

    /** Waits until the timeline's events satisfy {@code done} (woken by each new event). */
    void awaitEvents(String phase, Duration bound, Predicate<List<TimelineEvent>> done)
            throws PhaseFailedException, InterruptedException {
        Optional<Boolean> found =
                timeline.await(
                        events -> done.test(events) ? Optional.of(true) : Optional.empty(), bound);
        if (found.isEmpty()) {
            throw failed(phase, bound);
        }
    }

    /** Waits until the output of {@code version} satisfies {@code done} (files, topics: polled). */
    void awaitOutput(String phase, String version, Predicate<OutputProgress> done)
            throws PhaseFailedException, InterruptedException {
        awaitPolled(phase, OUTPUT_POLL, () -> done.test(pipeline.progress(version)));
    }

    /**
     * Waits until {@code done} holds, asking it every {@code poll}, for at most the step bound
     * (what no event wakes: files, topics, the gate's ConfigMap).
     */
    void awaitPolled(String phase, Duration poll, BooleanSupplier done)
            throws PhaseFailedException, InterruptedException {
        long deadline = System.nanoTime() + stepBound.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw failed(phase, stepBound);
            }
            TimeUnit.MILLISECONDS.sleep(poll.toMillis());
        }
    }

    /** Time since the demo started. */
    Duration elapsed() {
        return elapsed.get();
    }

    /** The parent's name. */
    String parentName() {
        return parent;
    }

    /** How far {@code version} has written so far. */
    OutputProgress progress(String version) {
        return pipeline.progress(version);
    }

    /** The failure of {@code phase} after {@code bound}, with the parent's status. */
    PhaseFailedException failed(String phase, Duration bound) {
        return new PhaseFailedException(phase, bound, ParentReport.describe(parentNow()));
    }

    /** The parent as the API has it now, or null. */
    FlinkBlueGreenDeployment parentNow() {
        return client.resources(FlinkBlueGreenDeployment.class)
                .inNamespace(EmbeddedCluster.NAMESPACE)
                .withName(parent)
                .get();
    }
}
