package dev.bluegreen.operator.standalone;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ControllerOptionsTest {
    static final Path NO_POD = Path.of("/nonexistent/serviceaccount/namespace");

    @TempDir Path dir;

    static Stream<Arguments> badInputs() {
        return Stream.of(
                bad("unknown flag", List.of("--nope", "x"), Map.of(), "--nope", "unknown flag"),
                bad(
                        "flag without value",
                        List.of("--lease-name"),
                        Map.of(),
                        "--lease-name",
                        "missing value"),
                bad(
                        "flag followed by a flag",
                        List.of("--lease-name", "--identity", "me"),
                        Map.of(),
                        "--lease-name",
                        "missing value"),
                bad(
                        "leader election not a boolean",
                        List.of("--leader-election", "maybe"),
                        Map.of(),
                        "--leader-election",
                        "expected true or false, got \"maybe\""),
                bad(
                        "lease name not a DNS subdomain",
                        List.of("--lease-name", "Bad_Name"),
                        Map.of(),
                        "--lease-name",
                        "DNS subdomain"),
                bad(
                        "lease namespace not a DNS label",
                        List.of("--lease-namespace", "a.b"),
                        Map.of(),
                        "--lease-namespace",
                        "DNS label"),
                bad(
                        "namespace not a DNS label",
                        List.of("--namespaces", "team-a,Team_B"),
                        Map.of(),
                        "--namespaces",
                        "got \"Team_B\""),
                bad(
                        "empty namespace in the list",
                        List.of("--namespaces=a,,b"),
                        Map.of(),
                        "--namespaces",
                        "got \"\""),
                bad(
                        "blank identity",
                        List.of("--lease-namespace=ops", "--identity= "),
                        Map.of(),
                        "--identity",
                        "non-blank"),
                bad(
                        "bad environment variable",
                        List.of(),
                        Map.of("BLUEGREEN_LEADER_ELECTION", "yes"),
                        "BLUEGREEN_LEADER_ELECTION",
                        "got \"yes\""),
                bad(
                        "metrics port not a number",
                        List.of("--lease-namespace=ops", "--metrics-port", "http"),
                        Map.of(),
                        "--metrics-port",
                        "expected a port number 0-65535 (0 turns the endpoint off), got \"http\""),
                bad(
                        "metrics port out of range",
                        List.of("--lease-namespace=ops", "--metrics-port=65536"),
                        Map.of(),
                        "--metrics-port",
                        "got \"65536\""),
                bad(
                        "negative metrics port in the environment",
                        List.of("--lease-namespace=ops"),
                        Map.of("BLUEGREEN_METRICS_PORT", "-1"),
                        "BLUEGREEN_METRICS_PORT",
                        "expected a port number 0-65535"),
                bad(
                        "REST endpoint template flag without a value",
                        List.of("--leader-election=false", "--rest-endpoint-template"),
                        Map.of(),
                        "--rest-endpoint-template",
                        "missing value"),
                bad(
                        "REST endpoint template without {child}",
                        List.of(
                                "--leader-election=false",
                                "--rest-endpoint-template",
                                "http://jobmanager:8081"),
                        Map.of(),
                        "--rest-endpoint-template",
                        "must contain {child}"),
                bad(
                        "REST endpoint template that is not http(s)",
                        List.of(
                                "--leader-election=false",
                                "--rest-endpoint-template=ftp://{child}.{namespace}:{port}"),
                        Map.of(),
                        "--rest-endpoint-template",
                        "must make an http(s) URI"),
                bad(
                        "REST endpoint template variable that is not a URI",
                        List.of("--leader-election=false"),
                        Map.of("BLUEGREEN_REST_ENDPOINT_TEMPLATE", "http://{child} rest:{port}"),
                        "BLUEGREEN_REST_ENDPOINT_TEMPLATE",
                        "does not make a URI"),
                bad(
                        "no lease namespace outside a pod",
                        List.of(),
                        Map.of(),
                        "--lease-namespace",
                        "BLUEGREEN_LEASE_NAMESPACE"));
    }

    private static Arguments bad(
            String name, List<String> args, Map<String, String> env, String option, String text) {
        return Arguments.of(name, args, env, option, text);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badInputs")
    void badInputNamesTheOption(
            String name, List<String> args, Map<String, String> env, String option, String text) {
        // given the flags and variables of the case, outside a pod
        // when they are parsed, then the error names the option
        assertThatThrownBy(() -> ControllerOptions.parse(args, env, NO_POD, () -> "host"))
                .isInstanceOf(BadOptionException.class)
                .hasMessageStartingWith(option + ": ")
                .hasMessageContaining(text)
                .satisfies(e -> assertThat(((BadOptionException) e).option()).isEqualTo(option));
    }

    @Test
    void defaultsInAPodWatchAllNamespacesAndElectInThePodsNamespace() throws IOException {
        Path namespaceFile = Files.writeString(dir.resolve("namespace"), "flink-bluegreen\n");

        var options =
                ControllerOptions.parse(
                        List.of(), Map.of("HOSTNAME", "controller-7d9f"), namespaceFile, () -> "h");

        assertThat(options)
                .isEqualTo(
                        new ControllerOptions(
                                        Set.of(),
                                        true,
                                        "bluegreen-controller",
                                        Optional.of("flink-bluegreen"),
                                        "controller-7d9f",
                                        ControllerOptions.DEFAULT_METRICS_PORT,
                                        "http://{child}-rest.{namespace}.svc:{port}")
                                .withDashboard(8090, "127.0.0.1"));
        assertThat(options.metricsPort()).isEqualTo(8080);
        assertThat(options.restEndpoints().resolve("shop", "orders-green", 8081))
                .hasToString("http://orders-green-rest.shop.svc:8081");
    }

    @Test
    void flagWinsOverItsEnvironmentVariable() {
        var options =
                ControllerOptions.parse(
                        List.of("--lease-namespace=ops", "--namespaces", "team-a, team-b"),
                        Map.of("BLUEGREEN_LEASE_NAMESPACE", "other", "BLUEGREEN_NAMESPACES", "x"),
                        NO_POD,
                        () -> "host-1");

        assertThat(options.leaseNamespace()).contains("ops");
        assertThat(options.namespaces()).containsExactlyInAnyOrder("team-a", "team-b");
        assertThat(options.identity()).isEqualTo("host-1");
    }

    @Test
    void environmentVariablesApplyWithoutFlags() {
        var options =
                ControllerOptions.parse(
                        List.of(),
                        Map.of(
                                "BLUEGREEN_LEASE_NAMESPACE", "ops",
                                "BLUEGREEN_LEASE_NAME", "my-lease",
                                "BLUEGREEN_IDENTITY", "replica-a"),
                        NO_POD,
                        () -> "host");

        assertThat(options.leaseName()).isEqualTo("my-lease");
        assertThat(options.identity()).isEqualTo("replica-a");
    }

    @Test
    void metricsPortComesFromTheFlagOrTheVariableAndZeroTurnsTheEndpointOff() {
        assertThat(
                        ControllerOptions.parse(
                                        List.of("--lease-namespace=ops", "--metrics-port", "9090"),
                                        Map.of("BLUEGREEN_METRICS_PORT", "9191"),
                                        NO_POD,
                                        () -> "host")
                                .metricsPort())
                .isEqualTo(9090);
        assertThat(
                        ControllerOptions.parse(
                                        List.of("--lease-namespace=ops"),
                                        Map.of("BLUEGREEN_METRICS_PORT", "0"),
                                        NO_POD,
                                        () -> "host")
                                .metricsPort())
                .isZero();
    }

    @Test
    void theDropInServesNoEndpointUnlessItsKeyIsSet() {
        var defaults =
                ControllerOptions.fromListenerConfig(
                        Map.of("lease-namespace", "flink"), Map.of(), NO_POD, () -> "host");
        var withPort =
                ControllerOptions.fromListenerConfig(
                        Map.of("lease-namespace", "flink", "metrics-port", "9249"),
                        Map.of(),
                        NO_POD,
                        () -> "host");

        assertThat(defaults.metricsPort()).isZero();
        assertThat(withPort.metricsPort()).isEqualTo(9249);
        assertThatThrownBy(
                        () ->
                                ControllerOptions.fromListenerConfig(
                                        Map.of("lease-namespace", "flink", "metrics-port", "x"),
                                        Map.of(),
                                        NO_POD,
                                        () -> "host"))
                .hasMessageStartingWith("listener option metrics-port: ");
    }

    @Test
    void dashboardIsOnForTheStandaloneProcessOnLoopbackAndOffForTheDropIn() {
        var standalone =
                ControllerOptions.parse(
                        List.of("--leader-election", "false"), Map.of(), NO_POD, () -> "h");
        var flagged =
                ControllerOptions.parse(
                        List.of(
                                "--leader-election=false",
                                "--dashboard-port=9000",
                                "--dashboard-address",
                                "0.0.0.0"),
                        Map.of("BLUEGREEN_DASHBOARD_PORT", "9001"),
                        NO_POD,
                        () -> "h");
        var dropIn =
                ControllerOptions.fromListenerConfig(
                        Map.of("lease-namespace", "flink"), Map.of(), NO_POD, () -> "host");
        var dropInOn =
                ControllerOptions.fromListenerConfig(
                        Map.of("lease-namespace", "flink", "dashboard-port", "8090"),
                        Map.of(),
                        NO_POD,
                        () -> "host");

        assertThat(standalone.dashboardPort()).isEqualTo(8090);
        assertThat(standalone.dashboardAddress()).isEqualTo("127.0.0.1");
        assertThat(flagged.dashboardPort()).isEqualTo(9000);
        assertThat(flagged.dashboardAddress()).isEqualTo("0.0.0.0");
        assertThat(dropIn.dashboardPort()).isZero();
        assertThat(dropInOn.dashboardPort()).isEqualTo(8090);
        assertThatThrownBy(
                        () ->
                                ControllerOptions.parse(
                                        List.of(
                                                "--leader-election=false",
                                                "--dashboard-address",
                                                "<script>"),
                                        Map.of(),
                                        NO_POD,
                                        () -> "h"))
                .hasMessageStartingWith("--dashboard-address: ");
        assertThatThrownBy(
                        () ->
                                ControllerOptions.fromListenerConfig(
                                        Map.of(
                                                "leader-election",
                                                "false",
                                                "dashboard-port",
                                                "70000"),
                                        Map.of(),
                                        NO_POD,
                                        () -> "host"))
                .hasMessageStartingWith("listener option dashboard-port: ");
    }

    @Test
    void restEndpointTemplateFromAFlagOrItsVariableReplacesTheInClusterService() {
        String proxy =
                "http://localhost:8001/api/v1/namespaces/{namespace}/services/{child}-rest:{port}/proxy";
        var fromFlag =
                ControllerOptions.parse(
                        List.of("--leader-election=false", "--rest-endpoint-template", proxy),
                        Map.of("BLUEGREEN_REST_ENDPOINT_TEMPLATE", "http://{child}:1"),
                        NO_POD,
                        () -> "host");
        var fromVariable =
                ControllerOptions.parse(
                        List.of("--leader-election=false"),
                        Map.of("BLUEGREEN_REST_ENDPOINT_TEMPLATE", "http://{child}.local:{port}"),
                        NO_POD,
                        () -> "host");

        assertThat(fromFlag.restEndpoints().resolve("shop", "orders-blue", 8081))
                .hasToString(
                        "http://localhost:8001/api/v1/namespaces/shop/services/orders-blue-rest:8081/proxy");
        assertThat(fromVariable.restEndpoints().resolve("shop", "orders-blue", 9000))
                .hasToString("http://orders-blue.local:9000");
    }

    @Test
    void withoutLeaderElectionNoLeaseNamespaceIsNeeded() {
        var options =
                ControllerOptions.parse(
                        List.of("--leader-election", "false"), Map.of(), NO_POD, () -> "host");

        assertThat(options.leaderElection()).isFalse();
        assertThat(options.leaseNamespace()).isEmpty();
    }

    @Test
    void listenerKeysAreTheFlagsWithoutDashesAndErrorsNameTheKey() {
        var options =
                ControllerOptions.fromListenerConfig(
                        Map.of("lease-namespace", "flink", "namespaces", "jobs", "class", "x"),
                        Map.of(),
                        NO_POD,
                        () -> "host");
        assertThat(options.leaseNamespace()).contains("flink");
        assertThat(options.namespaces()).containsExactly("jobs");

        assertThatThrownBy(
                        () ->
                                ControllerOptions.fromListenerConfig(
                                        Map.of("leader-election", "nah"),
                                        Map.of(),
                                        NO_POD,
                                        () -> "host"))
                .hasMessageStartingWith("listener option leader-election: ");
    }

    @Test
    void listenerRestEndpointTemplateIsCheckedAndNamesTheKey() {
        var options =
                ControllerOptions.fromListenerConfig(
                        Map.of(
                                "leader-election", "false",
                                "rest-endpoint-template", "https://{child}.{namespace}.example"),
                        Map.of(),
                        NO_POD,
                        () -> "host");
        assertThat(options.restEndpoints().resolve("shop", "orders-green", 8081))
                .hasToString("https://orders-green.shop.example");

        assertThatThrownBy(
                        () ->
                                ControllerOptions.fromListenerConfig(
                                        Map.of(
                                                "leader-election", "false",
                                                "rest-endpoint-template", "http://jm:8081"),
                                        Map.of(),
                                        NO_POD,
                                        () -> "host"))
                .isInstanceOf(BadOptionException.class)
                .hasMessageStartingWith("listener option rest-endpoint-template: ")
                .hasMessageContaining("must contain {child}");
    }

    @Test
    void withNamespacesReplacesOnlyTheNamespaces() {
        var options =
                ControllerOptions.parse(
                        List.of("--lease-namespace", "ops", "--metrics-port", "9090"),
                        Map.of(),
                        NO_POD,
                        () -> "host");

        var narrowed = options.withNamespaces(Set.of("team-a"));

        assertThat(narrowed.namespaces()).containsExactly("team-a");
        assertThat(narrowed.withNamespaces(options.namespaces())).isEqualTo(options);
    }

    @Test
    void parseNamespacesReadsAListAsTheFlagDoesAndNamesTheSource() {
        assertThat(ControllerOptions.parseNamespaces("x", " team-a , team-b "))
                .containsExactlyInAnyOrder("team-a", "team-b");
        assertThat(ControllerOptions.parseNamespaces("x", " ")).isEmpty();
        assertThatThrownBy(() -> ControllerOptions.parseNamespaces("the setting", "team_a"))
                .isInstanceOf(BadOptionException.class)
                .hasMessageStartingWith("the setting: expected a namespace name");
    }
}
