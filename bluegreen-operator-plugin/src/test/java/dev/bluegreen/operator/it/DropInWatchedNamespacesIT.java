package dev.bluegreen.operator.it;

import dev.bluegreen.operator.fake.FakeFlinkOperator;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.DelegatingConfiguration;
import org.apache.flink.configuration.GlobalConfiguration;
import org.apache.flink.kubernetes.operator.api.listener.FlinkResourceListener;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static dev.bluegreen.operator.it.DropInPluginIT.PREFIX;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.awaitility.Awaitility.await;

/**
 * The built drop-in jar, loaded by Flink's plugin manager as in {@link DropInPluginIT}, inside a
 * process set up like the operator's: {@code FLINK_CONF_DIR} points at an operator configuration
 * file ({@code src/test/resources/operator-conf/flink-conf.yaml}) that watches {@code team-a} and
 * {@code team-b}, and the listener's configuration is that file's keys under its prefix (the
 * operator's {@code ListenerUtils}). Without its own {@code namespaces} key the controller
 * reconciles only parents in the operator's namespaces; with the key, only the key's.
 *
 * <p>Runs in failsafe's execution {@code operator-conf}, which sets {@code FLINK_CONF_DIR}; skipped
 * (an assumption) anywhere else.
 */
@EnableKubernetesMockClient(crud = true, https = false)
class DropInWatchedNamespacesIT {
    static final Duration WAIT = Duration.ofSeconds(30);

    KubernetesClient client;

    @BeforeEach
    void inAnOperatorsEnvironment() {
        String confDir = System.getenv("FLINK_CONF_DIR");
        assumeThat(confDir).as("FLINK_CONF_DIR (failsafe execution operator-conf)").isNotNull();
        assertThat(Path.of(confDir, "flink-conf.yaml")).exists();
        EmbeddedApi.installCrd(client);
    }

    @Test
    void watchesTheNamespacesTheOperatorWatchesWithoutItsOwnKey() throws Exception {
        runs(Map.of(), "team-a", "team-c");
    }

    @Test
    void itsOwnNamespacesKeyWinsOverTheOperators() throws Exception {
        runs(Map.of("namespaces", "team-c"), "team-c", "team-a");
    }

    /**
     * With the listener keys {@code own}: a parent in {@code unwatched} created first stays
     * untouched while one in {@code watched} runs to ACTIVE_BLUE.
     */
    private void runs(Map<String, String> own, String watched, String unwatched) throws Exception {
        try (var fake = FakeFlinkOperator.start(client)) {
            FlinkResourceListener listener = DropInPluginIT.loadListener();
            try {
                listener.configure(listenerConfig(own));
                client.resource(Fixtures.orders(unwatched)).create();
                client.resource(Fixtures.orders(watched)).create();

                await().atMost(WAIT)
                        .until(() -> "ACTIVE_BLUE".equals(Fixtures.ordersState(client, watched)));
                assertThat(Fixtures.ordersState(client, unwatched))
                        .as("state of the parent in " + unwatched)
                        .isNull();
                assertThat(fake.deployment(unwatched, "orders-blue")).isNull();
            } finally {
                ((AutoCloseable) listener).close();
            }
        }
    }

    /** The operator's file under the listener's prefix, plus the test's connection keys. */
    private Configuration listenerConfig(Map<String, String> own) {
        Configuration operator =
                GlobalConfiguration.loadConfiguration(System.getenv("FLINK_CONF_DIR"));
        operator.setString(PREFIX + "master-url", client.getConfiguration().getMasterUrl());
        operator.setString(PREFIX + "leader-election", "false");
        operator.setString(PREFIX + "identity", "namespaces-it");
        own.forEach((key, value) -> operator.setString(PREFIX + key, value));
        return new DelegatingConfiguration(operator, PREFIX);
    }
}
