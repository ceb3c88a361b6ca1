package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.operator.internal.analysis.CheckRunner;
import dev.bluegreen.operator.internal.analysis.CheckRunners;
import dev.bluegreen.operator.internal.apply.GateControls;
import dev.bluegreen.operator.internal.apply.PlanExecutor;
import dev.bluegreen.operator.internal.apply.Quotas;
import dev.bluegreen.operator.internal.config.BlueGreenSettings;
import dev.bluegreen.operator.internal.observe.ChildJob;
import dev.bluegreen.operator.internal.observe.JobManagerReports;
import dev.bluegreen.operator.internal.observe.ReadinessMetrics;
import dev.bluegreen.operator.internal.pipeline.decide.Readings;
import dev.bluegreen.operator.internal.spec.Capacity;
import dev.bluegreen.operator.internal.spec.ChildNaming;
import dev.bluegreen.operator.internal.spec.Owners;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;

import java.time.Instant;
import java.util.List;
import java.util.function.Function;

/**
 * The request-costing reads against the cluster (through the reconcile's client) and the children's
 * JobManager REST APIs (at {@code endpoints}). One per reconcile; the REST readers it is given are
 * shared and thread-safe.
 */
public final class LiveReaders implements Readers {
    private final KubernetesClient client;
    private final PlanExecutor executor;
    private final JobEndpoints endpoints;
    private final ReadinessMetrics metrics;
    private final JobManagerReports reports;
    private final CheckRunners checks;

    /**
     * @param executor reads the adoption candidate
     * @param metrics reads the backlog and checkpoints
     * @param reports reads the gate's reports
     * @param checks makes what takes the analysis checks' measurements
     */
    public LiveReaders(
            KubernetesClient client,
            PlanExecutor executor,
            JobEndpoints endpoints,
            ReadinessMetrics metrics,
            JobManagerReports reports,
            CheckRunners checks) {
        this.client = client;
        this.executor = executor;
        this.endpoints = endpoints;
        this.metrics = metrics;
        this.reports = reports;
        this.checks = checks;
    }

    @Override
    public GenericKubernetesResource adoptionCandidate(FlinkBlueGreenDeployment parent) {
        return executor.adoptionCandidate(parent);
    }

    @Override
    public Gate gate(
            FlinkBlueGreenDeployment parent,
            BlueGreenSettings settings,
            Function<String, GenericKubernetesResource> children) {
        var control =
                new GateControls(client, reports)
                        .open(Owners.of(parent), settings.handover(), jobs(parent, children));
        return new Gate(control, GateReading.read(control));
    }

    @Override
    public Readings readiness(
            FlinkBlueGreenDeployment parent,
            Function<String, GenericKubernetesResource> children,
            TransitionRecord record,
            ChildObservation blue,
            ChildObservation green,
            BlueGreenSettings settings,
            BacklogWindow window,
            Instant now) {
        return new ReadinessProbe(metrics, () -> jobs(parent, children), window)
                .read(record, blue, green, settings.readinessChecks(), now);
    }

    @Override
    public Capacity.Headroom quota(String namespace) {
        return Quotas.headroom(client, namespace);
    }

    @Override
    public CheckRunner checks(
            FlinkBlueGreenDeployment parent, Function<String, GenericKubernetesResource> children) {
        var names = ChildNaming.names(parent);
        var jobs = Round.once(() -> jobs(parent, children));
        return checks.open(
                client,
                name ->
                        jobs.get().stream()
                                .filter(job -> names.child(job.color()).equals(name))
                                .findFirst()
                                .orElse(null));
    }

    private List<ChildJob> jobs(
            FlinkBlueGreenDeployment parent, Function<String, GenericKubernetesResource> children) {
        return GateReading.jobs(
                ChildNaming.names(parent),
                parent.getMetadata().getNamespace(),
                children,
                endpoints);
    }
}
