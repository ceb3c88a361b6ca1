package dev.bluegreen.operator.controller;

import dev.bluegreen.ingress.IngressApiVersion;
import dev.bluegreen.operator.internal.analysis.CheckRunners;
import dev.bluegreen.operator.internal.apply.PlanExecutor;
import dev.bluegreen.operator.internal.config.ExtensionOptions;
import dev.bluegreen.operator.internal.dashboard.DashboardData;
import dev.bluegreen.operator.internal.extension.ExtensionCalls;
import dev.bluegreen.operator.internal.extension.ExtensionResolver;
import dev.bluegreen.operator.internal.observe.JobManagerReports;
import dev.bluegreen.operator.internal.observe.ReadinessMetrics;
import dev.bluegreen.operator.internal.pipeline.Act;
import dev.bluegreen.operator.internal.pipeline.Analyze;
import dev.bluegreen.operator.internal.pipeline.DecideStage;
import dev.bluegreen.operator.internal.pipeline.LiveReaders;
import dev.bluegreen.operator.internal.pipeline.Observe;
import dev.bluegreen.operator.internal.pipeline.Observed;
import dev.bluegreen.operator.internal.pipeline.Outcome;
import dev.bluegreen.operator.internal.pipeline.Report;
import dev.bluegreen.operator.internal.pipeline.Requeues;
import dev.bluegreen.operator.internal.pipeline.Resolve;
import dev.bluegreen.operator.internal.pipeline.Round;
import dev.bluegreen.operator.internal.pipeline.Validate;
import dev.bluegreen.operator.internal.spec.IngressApi;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.api.reconciler.Cleaner;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.DeleteControl;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;

import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The FlinkBlueGreenDeployment controller: the pipeline observe -> validate -> decide -> act ->
 * report on every reconcile (the stages are in {@code internal.pipeline}), and explicit deletion of
 * everything the parent owns on delete.
 *
 * <p>Reconciles are triggered by the parent (spec, annotations and status: event processing is not
 * generation-aware, so command annotations are seen), by its children, snapshots and ingress, and
 * by the plan's requeue time. An invalid spec sets the InvalidSpec condition, emits a Warning event
 * and touches nothing else, with no requeue; so does a status the controller cannot act on (see
 * {@code UnreadableStatus}), which is kept as it is. A child of the parent's name that is not ours
 * alone holds the plan the same way a missing quota does (Progressing=False, {@code
 * ChildOwnedByAnother}, a Warning event once). Time comes from the injected {@link Clock}.
 * Thread-safe: JOSDK never reconciles one parent concurrently.
 */
