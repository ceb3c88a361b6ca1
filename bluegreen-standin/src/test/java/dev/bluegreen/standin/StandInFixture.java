package dev.bluegreen.standin;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Predicate;

import static org.awaitility.Awaitility.await;

/**
 * Test helpers around a stand-in on a mock API server: FlinkDeployments of the example job, status
 * reads, and a watch that records every status the stand-in wrote.
 */
final class StandInFixture implements AutoCloseable {
    static final String NS = "test";
    static final String JAR_URI = "local:///opt/flink/usrlib/bluegreen-example-job.jar";
    static final String ENTRY_CLASS = "dev.bluegreen.example.CountingJob";
    static final Duration TIMEOUT = Duration.ofSeconds(60);

    final KubernetesClient client;
    final FlinkStandIn standIn;
    final Path workDir;
    private final List<Map<String, String>> history = new CopyOnWriteArrayList<>();
    private final Watch watch;

    StandInFixture(KubernetesClient client, Path workDir) {
        this.client = client;
        this.workDir = workDir;
        FlinkStandIn.installCrds(client);
        this.standIn =
                FlinkStandIn.start(
                        client,
                        StandInSettings.builder()
                                .workDir(workDir.resolve("work"))
                                .mapLocalUri("local:///opt/flink/usrlib/", usrlib())
                                .pollInterval(Duration.ofMillis(100))
                                .build());
        this.watch =
                client.genericKubernetesResources(Crds.DEPLOYMENTS)
                        .inNamespace(NS)
                        .watch(recorder());
    }

    static Path usrlib() {
        return Path.of(System.getProperty("standin.usrlib", "target/usrlib"));
    }

