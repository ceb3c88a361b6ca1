package dev.bluegreen.standin;

import dev.bluegreen.standin.flink.JobLaunch;
import dev.bluegreen.standin.flink.JobObservation;
import dev.bluegreen.standin.flink.LocalJob;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;

import java.nio.file.Path;
import java.util.Set;
import java.util.UUID;

/**
 * Plays the upstream operator for one FlinkDeployment: acts on spec changes (deploy, upgrade per
 * upgradeMode, suspend, resume), observes the job and writes the status. Used by one worker thread
 * only, except {@link #interrupt()}.
 */
final class DeploymentReconciler {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> TERMINAL = Set.of("FAILED", "FINISHED", "CANCELED");

    /** The exception type upstream names in status.error for a rejected spec. */
    static final String VALIDATION_EXCEPTION =
            "org.apache.flink.kubernetes.operator.exception.ValidationException";

    private final StandInContext ctx;
    private final String namespace;
    private final String name;
    private final String uid;
    private final StatusModel status = new StatusModel();
    private final StatusPublisher publisher;
    private final StartDelay startDelay = new StartDelay();
    private LocalJob job;
    private JsonNode reconciledSpec;
    private String handled;
    private String latestState;
    private String lastCheckpointSeen;
    private FaultSettings annotationFaults = FaultSettings.NONE;
    private boolean invalid;
    private final TaskManagerKill kill = new TaskManagerKill();

    DeploymentReconciler(StandInContext ctx, String namespace, String name, String uid) {
        this.ctx = ctx;
        this.namespace = namespace;
        this.name = name;
        this.uid = uid;
        this.publisher = new StatusPublisher(ctx.writer(), namespace, name, uid);
    }

    /** One pass: act on a new generation or fault annotations, observe the job, write status. */
    void reconcile(GenericKubernetesResource fd) throws Exception {
        publisher.observed(fd);
        String key = fd.getMetadata().getGeneration() + "|" + fd.getMetadata().getAnnotations();
        if (!key.equals(handled)) {
            handled = key;
            try {
                act(fd);
            } catch (Exception e) {
                // upstream retries a failed reconciliation; so do we, on the next pass
                handled = null;
                status.error = StatusModel.errorJson(e.getClass().getName(), e.getMessage());
            }
        }
        observe();
        flush();
    }

    /** The job if it is RUNNING (snapshots can be taken), else {@code null}. */
    LocalJob runningJob() {
        return "RUNNING".equals(status.jobState) ? job : null;
    }

    /** The faults in effect now: the annotations' and those set through {@link Faults}. */
    FaultSettings faults() {
        return annotationFaults.orElse(ctx.faults().of(namespace, name));
    }

    /** Where savepoints of this deployment go. */
    Path savepointDir() {
        return ctx.dir("savepoints", namespace, name);
    }

    /** Wakes a worker waiting for a start delay: the stand-in closes. Thread-safe. */
    void interrupt() {
        startDelay.close();
    }

    /**
     * Wakes a worker waiting for the start delay of another generation: the newer spec is acted on
     * at once (e.g. a controller suspending a green that does not start). Thread-safe.
     */
    void offered(Long generation) {
        startDelay.offered(generation);
    }

    /** Cancels the job and shuts its MiniCluster down. */
    void stop() {
        closeJob();
    }

    private void act(GenericKubernetesResource fd) throws Exception {
        JsonNode spec = JSON.valueToTree(fd.getAdditionalProperties().get("spec"));
        Target target = validated(fd, spec);
        if (target == null || spec.equals(reconciledSpec)) {
            return;
        }
        moveTo(target);
        reconciledSpec = spec;
    }

    /**
     * The target {@code spec} describes, or {@code null} when it is invalid: then the error is
     * reported like upstream's validation does, the last good spec kept and the generation left.
     */
    private Target validated(GenericKubernetesResource fd, JsonNode spec) throws Exception {
        Target target;
        try {
            target = parse(fd, spec);
        } catch (SpecException e) {
            status.error = StatusModel.errorJson(VALIDATION_EXCEPTION, e.getMessage());
            invalid = true;
            return null;
        }
        if (invalid) {
            status.error = null;
            invalid = false;
        }
        return target;
    }

    private Target parse(GenericKubernetesResource fd, JsonNode spec) throws Exception {
        DeploymentRules.firstProblem(new ValidationInput(name, spec, reconciledSpec))
                .ifPresent(
                        problem -> {
                            throw new SpecException(problem);
                        });
        DeploymentSpec parsed = DeploymentSpec.parse(spec);
        Path jar = ctx.uris().map(parsed.jarUri());
        annotationFaults = FaultAnnotations.parse(fd.getMetadata().getAnnotations());
        long generation =
                fd.getMetadata().getGeneration() == null ? 1 : fd.getMetadata().getGeneration();
        return new Target(spec, parsed, jar, generation, fd.getApiVersion());
    }

