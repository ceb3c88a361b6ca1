package dev.bluegreen.operator.controller;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.HealthFacts;
import dev.bluegreen.core.Observation;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.operator.internal.config.ReadinessChecks;
import dev.bluegreen.operator.internal.observe.ChildJob;
import dev.bluegreen.operator.internal.observe.ReadinessMetrics;
import dev.bluegreen.operator.internal.observe.SourceBacklog;
import dev.bluegreen.operator.internal.spec.ChildNaming;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;

import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Adds the facts the readiness checks need (source backlog, completed checkpoints) to an
 * observation, read from the children's JobManager REST APIs, and only while a transition waits for
 * readiness: the persisted state is {@code TRANSITIONING_TO_X}, X is stable and running, and a
 * check that needs them is on ({@link ReadinessChecks}). Any other reconcile makes no REST call.
 * The backlog of both children is read (the serving child's is the reference), the checkpoint count
 * of X only. A fact that cannot be read stays unknown, with the reason in {@link
 * HealthFacts#unknownBecause()}. One instance per reconcile; not thread-safe.
 */
final class ReadinessProbe {
    /** A probe that reads nothing (tests, or no REST API known). */
    static final ReadinessProbe NONE = new ReadinessProbe(null, List::of, null, "");

    private final ReadinessMetrics metrics;
    private final Supplier<List<ChildJob>> jobs;
    private final BacklogWindows windows;
    private final String parent;

    /**
     * @param metrics the REST reader
     * @param jobs the children that run a job, with their REST API and job id (asked only when
     *     something is read)
     * @param windows the incoming job's backlog readings over the window, or {@code null} to use
     *     each reading as it is
     * @param parent the parent's key in {@code windows}
     */
    ReadinessProbe(
            ReadinessMetrics metrics,
            Supplier<List<ChildJob>> jobs,
            BacklogWindows windows,
            String parent) {
        this.metrics = metrics;
        this.jobs = jobs;
        this.windows = windows;
        this.parent = parent;
    }

    /** A probe of the children of {@code parent}, at the REST APIs {@code endpoints} name. */
    static ReadinessProbe of(
            ReadinessMetrics metrics,
            BacklogWindows windows,
            FlinkBlueGreenDeployment parent,
            Function<String, GenericKubernetesResource> children,
            RestEndpoints endpoints) {
        var meta = parent.getMetadata();
        return new ReadinessProbe(
                metrics,
                () ->
                        GateReading.jobs(
                                ChildNaming.names(parent),
                                meta.getNamespace(),
                                children,
                                endpoints),
                windows,
                key(parent));
    }

    /** The key of {@code parent} in the backlog windows. */
    static String key(FlinkBlueGreenDeployment parent) {
        return ParentMemory.key(parent);
    }

    /** {@code observation}, with readiness facts when the transition waits for readiness. */
    Observation observe(TransitionRecord record, Observation observation, ReadinessChecks checks) {
        Optional<Color> incoming = waitingForReadiness(record, observation, checks);
        if (incoming.isEmpty() || metrics == null) {
            return observation;
        }
        Color x = incoming.get();
        Color y = x.opposite();
        List<ChildJob> running = jobs.get();
        ChildObservation in =
                withFacts(observation.child(x), job(running, x), checks, observation.now());
        ChildObservation serving =
                checks.backlog()
                        ? withFacts(
                                observation.child(y),
                                job(running, y),
                                new ReadinessChecks(true, false),
                                null)
                        : observation.child(y);
        ChildObservation blue = x == Color.BLUE ? in : serving;
        ChildObservation green = x == Color.GREEN ? in : serving;
        return new Observation(
                observation.desired(),
                blue,
                green,
                observation.snapshot(),
                observation.commands(),
                observation.now(),
                observation.gate());
    }

    /**
     * Whether the next reconcile should come soon: the plan waits for readiness facts that change
     * without an event (backlog, checkpoints).
     */
    static boolean polls(Decision decision) {
        return decision.settings().readinessChecks().any()
                && decision.plan().reason() == Reason.WAITING_FOR_READINESS;
    }

    /** The incoming colour when the engine will judge its readiness in this reconcile. */
    static Optional<Color> waitingForReadiness(
            TransitionRecord record, Observation observation, ReadinessChecks checks) {
        BlueGreenState state = record.state();
        if (!checks.any() || state.role() != BlueGreenState.Role.TRANSITIONING) {
            return Optional.empty();
        }
        Color x = state.namedColor();
        return observation.child(x).stableAndRunning() ? Optional.of(x) : Optional.empty();
    }

    private static ChildJob job(List<ChildJob> running, Color color) {
        return running.stream().filter(j -> j.color() == color).findFirst().orElse(null);
    }

    /** The child with the facts {@code checks} need; {@code now} only for the incoming child. */
    private ChildObservation withFacts(
            ChildObservation child, ChildJob job, ReadinessChecks checks, Instant now) {
        if (!child.present() || job == null) {
            return child;
        }
        String because = null;
        long checkpoints = child.health().completedCheckpoints();
        if (checks.checkpoints()) {
            try {
                checkpoints = metrics.completedCheckpoints(job);
            } catch (UncheckedIOException e) {
                because = "checkpoints unknown: " + e.getMessage();
            }
        }
        Long backlog = child.health().lagRecords();
        if (checks.backlog()) {
            SourceBacklog read = backlog(job);
            if (now != null && windows != null) {
                read = windows.add(parent, job.jobId(), now, read, checks.backlogWindow());
            }
            backlog = read.records();
            because = read.known() ? because : join(because, read.detail());
        }
        return with(child, child.health().withReadiness(checkpoints, backlog, because));
    }

    private SourceBacklog backlog(ChildJob job) {
        try {
            return metrics.backlog(job);
        } catch (UncheckedIOException e) {
            return SourceBacklog.unknown("REST API not readable: " + e.getMessage());
        }
    }

    private static String join(String first, String second) {
        return first == null ? second : first + "; " + second;
    }

    private static ChildObservation with(ChildObservation c, HealthFacts health) {
        return new ChildObservation(
                c.exists(),
                c.terminating(),
                c.specRef(),
                c.generation(),
                c.observedGeneration(),
                c.suspendedBySpec(),
                c.lifecycle(),
                c.jobState(),
                c.jobId(),
                c.jobStartTime(),
                health);
    }
}
