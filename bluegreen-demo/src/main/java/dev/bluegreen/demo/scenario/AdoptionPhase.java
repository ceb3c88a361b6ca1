package dev.bluegreen.demo.scenario;

import dev.bluegreen.demo.cluster.EmbeddedCluster;
import dev.bluegreen.demo.cluster.FlinkDeployments;
import dev.bluegreen.demo.summary.AdoptedJob;
import dev.bluegreen.demo.timeline.ChildAdopted;
import dev.bluegreen.demo.timeline.ChildJob;
import dev.bluegreen.demo.timeline.TimelineEvent;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.NonNamespaceOperation;
import io.fabric8.kubernetes.client.dsl.Resource;

import java.util.List;
import java.util.Locale;

/**
 * The start of the adopt scenario: what a team that already runs a FlinkDeployment does to move it
 * under blue/green. A plain FlinkDeployment {@code <parent>-live} runs the parent's job (v1) on its
 * own until it writes; the demo reads its spec from the API (as {@code kubectl get -o json} would),
 * applies the parent with that spec as its template and {@code spec.adoptDeployment}, and waits
 * until the parent is {@code ACTIVE_BLUE} with the deployment as its active child. The job must
 * keep its id and the deployment its generation (the controller writes metadata only), else the
 * phase fails. Used by one thread.
 */
final class AdoptionPhase {
    private static final String PHASE = "adopted as blue without a restart";

    private final KubernetesClient client;
    private final Phases phases;
    private final DemoSettings settings;

    AdoptionPhase(KubernetesClient client, Phases phases, DemoSettings settings) {
        this.client = client;
        this.phases = phases;
        this.settings = settings;
    }

    /** The name of the plain deployment the parent {@code parent} adopts, {@code <parent>-live}. */
    static String liveName(String parent) {
        return parent + "-live";
    }

    /**
     * Runs the plain deployment, lets {@code parent} adopt it, and lets it write on as blue.
     *
     * @param parent the parent as the demo would apply it; its template is the plain job's spec
     * @return the adopted job's ids before and after
     * @throws PhaseFailedException when a wait runs out or the adoption restarted the job
     */
    AdoptedJob adopt(FlinkBlueGreenDeployment parent)
            throws PhaseFailedException, InterruptedException {
        String name = parent.getMetadata().getName();
        String live = liveName(name);
        GenericKubernetesResource before = runPlain(live, parent);
        applyAdopting(parent, live, before);
        phases.awaitEvents(
                live + " adopted as blue",
                settings.deployBound(),
                events -> TimelineQueries.state(events, "ACTIVE_BLUE") && adopted(events, live));
        awaitWritingOn();
        return checked(live, before);
    }

    /** Applies the parent with the running deployment's spec as its template, adopting it. */
    private void applyAdopting(
            FlinkBlueGreenDeployment parent, String live, GenericKubernetesResource before) {
        phases.step(
                String.format(
                        "read %s's spec from the API (kubectl get flinkdeployment %s -o json | jq"
                                + " .spec) into the template; apply %s with spec.adoptDeployment:"
                                + " %s",
                        live, live, parent.getMetadata().getName(), live));
        client.resource(ParentSpec.adopting(parent, live, FlinkDeployments.spec(before))).create();
    }

    private void awaitWritingOn() throws PhaseFailedException, InterruptedException {
        long lines = phases.progress("v1").lines();
        phases.awaitOutput("the adopted job writing on", "v1", p -> p.lines() >= lines + minimum());
    }

    private GenericKubernetesResource runPlain(String live, FlinkBlueGreenDeployment parent)
            throws PhaseFailedException, InterruptedException {
        phases.step(
                "apply "
                        + live
                        + ": a plain FlinkDeployment (no owner, no blue/green labels), job --version "
                        + ParentSpec.arg(parent, "--version"));
        var plain =
                FlinkDeployments.plain(
                        EmbeddedCluster.NAMESPACE, live, parent.getSpec().getTemplate().getSpec());
        deployments().resource(plain).create();
        phases.awaitEvents(
                live + " running on its own",
                settings.deployBound(),
                events -> running(events, live));
        phases.awaitOutput(live + " writing", "v1", p -> p.lines() >= minimum());
        return deployments().withName(live).get();
    }

    /** The ids after the adoption; the phase fails when the job or the spec changed. */
    private AdoptedJob checked(String live, GenericKubernetesResource before)
            throws PhaseFailedException {
        String active = phases.parentNow().getStatus().getActiveChild();
        if (!live.equals(active)) {
            throw new PhaseFailedException(
                    PHASE, "status.activeChild is " + active + ", expected " + live);
        }
        AdoptedJob job = untouched(compared(live, before, deployments().withName(live).get()));
        phases.step(
                String.format(
                        Locale.ROOT,
                        "%s is blue: job id %s and generation %d unchanged",
                        live,
                        job.jobIdAfter(),
                        job.generationAfter()));
        return job;
    }

    /** {@code job}; the phase fails when its job id or generation changed. */
    private static AdoptedJob untouched(AdoptedJob job) throws PhaseFailedException {
        if (!job.untouched()) {
            throw new PhaseFailedException(
                    PHASE,
                    String.format(
                            Locale.ROOT,
                            "job id %s before, %s after; generation %d before, %d after",
                            job.jobIdBefore(),
                            job.jobIdAfter(),
                            job.generationBefore(),
                            job.generationAfter()));
        }
        return job;
    }

    /** Job id and generation of {@code before} and {@code after} (null: deleted). */
    private static AdoptedJob compared(
            String live, GenericKubernetesResource before, GenericKubernetesResource after) {
        return new AdoptedJob(
                live,
                FlinkDeployments.jobId(before),
                after == null ? "" : FlinkDeployments.jobId(after),
                FlinkDeployments.generation(before),
                after == null ? -1 : FlinkDeployments.generation(after));
    }

    private long minimum() {
        return settings.recordsPerPhase();
    }

    private NonNamespaceOperation<
                    GenericKubernetesResource,
                    GenericKubernetesResourceList,
                    Resource<GenericKubernetesResource>>
            deployments() {
        return client.genericKubernetesResources(FlinkDeployments.CONTEXT)
                .inNamespace(EmbeddedCluster.NAMESPACE);
    }

    private static boolean running(List<TimelineEvent> events, String name) {
        return events.stream()
                .anyMatch(e -> e instanceof ChildJob c && c.name().equals(name) && c.running());
    }

    private static boolean adopted(List<TimelineEvent> events, String name) {
        return events.stream().anyMatch(e -> e instanceof ChildAdopted a && a.name().equals(name));
    }
}
