package dev.bluegreen.demo.scenario;

import dev.bluegreen.core.Color;
import dev.bluegreen.demo.cluster.EmbeddedCluster;
import dev.bluegreen.demo.cluster.GateHolds;
import dev.bluegreen.ingress.ResourceNames;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.client.KubernetesClient;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The gate channel's health on the parent, with the product's path end to end: ADVANCED over the
 * ConfigMap channel, real MiniCluster jobs of the stand-in polling {@code orders-gate} on the
 * embedded API, the controller reading their gauges through their real Flink REST APIs. While the
 * hand-over waits, the ConfigMap's command is garbled: the gates report the channel error, the
 * parent shows {@code Degraded=True GateChannelError} and a Warning event naming the children, how
 * many gate subtasks report and the error; blue is not retired. Restored, the hand-over completes
 * and, once green's gates hold nothing back (its keep window closed), green is suspended and the
 * combined output has every record exactly once. No REST API is faked.
 */
class GateChannelHealthIT {
    static final Path OUT = Path.of("target", "gate-channel-health-it");
    static final String NS = EmbeddedCluster.NAMESPACE;
    static final String GARBLED = "transition=two;stage=PROPOSED";
    static final Duration BOUND = Duration.ofSeconds(120);

    @Test
    void aGarbledConfigMapWhileTheHandoverWaitsShowsOnTheParentAndHealsWhenRestored()
            throws Exception {
        Path usrlib = Path.of(System.getProperty("demo.usrlib", "target/usrlib"));
        Directories.recreate(OUT.resolve("work"));
        var pipeline = new FilePipeline(OUT.resolve("output"));
        try (var cluster = EmbeddedCluster.start(OUT.resolve("work"), usrlib)) {
            KubernetesClient client = cluster.client();
            FlinkBlueGreenDeployment parent = ParentSpec.advanced(pipeline.prepare(orders(client)));
            String name = parent.getMetadata().getName();
            client.resource(parent).create();
            await().atMost(BOUND).until(() -> "ACTIVE_BLUE".equals(state(client, name)));
            await().atMost(BOUND).until(() -> pipeline.progress("v1").lines() >= 200);

            // when green comes up and the controller proposes the cutover, garble the command
            edit(client, name, p -> ParentSpec.withArg(p, "--version", "v2"));
            awaitCommand(client, name);
            String good = swapCommand(client, name, GARBLED);

            // then the parent shows the gates' channel error, and blue keeps running
            Condition degraded =
                    await().atMost(BOUND)
                            .until(
                                    () -> condition(client, name, "Degraded"),
                                    c -> c != null && "GateChannelError".equals(c.getReason()));
            assertThat(degraded.getStatus()).isEqualTo("True");
            assertThat(degraded.getMessage())
                    .containsPattern("orders-(blue|green): \\d of \\d gate subtasks report")
                    .contains("channel error: configmap " + NS + "/orders-gate: data.command:");
            Event warning =
                    await().atMost(BOUND)
                            .until(() -> event(client, "GateChannelError"), e -> e != null);
            assertThat(warning.getType()).isEqualTo("Warning");
            assertThat(warning.getInvolvedObject().getName()).isEqualTo(name);
            assertThat(warning.getMessage()).contains("gate subtasks report", "channel error:");
            // the hand-over waits: for the commit (usually) or, when the controller committed
            // before the garbling, for blue's drain; either way blue is not retired
            assertThat(state(client, name)).isIn("TRANSITIONING_TO_GREEN", "RETIRING_BLUE");
            assertThat(child(client, name + "-blue")).isTrue();
            System.out.println(
                    "GateChannelHealthIT "
                            + state(client, name)
                            + ", garbled "
                            + good
                            + "; Degraded: "
                            + degraded.getMessage());

            // when the command is restored, the hand-over completes and the parent heals
            swapCommand(client, name, good);
            await().atMost(BOUND)
                    .until(
                            () ->
                                    "ACTIVE_GREEN".equals(state(client, name))
                                            && !child(client, name + "-blue"));
            await().atMost(BOUND)
                    .until(
                            () -> condition(client, name, "Degraded"),
                            c -> c != null && "Healthy".equals(c.getReason()));
            long blueLast = pipeline.progress("v1").maxId();
            await().atMost(BOUND).until(() -> pipeline.progress("v2").maxId() >= blueLast + 200);
            // green releases what its keep window held back once its gates read the closed
            // window; suspended before, those records would wait in its savepoint
            await().atMost(BOUND)
                    .until(() -> GateHolds.nothingHeld(cluster, name + "-green", Color.GREEN));
            edit(client, name, p -> ParentSpec.withJobState(p, "suspended"));
            await().atMost(BOUND).until(() -> "SUSPENDED_GREEN".equals(state(client, name)));
            await().atMost(BOUND).until(() -> suspended(client, name + "-green"));
        }

        var counts = pipeline.audit();
        System.out.printf(
                "GateChannelHealthIT: expected=%d out=%d duplicates=%d lost=%d%n",
                counts.expected(), counts.out(), counts.duplicates(), counts.lost());
        assertThat(counts.duplicates()).isZero();
        assertThat(counts.lost()).isZero();
        assertThat(counts.out()).isEqualTo(counts.expected()).isPositive();
    }