    /** Deploys, upgrades or suspends the job to match {@code target}, as upstream would. */
    private void moveTo(Target target) throws Exception {
        DeploymentSpec parsed = target.parsed();
        if (!status.deployedBefore()) {
            deployOrSuspend(target, parsed.initialSavepointPath());
        } else if (jobActive()) {
            deployOrSuspend(target, stopJob(parsed));
        } else if (parsed.running()) {
            deploy(target, parsed.stateful() ? latestState : null);
        } else {
            closeJob();
            recordSuspended(target);
        }
    }

    private void deployOrSuspend(Target target, String restoreFrom) throws Exception {
        if (target.parsed().running()) {
            deploy(target, restoreFrom);
        } else {
            recordSuspended(target);
        }
    }

    private record Target(
            JsonNode spec, DeploymentSpec parsed, Path jar, long generation, String apiVersion) {}

    private boolean jobActive() {
        return job != null && status.jobState != null && !TERMINAL.contains(status.jobState);
    }

    /** Stop-with-savepoint (stateful modes) or cancel (stateless); the cluster goes away. */
    private String stopJob(DeploymentSpec parsed) throws Exception {
        String savepoint = null;
        if (parsed.stateful()) {
            savepoint = job.stopWithSavepoint(savepointDir().toUri().toString());
            status.upgradeSavepoint(savepoint, ctx.nowMillis());
            latestState = savepoint;
        }
        closeJob();
        status.jobState = "FINISHED";
        status.updateTime = Long.toString(ctx.nowMillis());
        return savepoint;
    }

    private void recordSuspended(Target target) {
        status.jobManagerStatus = "MISSING";
        if (status.jobState != null && !"FINISHED".equals(status.jobState)) {
            // upstream's cancel ends with FINISHED whatever the job was doing
            status.jobState = "FINISHED";
            status.updateTime = Long.toString(ctx.nowMillis());
        }
        status.reconcile(
                target.spec(),
                target.apiVersion(),
                target.generation(),
                false,
                "DEPLOYED",
                ctx.nowMillis());
    }

    private void deploy(Target target, String restoreFrom) throws Exception {
        closeJob();
        recordDeploying(target);
        latestState = restoreFrom;
        if (!startDelay.await(faults().startDelay(), target.generation())) {
            return; // closing, or a newer spec: the next pass decides from the recorded status
        }
        start(target, restoreFrom);
    }

    /** Writes the two statuses upstream writes before it deploys: UPGRADING, then DEPLOYED. */
    private void recordDeploying(Target target) {
        status.jobId = UUID.randomUUID().toString().replace("-", "");
        long now = ctx.nowMillis();
        // upstream records the target spec as UPGRADING (job suspended) before it deploys
        status.reconcile(
                target.spec(), target.apiVersion(), target.generation(), false, "UPGRADING", now);
        flush();
        status.reconcile(
                target.spec(), target.apiVersion(), target.generation(), true, "DEPLOYED", now);
        status.jobState = "RECONCILING";
        status.jobManagerStatus = "DEPLOYING";
        flush();
    }

    /** Starts the job's MiniCluster; a failure to start is recorded as upstream would. */
    private void start(Target target, String restoreFrom) {
        try {
            job = LocalJob.start(launch(target, restoreFrom));
            ctx.restAddresses().started(namespace, name, job.restAddress());
            status.jobManagerStatus = "READY";
        } catch (Exception e) {
            status.jobState = "FAILED";
            status.jobManagerStatus = "ERROR";
            status.error =
                    StatusModel.errorJson(e.getClass().getName(), StatusModel.rootMessage(e));
        }
    }

    private JobLaunch launch(Target target, String restoreFrom) {
        DeploymentSpec parsed = target.parsed();
        return new JobLaunch(
                target.jar(),
                parsed.entryClass(),
                parsed.args(),
                parsed.parallelism(),
                LaunchConfiguration.forDeployment(
                        name,
                        ctx.settings().defaultFlinkConfiguration(),
                        parsed.flinkConfiguration(),
                        ctx.dir("checkpoints", namespace, name),
                        savepointDir(),
                        faults()),
                restoreFrom,
                parsed.allowNonRestoredState(),
                status.jobId);
    }

    private void observe() {
        if (job == null) {
            return;
        }
        JobObservation seen;
        try {
            seen = job.observe();
        } catch (Exception e) {
            return; // not answering right now: observe again on the next pass
        }
        status.observed(seen, ctx.nowMillis());
        checkpointSeen(seen);
        status.markStableIfRunning();
        kill.check(job, status.jobState, faults());
    }

    /** A new completed checkpoint becomes the state to restore from and the status's last one. */
    private void checkpointSeen(JobObservation seen) {
        if (seen.lastCheckpointPath() != null
                && !seen.lastCheckpointPath().equals(lastCheckpointSeen)) {
            lastCheckpointSeen = seen.lastCheckpointPath();
            latestState = seen.lastCheckpointPath();
            status.periodicCheckpoint(seen.lastCheckpointMillis());
        }
    }

    private void flush() {
        publisher.publish(status.toMap());
    }

    private void closeJob() {
        if (job != null) {
            ctx.restAddresses().stopped(namespace, name, job.restAddress());
            job.close();
            job = null;
        }
    }
}
