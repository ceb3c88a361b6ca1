package dev.bluegreen.gate.channel.configmap;

import dev.bluegreen.gate.channel.GateChannel;
import dev.bluegreen.gate.channel.GateChannels;
import dev.bluegreen.gate.rule.GateCommand;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The ConfigMap channel against fabric8's mock API server (CRUD mode, plain HTTP). */
@EnableKubernetesMockClient(crud = true, https = false)
class ConfigMapGateChannelTest {
    private static final String NS = "shop";
    private static final GateCommand PROPOSED = GateCommand.propose(1, 60_000);

    static KubernetesClient client;
    static KubernetesMockServer server;

    @TempDir Path tmp;
    private final List<GateChannel> opened = new ArrayList<>();

    @AfterEach
    void closeAndClean() {
        opened.forEach(GateChannel::close);
        client.configMaps().inNamespace(NS).delete();
    }

    @Test
    void readsTheCommandAndFollowsItsChangesWithOnePollerPerConfigMap() {
        // Given the controller's ConfigMap and two subtasks of one JVM on the channel
        int before = ConfigMapPoller.running();
        writeCommand("orders", PROPOSED.toText());
        GateChannel first = open("shop/orders");
        GateChannel second = open("shop/orders");

        // When the first reads fresh and the controller then commits
        Optional<GateCommand> fresh = first.readFresh();
        writeCommand("orders", PROPOSED.commit().toText());

        // Then both see the proposal, then the commit, through one shared poller
        assertThat(fresh).contains(PROPOSED);
        assertThat(ConfigMapPoller.running()).isEqualTo(before + 1);
        await().atMost(Duration.ofSeconds(10))
                .until(() -> second.currentCommand().equals(Optional.of(PROPOSED.commit())));
        assertThat(first.currentCommand()).contains(PROPOSED.commit());
        first.close();
        assertThat(ConfigMapPoller.running()).isEqualTo(before + 1);
        second.close();
        assertThat(ConfigMapPoller.running()).isEqualTo(before);
    }

    @Test
    void noConfigMapYetMeansNoCommandAndNoError() {
        var channel = (ConfigMapGateChannel) open("shop/new");

        assertThat(channel.readFresh()).isEmpty();
        assertThat(channel.lastError()).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "missing key     | other   | transition=2;stage=COMMITTED;cutover=1;earlier= "
                        + "| configmap shop/orders-gate: data.command: missing",
                "malformed text  | command | transition=two;stage=COMMITTED;cutover=1;earlier="
                        + " | configmap shop/orders-gate: data.command: command.transition",
                "unknown stage   | command | transition=2;stage=MAYBE;cutover=1;earlier="
                        + " | configmap shop/orders-gate: data.command: command.stage",
            })
    void badContentIsNamedAndTheLastGoodCommandStays(
            String name, String key, String text, String error) {
        // Given a good command read once
        writeCommand("orders", PROPOSED.toText());
        var channel = (ConfigMapGateChannel) open("shop/orders");
        assertThat(channel.readFresh()).contains(PROPOSED);

        // When the ConfigMap turns bad
        client.configMaps()
                .inNamespace(NS)
                .resource(configMap("orders", Map.of(key, text)))
                .createOr(existing -> existing.update());

        // Then reads keep the good command and name the problem
        assertThat(channel.readFresh()).contains(PROPOSED);
        assertThat(channel.currentCommand()).contains(PROPOSED);
        assertThat(channel.lastError()).hasValueSatisfying(e -> assertThat(e).startsWith(error));
    }

    @Test
    void anOlderCommandNeverReplacesANewerOne() {
        writeCommand("orders", GateCommand.propose(2, 90_000).commit().toText());
        GateChannel channel = open("shop/orders");
        channel.readFresh();

        writeCommand("orders", PROPOSED.toText());

        assertThat(channel.readFresh()).contains(GateCommand.propose(2, 90_000).commit());
    }

    @Test
    void sendsTheServiceAccountTokenAsBearer() throws Exception {
        Path token = Files.writeString(tmp.resolve("token"), "secret-token\n");
        Map<String, String> config = config();
        config.put(ConfigMapSettings.TOKEN_FILE, token.toString());
        GateChannel channel = new ConfigMapGateChannelFactory(Map.of()).open("shop/t", config);
        opened.add(channel);

        channel.readFresh();

        assertThat(server.getLastRequest().getHeader("Authorization"))
                .isEqualTo("Bearer secret-token");
        // docs/deploy/gate-rbac.yaml grants exactly this: get on the one ConfigMap
        assertThat(server.getLastRequest().getMethod()).isEqualTo("GET");
        assertThat(server.getLastRequest().getPath())
                .isEqualTo("/api/v1/namespaces/shop/configmaps/t-gate");
    }

    private GateChannel open(String channel) {
        GateChannel opened =
                GateChannels.open(
                        ConfigMapGateChannelFactory.TYPE,
                        channel,
                        config(),
                        getClass().getClassLoader());
        this.opened.add(opened);
        return opened;
    }

    private Map<String, String> config() {
        Map<String, String> config = new HashMap<>();
        config.put(ConfigMapSettings.API_URL, server.url("/"));
        config.put(ConfigMapSettings.POLL_INTERVAL, "50 ms");
        config.put(ConfigMapSettings.TOKEN_FILE, tmp.resolve("no-token").toString());
        return config;
    }

    private static void writeCommand(String parent, String text) {
        client.configMaps()
                .inNamespace(NS)
                .resource(configMap(parent, Map.of(ConfigMapSettings.COMMAND_KEY, text)))
                .createOr(existing -> existing.update());
    }

    private static io.fabric8.kubernetes.api.model.ConfigMap configMap(
            String parent, Map<String, String> data) {
        return new ConfigMapBuilder()
                .withNewMetadata()
                .withName(parent + "-gate")
                .withNamespace(NS)
                .endMetadata()
                .withData(data)
                .build();
    }
}
