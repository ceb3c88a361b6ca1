package dev.bluegreen.demo.adoption;

import dev.bluegreen.demo.cluster.EmbeddedCluster;
import dev.bluegreen.demo.cluster.FlinkDeployments;
import dev.bluegreen.demo.scenario.DemoScenario;
import dev.bluegreen.demo.scenario.Directories;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.api.model.KubernetesResourceList;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.NonNamespaceOperation;
import io.fabric8.kubernetes.client.dsl.Resource;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * What the adoption ITs run on: the embedded API, the stand-in (real MiniCluster jobs) and the
 * controller; the demo's parent ({@code orders.yaml}, BASIC mode, the example job writing files)
 * under any name; plain FlinkDeployments; and the output lines each job wrote. Not thread-safe.
 */
final class AdoptionRig implements AutoCloseable {
    private final Path out;
    private final EmbeddedCluster cluster;
    private final KubernetesClient client;

    private AdoptionRig(Path out, EmbeddedCluster cluster) {
        this.out = out;
        this.cluster = cluster;
        this.client = cluster.client();
    }

    /** Empties {@code out} and starts the cluster with its work directory under it. */
    static AdoptionRig start(Path out) {
        Directories.recreate(out);
        Path usrlib = Path.of(System.getProperty("demo.usrlib", "target/usrlib"));
        return new AdoptionRig(out, EmbeddedCluster.start(out.resolve("work"), usrlib));
    }

    /** The client of the embedded API. */
    KubernetesClient client() {
        return client;
    }

    /** The directory job {@code name} writes into (the same for all jobs of one parent). */
    Path output(String name) {
        return out.toAbsolutePath().resolve(name + "-output");
    }

    /** The demo's parent named {@code name}, writing into {@link #output(String)}, v1. */
    FlinkBlueGreenDeployment parent(String name) {
        try (InputStream yaml = DemoScenario.class.getResourceAsStream(DemoScenario.RESOURCE)) {
            var parent = client.resources(FlinkBlueGreenDeployment.class).load(yaml).item();
            parent.getMetadata().setName(name);
            setArg(parent.getSpec().getTemplate().getSpec(), "--output", output(name).toString());
            return parent;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Creates a plain FlinkDeployment (no owner, no labels) running {@code parent}'s template. */
    void runPlain(String name, FlinkBlueGreenDeployment parent) {
        deployments()
                .resource(
                        FlinkDeployments.plain(
                                EmbeddedCluster.NAMESPACE,
                                name,
                                parent.getSpec().getTemplate().getSpec()))
                .create();
    }

    /**
     * Applies {@code parent} adopting {@code deployment}: its template is the deployment's spec as
     * read from the API now (what {@code kubectl get -o json | jq .spec} prints).
     */
    void adopt(FlinkBlueGreenDeployment parent, String deployment) {
        parent.getSpec().getTemplate().setSpec(FlinkDeployments.spec(deployment(deployment)));
        parent.getSpec().setAdoptDeployment(deployment);
        client.resource(parent).create();
    }

    /** The FlinkDeployment {@code name} now, or null. */
    GenericKubernetesResource deployment(String name) {
        return deployments().withName(name).get();
    }

    /** The parent {@code name} now, or null. */
    FlinkBlueGreenDeployment parentNow(String name) {
        return parents().withName(name).get();
    }

    /** GET, change, PUT the parent; retried on a conflict with the controller's writes. */
    void editParent(String name, UnaryOperator<FlinkBlueGreenDeployment> change) {
        for (int attempt = 1; ; attempt++) {
            try {
                client.resource(change.apply(parents().withName(name).get())).update();
                return;
            } catch (KubernetesClientException e) {
                if (e.getCode() != 409 || attempt == 10) {
                    throw e;
                }
            }
        }
    }

    /** Deletes the parent {@code name}. */
    void deleteParent(String name) {
        parents().withName(name).delete();
    }

    /** Deletes every parent and FlinkDeployment left (stops their jobs). */
    void deleteAll() {
        parents().delete();
        deployments().delete();
    }

    /** The complete output lines of {@code version} in {@code dir} (a half-written line is not). */
    static List<Line> lines(Path dir, String version) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<Line> lines = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".csv")).toList()) {
                String text = Files.readString(file, StandardCharsets.UTF_8);
                for (String line : text.substring(0, text.lastIndexOf('\n') + 1).split("\n")) {
                    if (line.endsWith("," + version)) {
                        lines.add(
                                new Line(
                                        Long.parseLong(line.substring(0, line.indexOf(','))),
                                        file.getFileName().toString()));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return lines;
    }

    /** One output line: its record id and the file it is in (one file per sink writer start). */
    record Line(long id, String file) {}

    /** Sets the value after {@code flag} in the spec's {@code job.args}. */
    static void setArg(JsonNode spec, String flag, String value) {
        ArrayNode args = (ArrayNode) spec.path("job").path("args");
        for (int i = 0; i + 1 < args.size(); i++) {
            if (args.get(i).asText().equals(flag)) {
                args.set(i + 1, value);
                return;
            }
        }
        throw new IllegalArgumentException("job.args has no " + flag + ": " + args);
    }

    private NonNamespaceOperation<
                    GenericKubernetesResource,
                    GenericKubernetesResourceList,
                    Resource<GenericKubernetesResource>>
            deployments() {
        return client.genericKubernetesResources(FlinkDeployments.CONTEXT)
                .inNamespace(EmbeddedCluster.NAMESPACE);
    }

    private NonNamespaceOperation<
                    FlinkBlueGreenDeployment,
                    KubernetesResourceList<FlinkBlueGreenDeployment>,
                    Resource<FlinkBlueGreenDeployment>>
            parents() {
        return client.resources(FlinkBlueGreenDeployment.class)
                .inNamespace(EmbeddedCluster.NAMESPACE);
    }

    @Override
    public void close() {
        cluster.close();
    }
}
