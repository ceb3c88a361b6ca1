package dev.bluegreen.gate.channel.configmap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Where the ConfigMap channel looks: channel name, configuration keys and the pod environment. */
class ConfigMapSettingsTest {
    private static final Map<String, String> IN_CLUSTER =
            Map.of("KUBERNETES_SERVICE_HOST", "10.0.0.1", "KUBERNETES_SERVICE_PORT", "6443");

    @Test
    void inClusterTheApiServerComesFromTheEnvironment() {
        var settings = ConfigMapSettings.resolve("shop/orders", Map.of(), IN_CLUSTER);

        assertThat(settings.configMapUri())
                .hasToString("https://10.0.0.1:6443/api/v1/namespaces/shop/configmaps/orders-gate");
        assertThat(settings.pollInterval()).isEqualTo(Duration.ofSeconds(1));
        assertThat(settings.tokenFile())
                .hasToString("/var/run/secrets/kubernetes.io/serviceaccount/token");
    }

    @Test
    void anIpv6ServiceHostIsBracketed() {
        var settings =
                ConfigMapSettings.resolve(
                        "shop/orders", Map.of(), Map.of("KUBERNETES_SERVICE_HOST", "fd00::1"));

        assertThat(settings.apiUrl()).hasToString("https://[fd00::1]:443");
    }

    @Test
    void configuredApiUrlNamespaceAndPollIntervalWin() {
        var settings =
                ConfigMapSettings.resolve(
                        "orders",
                        Map.of(
                                "bluegreen.gate.configmap.api-url", "http://localhost:8080/",
                                "bluegreen.gate.configmap.namespace", "team-a",
                                "bluegreen.gate.configmap.poll-interval", "250 ms"),
                        IN_CLUSTER);

        assertThat(settings.configMapUri())
                .hasToString(
                        "http://localhost:8080/api/v1/namespaces/team-a/configmaps/orders-gate");
        assertThat(settings.pollInterval()).isEqualTo(Duration.ofMillis(250));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "empty parent       | shop/     | |                  | bluegreen.gate.channel: expected <namespace>/<name>",
                "two slashes        | a/b/c     | |                  | bluegreen.gate.channel: expected <namespace>/<name>",
                "bad poll interval  | shop/o    | bluegreen.gate.configmap.poll-interval | fast | bluegreen.gate.configmap.poll-interval: expected a positive duration",
                "zero poll interval | shop/o    | bluegreen.gate.configmap.poll-interval | 0 s  | bluegreen.gate.configmap.poll-interval: expected a positive duration",
                "bad api url        | shop/o    | bluegreen.gate.configmap.api-url | localhost | bluegreen.gate.configmap.api-url: expected an http(s) URL",
            })
    void badInputNamesTheKey(String name, String channel, String key, String value, String error) {
        Map<String, String> config = key == null ? Map.of() : Map.of(key, value);

        assertThatThrownBy(() -> ConfigMapSettings.resolve(channel, config, IN_CLUSTER))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(error);
    }

    @Test
    void outsideAPodTheApiUrlIsRequired() {
        assertThatThrownBy(() -> ConfigMapSettings.resolve("shop/orders", Map.of(), Map.of()))
                .hasMessageStartingWith("bluegreen.gate.configmap.api-url: required outside");
    }
}
