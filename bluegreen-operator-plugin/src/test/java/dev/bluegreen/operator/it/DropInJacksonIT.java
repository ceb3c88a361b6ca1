package dev.bluegreen.operator.it;

import dev.bluegreen.operator.fake.FakeFlinkOperator;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus;

import org.apache.flink.kubernetes.operator.api.listener.FlinkResourceListener;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.awaitility.Awaitility.await;

/**
 * The drop-in jar on the Jackson of the upstream operator image (1.15.0 ships Jackson 2.15.0 and
 * loads {@code com.fasterxml} parent-first, not relocated). Runs only in the failsafe execution
 * {@code operator-jackson} of this module, whose classpath has Jackson {@code
 * jackson.operator.version} in place of the one we build with: a call from the drop-in into a newer
 * Jackson API fails here (NoSuchMethodError, NoClassDefFoundError) instead of in the operator.
 */
@EnableKubernetesMockClient(crud = true, https = false)
class DropInJacksonIT {
    /** Set by the {@code operator-jackson} execution only. */
    static final String EXPECTED = System.getProperty("bluegreen.operator.jackson.version");

    static final Duration WAIT = Duration.ofSeconds(30);

    KubernetesMockServer server;
    KubernetesClient client;

    @Test
    void firstDeploymentRunsOnTheOperatorsJackson() throws Exception {
        assumeThat(EXPECTED).as("runs in the failsafe execution operator-jackson").isNotNull();
        EmbeddedApi.installCrd(client);
        EmbeddedApi.allowLeases(server);
        try (var fake = FakeFlinkOperator.start(client)) {
            FlinkResourceListener listener = DropInPluginIT.loadListener();
            try {
                assertThat(jacksonVersions(listener.getClass().getClassLoader()))
                        .containsOnly(EXPECTED);
                listener.configure(
                        DropInPluginIT.listenerConfig(
                                client.getConfiguration().getMasterUrl(), "jackson-it"));
                firstDeployment(fake);
            } finally {
                ((AutoCloseable) listener).close();
            }
        }
    }

    private void firstDeployment(FakeFlinkOperator fake) {
        client.resource(Fixtures.parent("orders", Fixtures.job(2, "savepoint"))).create();
        await().atMost(WAIT)
                .untilAsserted(() -> assertThat(status("orders")).as("status").isNotNull());
        await().atMost(WAIT)
                .untilAsserted(
                        () ->
                                assertThat(status("orders").getState())
                                        .as("state: %s", status("orders"))
                                        .isEqualTo("ACTIVE_BLUE"));
        var status = status("orders");
        assertThat(status.getLastStableSpec()).isNotNull();
        assertThat(status.getConditions()).extracting(c -> c.getType()).contains("Ready");
        assertThat(fake.deployment("default", "orders-blue")).isNotNull();
    }

    /** The versions of jackson-core, -databind and -dataformat-yaml the plugin loader sees. */
    private static List<String> jacksonVersions(ClassLoader plugin) throws Exception {
        var versions = new ArrayList<String>();
        for (String type :
                new String[] {
                    "com.fasterxml.jackson.core.json.PackageVersion",
                    "com.fasterxml.jackson.databind.cfg.PackageVersion",
                    "com.fasterxml.jackson.dataformat.yaml.PackageVersion"
                }) {
            Class<?> packageVersion = plugin.loadClass(type);
            versions.add(packageVersion.getField("VERSION").get(null).toString());
        }
        return versions;
    }

    private FlinkBlueGreenDeploymentStatus status(String name) {
        var parent =
                client.resources(FlinkBlueGreenDeployment.class)
                        .inNamespace("default")
                        .withName(name)
                        .get();
        return parent == null ? null : parent.getStatus();
    }
}