    /** A FlinkDeployment of the example job writing into {@code out}. */
    static GenericKubernetesResource exampleJob(String name, Path out, String version) {
        Map<String, Object> job = new LinkedHashMap<>();
        job.put("jarURI", JAR_URI);
        job.put("entryClass", ENTRY_CLASS);
        job.put("args", args(out, version));
        job.put("parallelism", 1);
        job.put("upgradeMode", "savepoint");
        job.put("state", "running");
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("flinkVersion", "v1_20");
        spec.put("serviceAccount", "flink");
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("execution.checkpointing.interval", "300 ms");
        config.put("execution.checkpointing.dir", "s3://bucket/checkpoints");
        config.put("execution.checkpointing.savepoint-dir", "s3://bucket/savepoints");
        spec.put("flinkConfiguration", config);
        spec.put("jobManager", Map.of("resource", Map.of("memory", "1024m", "cpu", 0.5)));
        spec.put("taskManager", Map.of("resource", Map.of("memory", "1024m", "cpu", 0.5)));
        spec.put("job", job);
        var fd = new GenericKubernetesResource();
        fd.setApiVersion(Crds.API_VERSION);
        fd.setKind("FlinkDeployment");
        fd.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(NS).build());
        fd.setAdditionalProperty("spec", spec);
        return fd;
    }

    /** The example job's arguments: write into {@code out}, report {@code version}. */
    static List<String> args(Path out, String version) {
        return List.of(
                "--output", out.toString(), "--rate", "400", "--keys", "4", "--version", version);
    }

    GenericKubernetesResource create(GenericKubernetesResource fd) {
        return client.genericKubernetesResources(Crds.DEPLOYMENTS)
                .inNamespace(NS)
                .resource(fd)
                .create();
    }

    /** A savepoint FlinkStateSnapshot of {@code deployment}, as the controller creates it. */
    GenericKubernetesResource createSnapshot(String name, String deployment, int backoffLimit) {
        var snapshot = new GenericKubernetesResource();
        snapshot.setApiVersion(Crds.API_VERSION);
        snapshot.setKind("FlinkStateSnapshot");
        snapshot.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(NS).build());
        snapshot.setAdditionalProperty(
                "spec",
                Map.of(
                        "backoffLimit", backoffLimit,
                        "jobReference", Map.of("kind", "FlinkDeployment", "name", deployment),
                        "savepoint", Map.of("disposeOnDelete", false)));
        return client.genericKubernetesResources(Crds.SNAPSHOTS)
                .inNamespace(NS)
                .resource(snapshot)
                .create();
    }

    GenericKubernetesResource snapshot(String name) {
        return client.genericKubernetesResources(Crds.SNAPSHOTS)
                .inNamespace(NS)
                .withName(name)
                .get();
    }

    /** Waits until snapshot {@code name} is in {@code state}; returns it. */
    GenericKubernetesResource awaitSnapshot(String name, String state) {
        return await().atMost(TIMEOUT)
                .pollInterval(Duration.ofMillis(50))
                .until(() -> snapshot(name), s -> s != null && state.equals(at(s, "status.state")));
    }

    /** Deletes every FlinkDeployment (the stand-in cancels their jobs), freeing CPU. */
    void deleteAll() {
        client.genericKubernetesResources(Crds.DEPLOYMENTS).inNamespace(NS).delete();
    }

    GenericKubernetesResource get(String name) {
        return client.genericKubernetesResources(Crds.DEPLOYMENTS)
                .inNamespace(NS)
                .withName(name)
                .get();
    }

    /** Edits the spec of {@code name} (a new generation). */
    @SuppressWarnings("unchecked")
    void editJob(String name, Consumer<Map<String, Object>> change) {
        edit(
                name,
                fd -> {
                    var spec = (Map<String, Object>) fd.getAdditionalProperties().get("spec");
                    change.accept((Map<String, Object>) spec.get("job"));
                });
    }

    /** Edits {@code name}, retrying when a status write of the stand-in came in between (409). */
    void edit(String name, Consumer<GenericKubernetesResource> change) {
        await().atMost(TIMEOUT)
                .ignoreExceptionsMatching(
                        e -> e instanceof KubernetesClientException k && k.getCode() == 409)
                .until(
                        () -> {
                            client.genericKubernetesResources(Crds.DEPLOYMENTS)
                                    .inNamespace(NS)
                                    .withName(name)
                                    .edit(
                                            fd -> {
                                                change.accept(fd);
                                                return fd;
                                            });
                            return true;
                        });
    }

    /** Waits until the recorded statuses of {@code name} contain {@code steps} in order. */
    void awaitHistory(String name, String... steps) {
        await().atMost(TIMEOUT)
                .untilAsserted(
                        () ->
                                org.assertj.core.api.Assertions.assertThat(history(name))
                                        .containsSubsequence(steps));
    }

    /** The value at a dotted path, e.g. {@code status.jobStatus.state}; null when absent. */
    static String at(GenericKubernetesResource resource, String path) {
        Object value = resource == null ? null : resource.getAdditionalProperties();
        for (String part : path.split("\\.")) {
            value = value instanceof Map<?, ?> m ? m.get(part) : null;
        }
        return value == null ? null : value.toString();
    }

    /** Waits until {@code name}'s status satisfies {@code condition}; returns the object. */
    GenericKubernetesResource awaitDeployment(
            String name, Predicate<GenericKubernetesResource> condition) {
        return await().atMost(TIMEOUT)
                .pollInterval(Duration.ofMillis(50))
                .until(() -> get(name), condition);
    }

    GenericKubernetesResource awaitState(String name, String lifecycle, String jobState) {
        return awaitDeployment(
                name,
                fd ->
                        fd != null
                                && lifecycle.equals(at(fd, "status.lifecycleState"))
                                && jobState.equals(at(fd, "status.jobStatus.state")));
    }

    /**
     * Every distinct status of {@code name} seen so far: lifecycle/jobState/reconciliation state.
     */
    List<String> history(String name) {
        List<String> seen = new ArrayList<>();
        for (var entry : history) {
            if (name.equals(entry.get("name"))) {
                String step = entry.get("step");
                if (seen.isEmpty() || !seen.get(seen.size() - 1).equals(step)) {
                    seen.add(step);
                }
            }
        }
        return seen;
    }

    private Watcher<GenericKubernetesResource> recorder() {
        return new Watcher<>() {
            @Override
            public void eventReceived(Action action, GenericKubernetesResource fd) {
                if (at(fd, "status.lifecycleState") != null) {
                    history.add(
                            Map.of(
                                    "name",
                                    fd.getMetadata().getName(),
                                    "step",
                                    at(fd, "status.lifecycleState")
                                            + "/"
                                            + at(fd, "status.jobStatus.state")));
                }
            }

            @Override
            public void onClose(WatcherException cause) {}
        };
    }

    @Override
    public void close() {
        watch.close();
        standIn.close();
    }
}
