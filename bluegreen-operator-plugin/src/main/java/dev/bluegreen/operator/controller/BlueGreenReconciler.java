package dev.bluegreen.operator.controller;

import dev.bluegreen.diff.InvalidSpecException;
import dev.bluegreen.gate.channel.GateControl;
import dev.bluegreen.ingress.IngressApiVersion;
import dev.bluegreen.operator.internal.apply.Applied;
import dev.bluegreen.operator.internal.apply.ChildOwnedByAnotherException;
import dev.bluegreen.operator.internal.apply.GateControls;
import dev.bluegreen.operator.internal.apply.PlanExecutor;
import dev.bluegreen.operator.internal.apply.WriteConflictException;
import dev.bluegreen.operator.internal.config.BlueGreenOptions;
import dev.bluegreen.operator.internal.config.BlueGreenSettings;
import dev.bluegreen.operator.internal.config.ParsedOptions;
import dev.bluegreen.operator.internal.observe.JobManagerReports;
import dev.bluegreen.operator.internal.observe.ReadinessMetrics;
import dev.bluegreen.operator.internal.spec.ChildNaming;
import dev.bluegreen.operator.internal.spec.IngressApi;
import dev.bluegreen.operator.internal.spec.Owners;
import dev.bluegreen.operator.internal.spec.SpecRefs;
import dev.bluegreen.operator.internal.status.StatusInput;
import dev.bluegreen.operator.internal.status.StatusUpdate;
import dev.bluegreen.operator.internal.validate.SpecProblem;
import dev.bluegreen.operator.internal.validate.SpecValidator;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.resource.TransitionMode;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.javaoperatorsdk.operator.api.reconciler.Cleaner;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.DeleteControl;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The FlinkBlueGreenDeployment controller: observe -> validate -> diff -> decide -> apply -> status
 * on every reconcile, and explicit deletion of everything the parent owns on delete.
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
    private final BlueGreenMetrics metrics;
    private final IngressApiVersion ingressVersion;
    private final ParentTriggers triggers; // null: no external triggers
    private final RestEndpoints restEndpoints;
    private final TrafficObjects traffic;
    private final Validators validators = new Validators();
    private final ParentMemory memory;
    private final DeletedChildren deletedChildren;
    private final StatusWrites statusWrites;
    private final RestingParents resting;
    private final JobManagerReports jobManagerReports =
            new JobManagerReports(Duration.ofSeconds(2));
    private final ReadinessMetrics readinessMetrics = new ReadinessMetrics(READINESS_TIMEOUT);
    private final BacklogWindows backlogWindows;

    /**
     * What a reconciler is built from.
     *
     * @param clock the time source of every decision
     * @param registry where the meters go
     * @param ingressVersion the API the parent Ingress is written (and watched) in (see {@link
     *     IngressApi#forServer})
     * @param triggers extra reconcile requests (see {@link ParentTriggers}), or {@code null} for
     *     none
     */
    public record Config(
            Clock clock,
            MeterRegistry registry,
            IngressApiVersion ingressVersion,
            ParentTriggers triggers,
            RestEndpoints restEndpoints) {
        public Config {
            Objects.requireNonNull(clock, "clock == null");
            Objects.requireNonNull(registry, "registry == null");
            Objects.requireNonNull(ingressVersion, "ingressVersion == null");
            Objects.requireNonNull(restEndpoints, "restEndpoints == null");
        }

        /**
         * Time from {@code clock}, meters in Micrometer's global registry, a {@code
         * networking.k8s.io/v1} parent Ingress, no external triggers, children's REST APIs at
         * {@link RestEndpoints#inCluster()}.
         */
        public static Config of(Clock clock) {
            return new Config(
                    clock,
                    Metrics.globalRegistry,
                    IngressApi.DEFAULT,
                    null,
                    RestEndpoints.inCluster());
        }

        /** This configuration with meters in {@code value}. */
        public Config withRegistry(MeterRegistry value) {
            return new Config(clock, value, ingressVersion, triggers, restEndpoints);
        }

        /** This configuration with the parent Ingress in {@code value}. */
        public Config withIngressVersion(IngressApiVersion value) {
            return new Config(clock, registry, value, triggers, restEndpoints);
        }

        /** This configuration that also reconciles a parent whenever {@code value} asks. */
        public Config withTriggers(ParentTriggers value) {
            return new Config(
                    clock,
                    registry,
                    ingressVersion,
                    Objects.requireNonNull(value, "triggers == null"),
                    restEndpoints);
        }

        /** This configuration with the children's REST APIs found by {@code value}. */
        public Config withRestEndpoints(RestEndpoints value) {
            return new Config(clock, registry, ingressVersion, triggers, value);
        }
    }

    /** A reconciler built from {@code config}. */
    public BlueGreenReconciler(Config config) {
        this.clock = config.clock();
        this.memory = ParentMemory.forController(config.registry());
        this.metrics = new BlueGreenMetrics(config.registry(), memory);
        this.deletedChildren = new DeletedChildren(memory);
        this.statusWrites = new StatusWrites(memory);
        this.resting = new RestingParents(memory);
        this.backlogWindows = new BacklogWindows(memory);
        this.ingressVersion = config.ingressVersion();
        this.traffic = new TrafficObjects(config.ingressVersion());
        this.triggers = config.triggers();
        this.restEndpoints = config.restEndpoints();
    }

    /**
     * Informers on the owned children, snapshots and parent Ingress (in the chosen Ingress API; see
     * {@link EventSources}), on the owned parent HTTPRoute when the Gateway API's HTTPRoute CRD is
     * installed (checked here, once), plus the {@link ParentTriggers} given at construction.
     */
    @Override
    public List<EventSource<?, FlinkBlueGreenDeployment>> prepareEventSources(
            EventSourceContext<FlinkBlueGreenDeployment> context) {
        traffic.detect(context.getClient());
        return EventSources.create(context, ingressVersion, traffic.installed(), triggers);
    }

    /**
     * One observe, validate, diff, decide, apply and status round for {@code parent}.
     *
     * @return a requeue at the plan's next deadline (capped while in flight), soon after a lost
     *     optimistic-locking race, or none
     * @throws io.fabric8.kubernetes.client.KubernetesClientException for API errors other than 409
     *     (JOSDK retries)
     */
    @Override
    public UpdateControl<FlinkBlueGreenDeployment> reconcile(
            FlinkBlueGreenDeployment cached, Context<FlinkBlueGreenDeployment> context) {
        FlinkBlueGreenDeployment parent = statusWrites.current(cached, context.getClient());
        if (parent == null) {
            return UpdateControl.noUpdate(); // deleted meanwhile: the cleaner runs next
        }
        var meta = parent.getMetadata();
        metrics.observed(
                meta.getNamespace(),
                meta.getName(),
                parent.getStatus() == null ? null : parent.getStatus().getState());
        Instant now = clock.instant();
        SpecValidator validator = validators.validator(context.getClient(), now);
        Function<String, GenericKubernetesResource> children = name -> child(context, parent, name);
        // begin scale: a parent at rest on unchanged inputs is not decided again (RestingParents)
        if (resting.unchanged(parent, children, traffic.live(context, parent), validator)) {
            return UpdateControl.noUpdate();
        }
        resting.forget(parent);
        var inputs =
                RestingParents.inputs(parent, children, traffic.live(context, parent), validator);
        // end scale
        var executor = new PlanExecutor(context.getClient(), ingressVersion, traffic.installed());
        // the one parse of spec.configuration in this reconcile: validated here, used below
        ParsedOptions options = BlueGreenOptions.read(configuration(parent));
        List<SpecProblem> problems =
                traffic.withProblems(
                        validator.validate(parent, parent.getStatus(), options), parent);
        StatusUpdate held = StatusInputs.held(parent, problems, now);
        if (held != null) {
            return report(parent, held, executor, now, UpdateControl.noUpdate());
        }
        BlueGreenSettings settings = options.settings(); // valid: no problems were reported
        if (ChildNaming.adoptionPending(parent)) {
            return adoptionStep(parent, context, settings, executor, now);
        }
        Decision decision;
        GateControl gate = null;
        try {
            gate = gateControl(parent, settings, context, children);
            decision =
                    Decider.decide(
                            parent,
                            settings,
                            children,
                            name ->
                                    EventSources.cached(
                                                    context, EventSources.SNAPSHOTS, parent, name)
                                            .orElse(null),
                            gate == null ? null : GateReading.read(gate),
                            ReadinessProbe.of(
                                    readinessMetrics,
                                    backlogWindows,
                                    parent,
                                    children,
                                    restEndpoints),
                            now);
        } catch (InvalidSpecException e) {
            var problem = new SpecProblem("spec." + e.path(), e.getMessage());
            return report(
                    parent,
                    StatusInputs.held(parent, List.of(problem), now),
                    executor,
                    now,
                    UpdateControl.noUpdate());
        }
        return carryOut(parent, context, decision, gate, executor, now, inputs);
    }

    /** One step of a pending adoption ({@link Adopter}) instead of a decision of the engine. */
    private UpdateControl<FlinkBlueGreenDeployment> adoptionStep(
            FlinkBlueGreenDeployment parent,
            Context<FlinkBlueGreenDeployment> context,
            BlueGreenSettings settings,
            PlanExecutor executor,
            Instant now) {
        Adopter.Step step;
        try {
            step = Adopter.step(parent, settings, executor, now);
        } catch (WriteConflictException e) {
            return Requeues.in(Requeues.AFTER_CONFLICT);
        }
        if (step.adopted() != null) {
            EventSources.informer(context, EventSources.CHILDREN)
                    .handleRecentResourceCreate(
                            ResourceID.fromResource(step.adopted()), step.adopted());
        }
        return report(
                parent,
                step.status(),
                executor,
                now,
                step.requeue() == null ? UpdateControl.noUpdate() : Requeues.in(step.requeue()));
    }

    private static Map<String, String> configuration(FlinkBlueGreenDeployment parent) {
        return parent.getSpec() == null ? null : parent.getSpec().getConfiguration();
    }

    /** The parent's gate channel in ADVANCED mode, else {@code null}. */
    private GateControl gateControl(
            FlinkBlueGreenDeployment parent,
            BlueGreenSettings settings,
            Context<FlinkBlueGreenDeployment> context,
            Function<String, GenericKubernetesResource> children) {
        if (parent.getSpec().getTransitionMode() != TransitionMode.ADVANCED) {
            return null;
        }
        var meta = parent.getMetadata();
        return new GateControls(context.getClient(), jobManagerReports)
                .open(
                        Owners.of(parent),
                        settings.handover(),
                        GateReading.jobs(
                                ChildNaming.names(parent),
                                meta.getNamespace(),
                                children,
                                restEndpoints));
    }

    private UpdateControl<FlinkBlueGreenDeployment> carryOut(
            FlinkBlueGreenDeployment parent,
            Context<FlinkBlueGreenDeployment> context,
            Decision decision,
            GateControl gate,
            PlanExecutor executor,
            Instant now,
            RestingParents.Inputs inputs) {
        var specs = SpecRefs.of(decision.desired(), decision.stable(), decision.target());
        var blocked = CapacityCheck.blocked(context.getClient(), parent, decision, specs);
        if (blocked != null) {
            return hold(parent, executor, decision, blocked, now);
        }
        try {
            Applied applied =
                    executor.execute(
                            parent,
                            specs,
                            decision.plan().actions(),
                            decision.settings().handover(),
                            traffic.live(context, parent),
                            traffic.intent(parent, decision));
            updateCaches(context, parent, applied);
            if (decision.gateCommand() != null) {
                executor.send(gate, decision.gateCommand());
            }
            boolean wrote =
                    writeStatus(
                            parent,
                            executor,
                            StatusInputs.statusFor(parent, decision, specs, now),
                            now);
            if (wrote) {
                metrics.persisted(
                        parent.getMetadata().getNamespace(),
                        parent.getMetadata().getName(),
                        decision.record(),
                        decision.plan(),
                        now);
            }
            resting.decided(
                    parent, inputs, applied, RestingParents.rests(decision, gate != null, wrote));
        } catch (WriteConflictException e) {
            return Requeues.in(Requeues.AFTER_CONFLICT);
        } catch (ChildOwnedByAnotherException e) {
            var refused =
                    new StatusInput.Blocked(ChildOwnedByAnotherException.REASON, e.getMessage());
            return hold(parent, executor, decision, refused, now);
        }
        return Requeues.after(
                decision.plan(),
                decision.settings().rescheduleInterval(),
                gate != null || ReadinessProbe.polls(decision));
    }

    /** Keeps the persisted record, reports why the plan was not carried out, and retries later. */
    private UpdateControl<FlinkBlueGreenDeployment> hold(
            FlinkBlueGreenDeployment parent,
            PlanExecutor executor,
            Decision decision,
            StatusInput.Blocked blocked,
            Instant now) {
        // quotas are not watched: look again after the reschedule interval
        return report(
                parent,
                StatusInputs.blockedFor(parent, decision, blocked, now),
                executor,
                now,
                Requeues.in(decision.settings().rescheduleInterval()));
    }

    /**
     * Writes a status that carries out nothing (invalid spec, unreadable status, a held plan), then
     * answers {@code next}, or a quick requeue after a lost optimistic-locking race.
     */
    private UpdateControl<FlinkBlueGreenDeployment> report(
            FlinkBlueGreenDeployment parent,
            StatusUpdate update,
            PlanExecutor executor,
            Instant now,
            UpdateControl<FlinkBlueGreenDeployment> next) {
        try {
            writeStatus(parent, executor, update, now);
        } catch (WriteConflictException e) {
            return Requeues.in(Requeues.AFTER_CONFLICT);
        }
        return next;
    }

    private boolean writeStatus(
            FlinkBlueGreenDeployment parent,
            PlanExecutor executor,
            StatusUpdate update,
            Instant now) {
        // events only go out with the status write that records them, so a repeated decision
        // (a retry) does not repeat its events; a decision made on a cached parent older than
        // our last write is prevented by statusWrites
        if (executor.updateStatus(parent, update.status())) {
            statusWrites.wrote(parent);
            executor.events(parent, update.events(), now);
            return true;
        }
        return false;
    }

    private GenericKubernetesResource child(
            Context<FlinkBlueGreenDeployment> context,
            FlinkBlueGreenDeployment parent,
            String name) {
        return deletedChildren
                .visible(
                        parent,
                        name,
                        EventSources.cached(context, EventSources.CHILDREN, parent, name))
                .orElse(null);
    }

    /** Feeds our own writes into the informer caches, so the next decision sees them. */
    private void updateCaches(
            Context<FlinkBlueGreenDeployment> context,
            FlinkBlueGreenDeployment parent,
            Applied applied) {
        var children = EventSources.informer(context, EventSources.CHILDREN);
        for (var child : applied.children()) {
            children.handleRecentResourceCreate(ResourceID.fromResource(child), child);
        }
        var snapshots = EventSources.informer(context, EventSources.SNAPSHOTS);
        for (var snapshot : applied.snapshots()) {
            snapshots.handleRecentResourceCreate(ResourceID.fromResource(snapshot), snapshot);
        }
        traffic.cache(context, applied);
        for (String name : applied.deletedChildren()) {
            EventSources.cached(context, EventSources.CHILDREN, parent, name)
                    .ifPresent(child -> deletedChildren.deleted(parent, child));
        }
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
        memory.forget(parent);
        return DeleteControl.defaultDelete();
    }
}
