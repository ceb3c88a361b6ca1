package dev.bluegreen.operator.it;

import dev.bluegreen.operator.fake.FakeFlinkOperator;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.DelegatingConfiguration;
import org.apache.flink.kubernetes.operator.api.FlinkDeployment;
import org.apache.flink.kubernetes.operator.api.listener.FlinkResourceListener;
import org.apache.flink.kubernetes.operator.api.status.FlinkDeploymentStatus;

import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.awaitility.Awaitility.await;

/**
 * The built drop-in jar ({@code target/*-dropin.jar}) loaded the way the upstream operator loads
 * listeners: from a sub-folder of a plugins directory through Flink's plugin manager, with Flink's
 * parent-first patterns plus {@code io.fabric8} and {@code com.fasterxml} (the operator's {@code
 * ListenerUtils} adds those two), configured with the keys after {@code
 * kubernetes.operator.plugins.listeners.bluegreen.}.
 */
@EnableKubernetesMockClient(crud = true, https = false)
class DropInPluginIT {
    static final String PREFIX = "kubernetes.operator.plugins.listeners.bluegreen.";
    static final Duration WAIT = Duration.ofSeconds(30);

    /** Where the test puts the jar, as an operator image would. */
    static final String PLUGIN_JAR = "/plugins/bluegreen/bluegreen-operator-plugin-dropin.jar";

    KubernetesMockServer server;
    KubernetesClient client;

    @Test
    void runsTheControllerFromThePluginClassloaderAndReactsToStatusCallbacks() throws Exception {
        // given the embedded API with our CRD and the upstream operator's stand-in
        EmbeddedApi.installCrd(client);
        EmbeddedApi.allowLeases(server);
        try (var fake = FakeFlinkOperator.start(client)) {
            // when the operator's plugin manager loads and configures the listener
            FlinkResourceListener listener = loadListener();
            try {
                runsAndReacts(listener, fake);
            } finally {
                ((AutoCloseable) listener).close();
            }
            // closing stopped the controller and released its Lease
            assertThat(EmbeddedApi.leaseHolder(client, "default", "bluegreen-controller")).isNull();
        }
    }

    private void runsAndReacts(FlinkResourceListener listener, FakeFlinkOperator fake)
            throws Exception {
        ClassLoader plugin = listener.getClass().getClassLoader();
        PluginMeters meters = PluginMeters.attach(plugin);
        Instant before = Instant.now();
        var dashboard = new Endpoint(Endpoint.freePort());
        listener.configure(
                listenerConfig(
                        client.getConfiguration().getMasterUrl(),
                        "dropin-it",
                        Map.of("dashboard-port", String.valueOf(dashboard.port()))));
        assertThat(Duration.between(before, Instant.now())).isLessThan(Duration.ofSeconds(2));

        // then our classes, JOSDK and Micrometer come from the jar, fabric8/Jackson/Flink from
        // the operator (parent)
        assertThat(source(listener.getClass())).endsWith(PLUGIN_JAR);
        assertThat(source(plugin.loadClass("io.javaoperatorsdk.operator.Operator")))
                .endsWith(PLUGIN_JAR);
        assertThat(source(plugin.loadClass("io.micrometer.core.instrument.Metrics")))
                .endsWith(PLUGIN_JAR);
        // CEL (analysis conditions) and its dependencies are not parent-first: bundled
        for (String bundled :
                List.of(
                        "dev.cel.compiler.CelCompilerFactory",
                        "com.google.common.collect.ImmutableList",
                        "com.google.protobuf.Message",
                        "org.antlr.v4.runtime.Parser")) {
            assertThat(source(plugin.loadClass(bundled))).as(bundled).endsWith(PLUGIN_JAR);
        }
        for (Class<?> shared :
                List.of(
                        KubernetesClient.class,
                        com.fasterxml.jackson.databind.ObjectMapper.class,
                        Configuration.class)) {
            assertThat(plugin.loadClass(shared.getName())).isSameAs(shared);
        }
        assertThat(plugin.loadClass(FlinkBlueGreenDeployment.class.getName()))
                .isNotSameAs(FlinkBlueGreenDeployment.class);

        // and the controller takes its Lease and runs a parent to a live blue child
        await().atMost(WAIT)
                .until(
                        () ->
                                "dropin-it"
                                        .equals(
                                                EmbeddedApi.leaseHolder(
                                                        client,
                                                        "default",
                                                        "bluegreen-controller")));
        // with an analysis check, whose condition the validator compiles with the bundled CEL
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        AnalysisSpecIT.withChecks(parent, List.of(AnalysisSpecIT.restartsCheck("30s", 5)), null);
        client.resource(parent).create();
        await().atMost(WAIT).until(() -> "ACTIVE_BLUE".equals(state("orders")));
        assertThat(fake.deployment("default", "orders-blue")).isNotNull();
        await().atMost(WAIT).until(() -> meters.finished() >= meters.started());
        // and its dashboard (listener key dashboard-port) shows the parent from the plugin's caches
        await().atMost(WAIT).until(() -> dashboard.get("/").body().contains("ACTIVE_BLUE</td>"));
        assertThat(dashboard.get("/").body())
                .contains("data-namespace=\"default\" data-name=\"orders\"");
        assertThat(dashboard.get("/parents/default/orders").body())
                .contains("data-state=\"ACTIVE_BLUE\"")
                .contains("orders-blue");

        // and a status callback about the blue child reconciles the resting parent at once
        double started = meters.started();
        listener.onDeploymentStatusUpdate(statusUpdate(childOf("orders")));
        await().atMost(WAIT)
                .until(() -> meters.started() > started && meters.finished() >= meters.started());
    }