    static FlinkBlueGreenDeployment orders(KubernetesClient client) throws Exception {
        try (InputStream yaml = DemoScenario.class.getResourceAsStream(DemoScenario.RESOURCE)) {
            return client.resources(FlinkBlueGreenDeployment.class).load(yaml).item();
        }
    }

    /** The first command the controller writes (the proposal), read as soon as it exists. */
    static String awaitCommand(KubernetesClient client, String name) {
        AtomicReference<String> seen = new AtomicReference<>();
        await().atMost(BOUND)
                .pollInterval(Duration.ofMillis(20))
                .until(
                        () -> {
                            ConfigMap map = gate(client, name);
                            String command =
                                    map == null || map.getData() == null
                                            ? null
                                            : map.getData().get("command");
                            seen.set(command);
                            return command != null;
                        });
        return seen.get();
    }

    static ConfigMap gate(KubernetesClient client, String name) {
        return client.configMaps()
                .inNamespace(NS)
                .withName(ResourceNames.gateConfigMap(name))
                .get();
    }

    /**
     * PUT {@code command} with the live resourceVersion, retried when the controller wrote in
     * between; returns the command it replaced.
     */
    static String swapCommand(KubernetesClient client, String name, String command) {
        AtomicReference<String> replaced = new AtomicReference<>();
        await().atMost(BOUND)
                .ignoreExceptions()
                .until(
                        () -> {
                            ConfigMap live = gate(client, name);
                            String before = live.getData().get("command");
                            client.resource(
                                            new ConfigMapBuilder(live)
                                                    .addToData("command", command)
                                                    .build())
                                    .lockResourceVersion()
                                    .update();
                            replaced.set(before);
                            return true;
                        });
        return replaced.get();
    }

    static void edit(
            KubernetesClient client,
            String name,
            java.util.function.UnaryOperator<FlinkBlueGreenDeployment> change) {
        var resource =
                client.resources(FlinkBlueGreenDeployment.class).inNamespace(NS).withName(name);
        await().atMost(BOUND)
                .ignoreExceptions()
                .until(
                        () -> {
                            client.resource(change.apply(resource.get())).update();
                            return true;
                        });
    }

    static String state(KubernetesClient client, String name) {
        var parent =
                client.resources(FlinkBlueGreenDeployment.class)
                        .inNamespace(NS)
                        .withName(name)
                        .get();
        return parent == null || parent.getStatus() == null ? "" : parent.getStatus().getState();
    }

    static Condition condition(KubernetesClient client, String name, String type) {
        var parent =
                client.resources(FlinkBlueGreenDeployment.class)
                        .inNamespace(NS)
                        .withName(name)
                        .get();
        if (parent == null
                || parent.getStatus() == null
                || parent.getStatus().getConditions() == null) {
            return null;
        }
        return parent.getStatus().getConditions().stream()
                .filter(c -> type.equals(c.getType()))
                .findFirst()
                .orElse(null);
    }

    static Event event(KubernetesClient client, String reason) {
        List<Event> events = client.v1().events().inNamespace(NS).list().getItems();
        return events.stream().filter(e -> reason.equals(e.getReason())).findFirst().orElse(null);
    }

    static boolean child(KubernetesClient client, String child) {
        return client.genericKubernetesResources("flink.apache.org/v1beta1", "FlinkDeployment")
                        .inNamespace(NS)
                        .withName(child)
                        .get()
                != null;
    }

    /** Whether the child's lifecycle is SUSPENDED (stopped with a savepoint: output complete). */
    static boolean suspended(KubernetesClient client, String child) {
        var resource =
                client.genericKubernetesResources("flink.apache.org/v1beta1", "FlinkDeployment")
                        .inNamespace(NS)
                        .withName(child)
                        .get();
        return resource != null && "SUSPENDED".equals(resource.get("status", "lifecycleState"));
    }
}
