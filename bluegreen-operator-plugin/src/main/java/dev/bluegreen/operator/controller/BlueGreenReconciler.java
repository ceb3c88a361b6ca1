package dev.bluegreen.operator.controller;

import dev.bluegreen.core.Plan;
import dev.bluegreen.diff.InvalidSpecException;
import dev.bluegreen.gate.channel.GateControl;
import dev.bluegreen.ingress.IngressApiVersion;
import dev.bluegreen.operator.apply.Applied;
import dev.bluegreen.operator.apply.ChildOwnedByAnotherException;
import dev.bluegreen.operator.apply.GateControls;
import dev.bluegreen.operator.apply.PlanExecutor;
import dev.bluegreen.operator.apply.WriteConflictException;
import dev.bluegreen.operator.config.BlueGreenOptions;
import dev.bluegreen.operator.config.InvalidOptionException;
import dev.bluegreen.operator.observe.JobManagerReports;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.resource.TransitionMode;
import dev.bluegreen.operator.spec.IngressApi;
import dev.bluegreen.operator.spec.Owners;
import dev.bluegreen.operator.spec.SpecRefs;
import dev.bluegreen.operator.status.StatusInput;
import dev.bluegreen.operator.status.StatusMapper;
import dev.bluegreen.operator.status.StatusUpdate;
import dev.bluegreen.operator.validate.SpecProblem;

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
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
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

    private final Clock clock;
    private final BlueGreenMetrics metrics;
    private final IngressApiVersion ingressVersion;
    private final ParentTriggers triggers; // null: no external triggers
    private final Validators validators = new Validators();
    private final Set<String> deletedUids = ConcurrentHashMap.newKeySet();
    private final StatusWrites statusWrites = new StatusWrites();
    private final JobManagerReports jobManagerReports =
            new JobManagerReports(Duration.ofSeconds(2));

    /**
     * A reconciler reading time from {@code clock}, with meters in Micrometer's global registry.
     */
    public BlueGreenReconciler(Clock clock) {
        this(clock, Metrics.globalRegistry);
    }

    /**
     * A reconciler reading time from {@code clock} and recording meters in {@code registry}, with a
     * {@code networking.k8s.io/v1} parent Ingress.
     */
    public BlueGreenReconciler(Clock clock, MeterRegistry registry) {
        this(clock, registry, IngressApi.DEFAULT);
    }

    /**
     * A reconciler reading time from {@code clock}, recording meters in {@code registry} and
     * writing (and watching) the parent Ingress in {@code ingressVersion} (see {@link
     * IngressApi#forServer}).
     */
    public BlueGreenReconciler(
            Clock clock, MeterRegistry registry, IngressApiVersion ingressVersion) {
        this(clock, registry, ingressVersion, null);
    }

    /**
     * A reconciler like {@link #BlueGreenReconciler(Clock, MeterRegistry, IngressApiVersion)} that
     * also reconciles a parent whenever {@code triggers} asks (see {@link ParentTriggers}).
     */
    public BlueGreenReconciler(
            Clock clock,
            MeterRegistry registry,
            IngressApiVersion ingressVersion,
            ParentTriggers triggers) {
        this.clock = Objects.requireNonNull(clock, "clock == null");
        this.metrics = new BlueGreenMetrics(registry);
        this.ingressVersion = Objects.requireNonNull(ingressVersion, "ingressVersion == null");
        this.triggers = triggers;
    }

    /**
     * Informers on the owned children, snapshots and parent Ingress (in the chosen Ingress API; see
     * {@link EventSources}), plus the {@link ParentTriggers} given at construction.
     */
    @Override
    public List<EventSource<?, FlinkBlueGreenDeployment>> prepareEventSources(
            EventSourceContext<FlinkBlueGreenDeployment> context) {
        return EventSources.create(context, ingressVersion, triggers);
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
        Instant now = clock.instant();
        var executor = new PlanExecutor(context.getClient(), ingressVersion);
        List<SpecProblem> problems =
                validators.validator(context.getClient(), now).validate(parent, parent.getStatus());
        StatusUpdate held = StatusInputs.held(parent, problems, now);
        if (held != null) {
            return report(parent, held, executor, now);
        }
        Decision decision;
        GateControl gate = null;
        try {
            Function<String, GenericKubernetesResource> children =
                    name -> child(context, parent, name);
            gate = gateControl(parent, context, children);
            decision =
                    Decider.decide(
                            parent,
                            children,
                            name ->
                                    EventSources.cached(
                                                    context, EventSources.SNAPSHOTS, parent, name)
                                            .orElse(null),
                            gate == null ? null : GateReading.read(gate),
                            now);
        } catch (InvalidSpecException e) {
            return invalid(
                    parent,
                    List.of(new SpecProblem("spec." + e.path(), e.getMessage())),
                    executor,
                    now);
        } catch (InvalidOptionException e) {
            return invalid(
                    parent, List.of(new SpecProblem(e.field(), e.getMessage())), executor, now);
        }
        return carryOut(parent, context, decision, gate, executor, now);
    }

    /** The parent's gate channel in ADVANCED mode, else {@code null}. */
    private GateControl gateControl(
            FlinkBlueGreenDeployment parent,
            Context<FlinkBlueGreenDeployment> context,
            Function<String, GenericKubernetesResource> children) {
        if (parent.getSpec().getTransitionMode() != TransitionMode.ADVANCED) {
            return null;
        }
        var meta = parent.getMetadata();
        return new GateControls(context.getClient(), jobManagerReports)
                .open(
                        Owners.of(parent),
                        BlueGreenOptions.parse(parent.getSpec().getConfiguration()).handover(),
                        GateReading.jobs(meta.getName(), meta.getNamespace(), children));
    }

    private UpdateControl<FlinkBlueGreenDeployment> carryOut(
            FlinkBlueGreenDeployment parent,
            Context<FlinkBlueGreenDeployment> context,
            Decision decision,
            GateControl gate,
            PlanExecutor executor,
            Instant now) {
        var specs = SpecRefs.of(decision.desired(), decision.stable(), decision.target());
        var blocked = CapacityCheck.blocked(context.getClient(), parent, decision, specs);
        if (blocked != null) {
            return hold(parent, executor, decision, blocked, now);
        }
        try {
            Applied applied = executor.execute(parent, specs, decision.plan().actions());
            updateCaches(context, parent, applied);
            if (decision.gateCommand() != null) {
                executor.send(gate, decision.gateCommand());
            }
            if (writeStatus(
                    parent, executor, StatusInputs.statusFor(parent, decision, specs, now), now)) {
                metrics.persisted(decision.record(), decision.plan(), now);
            }
        } catch (WriteConflictException e) {
            return Requeues.in(Requeues.AFTER_CONFLICT);
        } catch (ChildOwnedByAnotherException e) {
            var refused =
                    new StatusInput.Blocked(ChildOwnedByAnotherException.REASON, e.getMessage());
            return hold(parent, executor, decision, refused, now);
        }
        return Requeues.after(
                decision.plan(), decision.settings().rescheduleInterval(), gate != null);
    }

    /** Keeps the persisted record, reports why the plan was not carried out, and retries later. */
    private UpdateControl<FlinkBlueGreenDeployment> hold(
            FlinkBlueGreenDeployment parent,
            PlanExecutor executor,
            Decision decision,
            StatusInput.Blocked blocked,
            Instant now) {
        var plan = decision.plan();
        var held =
                new Plan(
                        decision.record(),
                        List.of(),
                        plan.requeueAfter(),
                        plan.reason(),
                        plan.message());
        var input =
                StatusInputs.baseInput(parent, now)
                        .plan(held)
                        .blue(decision.observation().blue())
                        .green(decision.observation().green())
                        .childErrors(decision.childErrors())
                        .blocked(blocked)
                        .build();
        try {
            writeStatus(parent, executor, StatusMapper.map(input), now);
        } catch (WriteConflictException e) {
            return Requeues.in(Requeues.AFTER_CONFLICT);
        }
        // quotas are not watched: look again after the reschedule interval
        return Requeues.in(decision.settings().rescheduleInterval());
    }

    private UpdateControl<FlinkBlueGreenDeployment> invalid(
            FlinkBlueGreenDeployment parent,
            List<SpecProblem> problems,
            PlanExecutor executor,
            Instant now) {
        return report(parent, StatusInputs.held(parent, problems, now), executor, now);
    }

    /** Writes a status that changes nothing else (invalid spec, unreadable status); no requeue. */
    private UpdateControl<FlinkBlueGreenDeployment> report(
            FlinkBlueGreenDeployment parent,
            StatusUpdate update,
            PlanExecutor executor,
            Instant now) {
        try {
            writeStatus(parent, executor, update, now);
        } catch (WriteConflictException e) {
            return Requeues.in(Requeues.AFTER_CONFLICT);
        }
        return UpdateControl.noUpdate();
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
        return EventSources.cached(context, EventSources.CHILDREN, parent, name)
                .filter(c -> !deletedUids.contains(c.getMetadata().getUid()))
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
        for (String name : applied.deletedChildren()) {
            EventSources.cached(context, EventSources.CHILDREN, parent, name)
                    .ifPresent(c -> deletedUids.add(c.getMetadata().getUid()));
        }
    }

    /** Deletes both children, the parent's snapshots and the parent Ingress, then the finalizer. */
    @Override
    public DeleteControl cleanup(
            FlinkBlueGreenDeployment parent, Context<FlinkBlueGreenDeployment> context) {
        new PlanExecutor(context.getClient(), ingressVersion).deleteOwned(parent);
        new GateControls(context.getClient(), jobManagerReports).forget(Owners.of(parent));
        statusWrites.forget(parent);
        return DeleteControl.defaultDelete();
    }
}
