package dev.bluegreen.operator.fake;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Plays the upstream Flink operator on the mock server: polls FlinkDeployments and
 * FlinkStateSnapshots and writes their status one step at a time, as the operator does, with PUT
 * and the resourceVersion on the status subresource.
 *
 * <p>FlinkDeployment: a new generation gets {@code observedGeneration}, lifecycle DEPLOYED and job
 * RECONCILING with a fresh jobId and startTime (or SUSPENDED/SUSPENDED for {@code job.state:
 * suspended}); next step STABLE/RUNNING unless jobs are held ({@link #holdJobs()}); {@link
 * #failJob} makes it FAILED. A spec the upstream operator would reject ({@link FakeValidation}) is
 * rejected as upstream does it: {@code status.error} set, generation not observed. Snapshots:
 * TRIGGER_PENDING, then COMPLETED with path {@code file:///savepoints/<name>} unless held ({@link
 * #holdSnapshots()}) or failing ({@link #failSnapshots()}).
 */
public final class FakeFlinkOperator implements AutoCloseable {
    static final ResourceDefinitionContext DEPLOYMENTS =
            context("FlinkDeployment", "flinkdeployments");
    static final ResourceDefinitionContext SNAPSHOTS =
            context("FlinkStateSnapshot", "flinkstatesnapshots");

    private final KubernetesClient client;
    private final ScheduledExecutorService loop = Executors.newSingleThreadScheduledExecutor();
    private final ScheduledExecutorService stepper = Executors.newScheduledThreadPool(2);
    private final java.util.List<StepOnChange> onChange =
            new java.util.concurrent.CopyOnWriteArrayList<>();
    private final AtomicBoolean jobsStart = new AtomicBoolean(true);
    private final AtomicBoolean snapshotsHeld = new AtomicBoolean();
    private final java.util.concurrent.atomic.AtomicReference<String> snapshotsEnd =
            new java.util.concurrent.atomic.AtomicReference<>();
    private final Set<String> failing = ConcurrentHashMap.newKeySet();
    private final Map<String, String> errors = new ConcurrentHashMap<>();
    private final AtomicInteger runs = new AtomicInteger();
    private final AtomicBoolean sawRunning = new AtomicBoolean();
    private final AtomicBoolean lostRunning = new AtomicBoolean();
    private final java.util.List<String> suspensions =
            new java.util.concurrent.CopyOnWriteArrayList<>();
    private final java.util.List<String> specChanges =
            new java.util.concurrent.CopyOnWriteArrayList<>();
    private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
            new com.fasterxml.jackson.databind.ObjectMapper();

    private FakeFlinkOperator(KubernetesClient client) {
        this.client = client;
    }

    /** Installs minimal FlinkDeployment and FlinkStateSnapshot CRDs and starts polling. */
    public static FakeFlinkOperator start(KubernetesClient client) {
        installCrds(client);
        var fake = new FakeFlinkOperator(client);
        fake.loop.scheduleWithFixedDelay(fake::tick, 0, 50, TimeUnit.MILLISECONDS);
        return fake;
    }

    /**
     * Installs the CRDs like {@link #start} but, instead of LISTing every object every 50 ms, steps
     * each FlinkDeployment and FlinkStateSnapshot {@code stepDelay} after its informer reports a
     * change, as the upstream operator reacts to watch events. Each step writes the status, whose
     * event schedules the next step, until the object rests. For many objects (the scale
     * benchmark): the work follows the changes, not the number of objects. {@link
     * #lostAllRunningJobs()} is not tracked in this mode.
     */
    public static FakeFlinkOperator watching(KubernetesClient client, long stepDelayMillis) {
        installCrds(client);
        var fake = new FakeFlinkOperator(client);
        fake.onChange.add(
                StepOnChange.start(
                        client, DEPLOYMENTS, fake.stepper, fake::stepDeployment, stepDelayMillis));
        fake.onChange.add(
                StepOnChange.start(
                        client, SNAPSHOTS, fake.stepper, fake::stepSnapshot, stepDelayMillis));
        return fake;
    }

    /**
     * Installs minimal FlinkDeployment and FlinkStateSnapshot CRDs (status subresource, any field).
     */
    public static void installCrds(KubernetesClient client) {
        for (var c : new ResourceDefinitionContext[] {DEPLOYMENTS, SNAPSHOTS}) {
            var crds = client.apiextensions().v1().customResourceDefinitions();
            // a test may have installed the real upstream CRD already
            if (crds.withName(c.getPlural() + "." + c.getGroup()).get() == null) {
                crds.resource(crd(c)).create();
            }
        }
    }

    /** Whether, after some job ran, a poll saw no RUNNING job at all (the running job was lost). */
    public boolean lostAllRunningJobs() {
        return lostRunning.get();
    }

    private void watchRunning(java.util.List<GenericKubernetesResource> deployments) {
        boolean running =
                deployments.stream()
                        .anyMatch(
                                d ->
                                        "RUNNING"
                                                .equals(
                                                        map(map(d.getAdditionalProperties()
                                                                                .get("status"))
                                                                        .get("jobStatus"))
                                                                .get("state")));
        if (running) {
            sawRunning.set(true);
        } else if (sawRunning.get()) {
            lostRunning.set(true);
        }
    }

    /**
     * Every suspension this fake carried out, in order, as {@code <child> upgradeMode=<mode>}: the
     * upgrade mode of the spec that asked for it, which decides upstream whether a running job is
     * stopped with a savepoint ({@code savepoint}), cancelled ({@code stateless}) or torn down
     * without a savepoint ({@code last-state}).
     */
    public java.util.List<String> suspensions() {
        return java.util.List.copyOf(suspensions);
    }

    /**
     * How each new generation this fake reconciled was classified, in order, as {@code <child>
     * generation <n>: UPGRADE|SCALE|IGNORE} ({@link UpstreamSpecDiff}; a first or suspending spec
     * counts as UPGRADE).
     */
    public java.util.List<String> specChanges() {
        return java.util.List.copyOf(specChanges);
    }

    /** Jobs stay RECONCILING from now on (green never becomes ready). */
    public void holdJobs() {
        jobsStart.set(false);
    }

    /** Jobs reach RUNNING again. */
    public void startJobs() {
        jobsStart.set(true);
    }

    /** The job of child {@code name} fails (lifecycle FAILED, job FAILED) until cleared. */
    public void failJob(String name) {
        failing.add(name);
    }

    /**
     * The job of child {@code name} fails like {@link #failJob(String)}, once its generation is
     * observed, and {@code status.error} says {@code error} (as the operator writes it: the JSON of
     * its FlinkResourceException, or text).
     */
    public void failJob(String name, String error) {
        errors.put(name, error);
        failing.add(name);
    }

    /** The job of child {@code name} stops failing: the next step restarts it. */
    public void recoverJob(String name) {
        failing.remove(name);
        errors.remove(name);
    }

    /** Snapshots stay TRIGGER_PENDING. */
    public void holdSnapshots() {
        snapshotsHeld.set(true);
    }

    /** Snapshots end FAILED. */
    public void failSnapshots() {
        endSnapshots("FAILED");
    }

    /** Snapshots end in {@code state} (FAILED or ABANDONED) with an error message. */
    public void endSnapshots(String state) {
        snapshotsEnd.set(state);
    }

    /** Snapshots complete again. */
    public void completeSnapshots() {
        snapshotsHeld.set(false);
        snapshotsEnd.set(null);
    }

    /** The FlinkDeployment {@code name} in {@code namespace}, or null. */
    public GenericKubernetesResource deployment(String namespace, String name) {
        return client.genericKubernetesResources(DEPLOYMENTS)
                .inNamespace(namespace)
                .withName(name)
                .get();
    }

    /** The FlinkStateSnapshot {@code name} in {@code namespace}, or null. */
    public GenericKubernetesResource snapshot(String namespace, String name) {
        return client.genericKubernetesResources(SNAPSHOTS)
                .inNamespace(namespace)
                .withName(name)
                .get();
    }

    private void tick() {
        try {
            var deployments =
                    client.genericKubernetesResources(DEPLOYMENTS)
                            .inAnyNamespace()
                            .list()
                            .getItems();
            watchRunning(deployments);
            deployments.forEach(this::stepDeployment);
            client.genericKubernetesResources(SNAPSHOTS)
                    .inAnyNamespace()
                    .list()
                    .getItems()
                    .forEach(this::stepSnapshot);
        } catch (KubernetesClientException e) {
            // a concurrent write (409) or a deleted object: the next tick reads fresh state
        }
    }

    @SuppressWarnings("unchecked")
    private void stepDeployment(GenericKubernetesResource fd) {
        Map<String, Object> spec = map(fd.getAdditionalProperties().get("spec"));
        Map<String, Object> status = map(fd.getAdditionalProperties().get("status"));
        Map<String, Object> job = map(status.get("jobStatus"));
        boolean suspended = "suspended".equals(map(spec.get("job")).get("state"));
        long generation =
                fd.getMetadata().getGeneration() == null ? 1 : fd.getMetadata().getGeneration();
        Object observed = status.get("observedGeneration");
        String name = fd.getMetadata().getName();
        String invalid = FakeValidation.problem(spec);
        if (invalid != null) {
            reject(fd, status, job, invalid);
        } else if (failing.contains(name)) {
            if (!"FAILED".equals(job.get("state"))) {
                if (errors.containsKey(name)) {
                    status.put("observedGeneration", generation);
                    status.put("error", errors.get(name));
                }
                status.put("lifecycleState", "FAILED");
                job.put("state", "FAILED");
                writeStatus(fd, status, job);
            }
        } else if ("FAILED".equals(job.get("state"))) {
            // the operator restarts a job that is no longer failing: a new run
            status.remove("error");
            status.put("lifecycleState", "DEPLOYED");
            job.put("state", "RECONCILING");
            job.put("jobId", String.format("%032x", runs.incrementAndGet()));
            job.put("startTime", String.valueOf(System.currentTimeMillis()));
            writeStatus(fd, status, job);
        } else if (observed == null || ((Number) observed).longValue() != generation) {
            reconcileGeneration(fd, spec, status, job, generation);
        } else if (!suspended && jobsStart.get() && "RECONCILING".equals(job.get("state"))) {
            status.put("lifecycleState", "STABLE");
            job.put("state", "RUNNING");
            writeStatus(fd, status, job);
        }
    }

    /**
     * A new generation, as upstream reconciles it against the spec it last reconciled ({@link
     * UpstreamSpecDiff}): a running job whose spec changed only in what upstream ignores or scales
     * runs on (same job id and start time); any other change redeploys it (a fresh job id), a
     * suspended spec suspends it.
     */
    private void reconcileGeneration(
            GenericKubernetesResource fd,
            Map<String, Object> spec,
            Map<String, Object> status,
            Map<String, Object> job,
            long generation) {
        String name = fd.getMetadata().getName();
        boolean suspended = "suspended".equals(map(spec.get("job")).get("state"));
        Map<String, Object> last = lastReconciledSpec(status);
        var change =
                last == null || suspended
                        ? UpstreamSpecDiff.Type.UPGRADE
                        : UpstreamSpecDiff.classify(last, spec);
        specChanges.add(name + " generation " + generation + ": " + change);
        status.put("observedGeneration", generation);
        status.remove("error");
        status.put(
                "reconciliationStatus",
                Map.of("lastReconciledSpec", JSON.valueToTree(Map.of("spec", spec)).toString()));
        if (change != UpstreamSpecDiff.Type.UPGRADE && "RUNNING".equals(job.get("state"))) {
            writeStatus(fd, status, job);
            return;
        }
        if (suspended && "RUNNING".equals(job.get("state"))) {
            suspensions.add(name + " upgradeMode=" + map(spec.get("job")).get("upgradeMode"));
        }
        status.put("lifecycleState", suspended ? "SUSPENDED" : "DEPLOYED");
        job.put("state", suspended ? "SUSPENDED" : "RECONCILING");
        if (!suspended) {
            job.put("jobId", String.format("%032x", runs.incrementAndGet()));
            job.put("startTime", String.valueOf(System.currentTimeMillis()));
        }
        writeStatus(fd, status, job);
    }

    /** The spec recorded at the last reconciliation, as upstream keeps it, or null. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> lastReconciledSpec(Map<String, Object> status) {
        Object recorded = map(status.get("reconciliationStatus")).get("lastReconciledSpec");
        if (!(recorded instanceof String json)) {
            return null;
        }
        try {
            return map(JSON.readValue(json, Map.class).get("spec"));
        } catch (java.io.IOException e) {
            return null;
        }
    }

    /**
     * As the operator on a validation error: the error written, the generation not observed,
     * lifecycle FAILED before the first deployment; a deployed job keeps running its last spec.
     */
    private void reject(
            GenericKubernetesResource fd,
            Map<String, Object> status,
            Map<String, Object> job,
            String problem) {
        String error = FakeValidation.error(problem);
        if (error.equals(status.get("error"))) {
            return;
        }
        status.put("error", error);
        if (job.get("jobId") == null) {
            status.put("lifecycleState", "FAILED");
        }
        writeStatus(fd, status, job);
    }

    private void stepSnapshot(GenericKubernetesResource snapshot) {
        Map<String, Object> status = map(snapshot.getAdditionalProperties().get("status"));
        Object state = status.get("state");
        if (state == null) {
            status.put("state", "TRIGGER_PENDING");
        } else if ("TRIGGER_PENDING".equals(state) && snapshotsEnd.get() != null) {
            status.put("state", snapshotsEnd.get());
            status.put("error", "savepoint " + snapshotsEnd.get().toLowerCase() + " (fake)");
        } else if ("TRIGGER_PENDING".equals(state) && !snapshotsHeld.get()) {
            status.put("state", "COMPLETED");
            status.put("path", "file:///savepoints/" + snapshot.getMetadata().getName());
        } else {
            return;
        }
        snapshot.setAdditionalProperty("status", status);
        client.genericKubernetesResources(SNAPSHOTS)
                .inNamespace(snapshot.getMetadata().getNamespace())
                .resource(snapshot)
                .lockResourceVersion()
                .updateStatus();
    }

    private void writeStatus(
            GenericKubernetesResource fd, Map<String, Object> status, Map<String, Object> job) {
        status.put("jobStatus", job);
        fd.setAdditionalProperty("status", status);
        client.genericKubernetesResources(DEPLOYMENTS)
                .inNamespace(fd.getMetadata().getNamespace())
                .resource(fd)
                .lockResourceVersion()
                .updateStatus();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value) {
        return value instanceof Map<?, ?> m
                ? new java.util.LinkedHashMap<>((Map<String, Object>) m)
                : new java.util.LinkedHashMap<>();
    }

    private static ResourceDefinitionContext context(String kind, String plural) {
        return new ResourceDefinitionContext.Builder()
                .withGroup("flink.apache.org")
                .withVersion("v1beta1")
                .withKind(kind)
                .withPlural(plural)
                .withNamespaced(true)
                .build();
    }

    private static CustomResourceDefinition crd(ResourceDefinitionContext c) {
        return new CustomResourceDefinitionBuilder()
                .withNewMetadata()
                .withName(c.getPlural() + "." + c.getGroup())
                .endMetadata()
                .withNewSpec()
                .withGroup(c.getGroup())
                .withScope("Namespaced")
                .withNewNames()
                .withKind(c.getKind())
                .withPlural(c.getPlural())
                .endNames()
                .addNewVersion()
                .withName(c.getVersion())
                .withServed(true)
                .withStorage(true)
                .withNewSubresources()
                .withNewStatus()
                .endStatus()
                .endSubresources()
                .withNewSchema()
                .withNewOpenAPIV3Schema()
                .withType("object")
                .withXKubernetesPreserveUnknownFields(true)
                .endOpenAPIV3Schema()
                .endSchema()
                .endVersion()
                .endSpec()
                .build();
    }

    @Override
    public void close() {
        loop.shutdownNow();
        stepper.shutdownNow();
        onChange.forEach(StepOnChange::close);
    }
}