    @Test
    void unreachableApiServerNeitherFailsConfigureNorCallbacks() throws Exception {
        FlinkResourceListener listener = loadListener();
        Instant before = Instant.now();

        try {
            assertThatCode(() -> listener.configure(listenerConfig("http://127.0.0.1:1", "nobody")))
                    .doesNotThrowAnyException();
            assertThat(Duration.between(before, Instant.now())).isLessThan(Duration.ofSeconds(2));
            assertThatCode(() -> listener.onDeploymentStatusUpdate(statusUpdate(childOf("orders"))))
                    .doesNotThrowAnyException();
            // malformed resources reach the mapping (a runner exists) and are swallowed
            assertThatCode(() -> listener.onDeploymentStatusUpdate(statusUpdate(null)))
                    .doesNotThrowAnyException();
            assertThatCode(
                            () ->
                                    listener.onDeploymentStatusUpdate(
                                            statusUpdate(new FlinkDeployment())))
                    .doesNotThrowAnyException();
        } finally {
            ((AutoCloseable) listener).close();
        }
    }

    /** The listener, through Flink's plugin manager over {@code <plugins>/bluegreen/<jar>}. */
    static FlinkResourceListener loadListener() throws Exception {
        Path plugins = Path.of("target", "dropin-it", "plugins");
        Path folder = Files.createDirectories(plugins.resolve("bluegreen"));
        Files.copy(
                dropInJar(),
                folder.resolve("bluegreen-operator-plugin-dropin.jar"),
                StandardCopyOption.REPLACE_EXISTING);
        return loadFrom(plugins);
    }

    /** The one listener in the plugin folders under {@code plugins}, as the operator loads it. */
    static FlinkResourceListener loadFrom(Path plugins) throws Exception {
        var found = OperatorPlugins.manager(plugins).load(FlinkResourceListener.class);
        assertThat(found.hasNext()).as("a listener in the plugin").isTrue();
        FlinkResourceListener listener = found.next();
        assertThat(listener.getClass().getName())
                .isEqualTo("dev.bluegreen.operator.listener.BlueGreenListener");
        assertThat(found.hasNext()).as("only one listener").isFalse();
        return listener;
    }

    /**
     * The listener's view of the operator configuration, as the operator's ListenerUtils builds it.
     */
    static Configuration listenerConfig(String masterUrl, String identity) {
        return listenerConfig(masterUrl, identity, Map.of());
    }

    /** The listener's configuration with {@code extra} listener keys. */
    static Configuration listenerConfig(
            String masterUrl, String identity, Map<String, String> extra) {
        var operatorConf = new Configuration();
        extra.forEach((key, value) -> operatorConf.setString(PREFIX + key, value));
        operatorConf.setString(
                PREFIX + "class", "dev.bluegreen.operator.listener.BlueGreenListener");
        operatorConf.setString(PREFIX + "master-url", masterUrl);
        operatorConf.setString(PREFIX + "lease-namespace", "default");
        operatorConf.setString(PREFIX + "identity", identity);
        return new DelegatingConfiguration(operatorConf, PREFIX);
    }

    private static FlinkDeployment childOf(String parent) {
        var child = new FlinkDeployment();
        child.setMetadata(
                new ObjectMetaBuilder()
                        .withName(parent + "-blue")
                        .withNamespace("default")
                        .withOwnerReferences(
                                new OwnerReferenceBuilder()
                                        .withApiVersion("bluegreen.dev/v1alpha1")
                                        .withKind("FlinkBlueGreenDeployment")
                                        .withName(parent)
                                        .withUid("uid-" + parent)
                                        .build())
                        .withLabels(Map.of())
                        .build());
        return child;
    }

    private static FlinkResourceListener.StatusUpdateContext<FlinkDeployment, FlinkDeploymentStatus>
            statusUpdate(FlinkDeployment deployment) {
        return new FlinkResourceListener.StatusUpdateContext<>() {
            @Override
            public FlinkDeploymentStatus getPreviousStatus() {
                return new FlinkDeploymentStatus();
            }

            @Override
            public FlinkDeployment getFlinkResource() {
                return deployment;
            }

            @Override
            public KubernetesClient getKubernetesClient() {
                return null;
            }

            @Override
            public Instant getTimestamp() {
                return Instant.now();
            }
        };
    }

    private String state(String name) {
        var parent =
                client.resources(FlinkBlueGreenDeployment.class)
                        .inNamespace("default")
                        .withName(name)
                        .get();
        return parent == null || parent.getStatus() == null ? null : parent.getStatus().getState();
    }

    private static String source(Class<?> type) {
        return type.getProtectionDomain().getCodeSource().getLocation().toString();
    }

    /** The drop-in jar {@code mvn package} built. */
    static Path dropInJar() {
        var jars =
                Path.of("target")
                        .toFile()
                        .listFiles(
                                (d, n) ->
                                        n.startsWith("bluegreen-operator-plugin-")
                                                && n.endsWith("-dropin.jar"));
        assertThat(jars).as("the drop-in jar (run after mvn package)").hasSize(1);
        return jars[0].toPath();
    }
}