@ControllerConfiguration(name = BlueGreenReconciler.NAME, generationAwareEventProcessing = false)
public final class BlueGreenReconciler
        implements Reconciler<FlinkBlueGreenDeployment>, Cleaner<FlinkBlueGreenDeployment> {
    /** The controller name. */
    public static final String NAME = "flinkbluegreendeployment";

    /** The timeout of each readiness REST request (connect and answer). */
    static final Duration READINESS_TIMEOUT = Duration.ofSeconds(2);

    private final Clock clock;
    private final IngressApiVersion ingressVersion;
    private final ParentTriggers triggers; // null: no external triggers
    private final RestEndpoints restEndpoints;
    private final TrafficObjects traffic;
    private final Validators validators = new Validators();
    private final Memories memories;
    private final JobManagerReports jobManagerReports =
            new JobManagerReports(Duration.ofSeconds(2));
    private final ReadinessMetrics readinessMetrics = new ReadinessMetrics(READINESS_TIMEOUT);
    private final ExtensionResolver extensions;
    private final CheckRunners checks;
    private final DashboardData dashboard; // null: no dashboard

    /**
     * What a reconciler is built from.
     *
     * @param clock the time source of every decision
     * @param registry where the meters go
     * @param ingressVersion the API the parent Ingress is written (and watched) in (see {@link
     *     IngressApi#forServer})
     * @param triggers extra reconcile requests (see {@link ParentTriggers}), or {@code null} for
     *     none
     * @param restEndpoints where the children's JobManager REST APIs are
     * @param extensions the extensions resources may pick by name (docs/testing-policies.md)
     * @param checks makes what takes the analysis checks' measurements (docs/analysis.md), or
     *     {@code null} for the live providers (Prometheus, web, flink, and the extensions' metric
     *     providers)
     * @param dashboard what the dashboard reads (the reconciler attaches its caches and records its
     *     status writes), or {@code null} for no dashboard
     */
    public record Config(
            Clock clock,
            MeterRegistry registry,
            IngressApiVersion ingressVersion,
            ParentTriggers triggers,
            RestEndpoints restEndpoints,
            Extensions extensions,
            CheckRunners checks,
            DashboardData dashboard) {
        public Config {
            Objects.requireNonNull(clock, "clock == null");
            Objects.requireNonNull(registry, "registry == null");
            Objects.requireNonNull(ingressVersion, "ingressVersion == null");
            Objects.requireNonNull(restEndpoints, "restEndpoints == null");
            Objects.requireNonNull(extensions, "extensions == null");
        }

        /**
         * Time from {@code clock}, meters in Micrometer's global registry, a {@code
         * networking.k8s.io/v1} parent Ingress, no external triggers, children's REST APIs at
         * {@link RestEndpoints#inCluster()}, no extensions ({@link Extensions#none()}), the live
         * analysis providers.
         */
        public static Config of(Clock clock) {
            return new Config(
                    clock,
                    Metrics.globalRegistry,
                    IngressApi.DEFAULT,
                    null,
                    RestEndpoints.inCluster(),
                    Extensions.none(),
                    null,
                    null);
        }

        /** This configuration with meters in {@code value}. */
        public Config withRegistry(MeterRegistry value) {
            return new Config(
                    clock,
                    value,
                    ingressVersion,
                    triggers,
                    restEndpoints,
                    extensions,
                    checks,
                    dashboard);
        }

        /** This configuration with the parent Ingress in {@code value}. */
        public Config withIngressVersion(IngressApiVersion value) {
            return new Config(
                    clock, registry, value, triggers, restEndpoints, extensions, checks, dashboard);
        }

        /** This configuration that also reconciles a parent whenever {@code value} asks. */
        public Config withTriggers(ParentTriggers value) {
            return new Config(
                    clock,
                    registry,
                    ingressVersion,
                    Objects.requireNonNull(value, "triggers == null"),
                    restEndpoints,
                    extensions,
                    checks,
                    dashboard);
        }

        /** This configuration with the children's REST APIs found by {@code value}. */
        public Config withRestEndpoints(RestEndpoints value) {
            return new Config(
                    clock,
                    registry,
                    ingressVersion,
                    triggers,
                    value,
                    extensions,
                    checks,
                    dashboard);
        }

        /** This configuration with the analysis measurements taken by {@code value}. */
        public Config withChecks(CheckRunners value) {
            return new Config(
                    clock,
                    registry,
                    ingressVersion,
                    triggers,
                    restEndpoints,
                    extensions,
                    Objects.requireNonNull(value, "checks == null"),
                    dashboard);
        }

        /** This configuration feeding and attaching {@code value}, what the dashboard reads. */
        public Config withDashboard(DashboardData value) {
            return new Config(
                    clock,
                    registry,
                    ingressVersion,
                    triggers,
                    restEndpoints,
                    extensions,
                    checks,
                    Objects.requireNonNull(value, "dashboard == null"));
        }

        /** This configuration offering {@code value} to its resources. */
        public Config withExtensions(Extensions value) {
            return new Config(
                    clock,
                    registry,
                    ingressVersion,
                    triggers,
                    restEndpoints,
                    value,
                    checks,
                    dashboard);
        }
    }

    /** A reconciler built from {@code config}. */
    public BlueGreenReconciler(Config config) {
        this.clock = config.clock();
        this.ingressVersion = config.ingressVersion();
        this.triggers = config.triggers();
        this.restEndpoints = config.restEndpoints();
        this.traffic = new TrafficObjects(config.ingressVersion());
        this.dashboard = config.dashboard();
        this.memories =
                memories(
                        ParentMemory.forController(config.registry()),
                        config.registry(),
                        config.dashboard());
        var calls = new ExtensionCalls(ExtensionOptions.CALL_BOUND);
        this.checks =
                config.checks() != null
                        ? config.checks()
                        : CheckRunners.live(
                                config.extensions().metricProviders(),
                                calls,
                                HttpClient.newBuilder().connectTimeout(READINESS_TIMEOUT).build());
        this.extensions =
                new ExtensionResolver(
                        config.extensions()::find, config.extensions().names(), calls);
    }

    /**
     * What the reconciler keeps about its parents between reconciles: one {@link ParentMemory}
     * entry per parent, and the views of it the stages use.
     */
    record Memories(
            ParentMemory memory,
            StatusWrites statusWrites,
            RestingParents resting,
            DeletedChildren deletedChildren,
            BacklogWindows backlogWindows,
            BlueGreenMetrics metrics,
            AnalysisMetrics analysisMetrics,
            DashboardData dashboard) {}

    private static Memories memories(
            ParentMemory memory, MeterRegistry registry, DashboardData dashboard) {
        return new Memories(
                memory,
                new StatusWrites(memory),
                new RestingParents(memory),
                new DeletedChildren(memory),
                new BacklogWindows(memory),
                new BlueGreenMetrics(registry, memory),
                new AnalysisMetrics(registry),
                dashboard);
    }

    /**
     * Informers on the owned children, snapshots and parent Ingress (in the chosen Ingress API; see
     * {@link EventSources}), on the owned parent HTTPRoute when the Gateway API's HTTPRoute CRD is
     * installed (checked here, once), plus the {@link ParentTriggers} given at construction. The
     * dashboard, if any, is attached to the parent cache and the children informer.
     */
    @Override
    public List<EventSource<?, FlinkBlueGreenDeployment>> prepareEventSources(
            EventSourceContext<FlinkBlueGreenDeployment> context) {
        traffic.detect(context.getClient());
        var sources = EventSources.create(context, ingressVersion, traffic.installed(), triggers);
        if (dashboard != null) {
            var parents = context.getPrimaryCache();
            dashboard.attach(() -> parents.list().toList(), EventSources.childLookup(sources));
        }
        return sources;
    }

    /**
     * One round of the pipeline for {@code parent}: observe, validate, resolve the extension it
     * names, take the due analysis measurements, decide, act, report (see docs/controller.md).
     *
     * @return a requeue at the plan's next deadline (capped while in flight), soon after a lost
     *     optimistic-locking race, or none
     * @throws io.fabric8.kubernetes.client.KubernetesClientException for API errors other than 409
     *     (JOSDK retries)
     */
    @Override
    public UpdateControl<FlinkBlueGreenDeployment> reconcile(
            FlinkBlueGreenDeployment cached, Context<FlinkBlueGreenDeployment> context) {
        Round round = round(cached, context);
        Observed observed = Observe.observe(cached, round);
        Outcome validated = Validate.validate(observed, round);
        Outcome resolved = Resolve.resolve(validated, round, extensions);
        Outcome analysed = Analyze.analyze(resolved, round);
        Outcome decided = DecideStage.decide(analysed, round);
        Outcome acted = Act.act(decided, round);
        return Report.report(acted, round);
    }

    /** What one reconcile runs with, its time read once from the clock. */
    private Round round(
            FlinkBlueGreenDeployment cached, Context<FlinkBlueGreenDeployment> context) {
        Instant now = clock.instant();
        var client = context.getClient();
        Supplier<PlanExecutor> executor =
                Round.once(() -> new PlanExecutor(client, ingressVersion, traffic.installed()));
        return new Round(
                new InformerSources(context, cached, memories.deletedChildren(), traffic),
                new PipelineMemory(memories, client),
                executor,
                validators.validator(client, now),
                Round.once(() -> readers(client, executor.get())),
                now);
    }

    /** The reads that cost a request, through {@code client} and the children's REST APIs. */
    private LiveReaders readers(KubernetesClient client, PlanExecutor executor) {
        return new LiveReaders(
                client,
                executor,
                restEndpoints::resolve,
                readinessMetrics,
                jobManagerReports,
                (forClient, jobs) ->
                        memories.analysisMetrics().metered(checks.open(forClient, jobs)));
    }

    /**
     * Deletes both children, the parent's snapshots, the parent Ingress and HTTPRoute, then the
     * finalizer. With {@code bluegreen.dev/on-delete: keep-active} the active child is released
     * instead of deleted ({@link OnDelete}); with an unknown value nothing is deleted, a Warning
     * event says why, and the finalizer stays until the value is fixed.
     */
    @Override
    public DeleteControl cleanup(
            FlinkBlueGreenDeployment parent, Context<FlinkBlueGreenDeployment> context) {
        var executor = new PlanExecutor(context.getClient(), ingressVersion, traffic.installed());
        if (!ParentDeletion.run(parent, executor, clock.instant())) {
            return DeleteControl.noFinalizerRemoval().rescheduleAfter(Requeues.DELETE_RETRY);
        }
        memories.memory().forget(parent);
        if (dashboard != null) {
            dashboard.forget(parent);
        }
        return DeleteControl.defaultDelete();
    }
}
