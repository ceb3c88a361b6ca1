package dev.bluegreen.operator.it;

import dev.bluegreen.operator.fake.FakeFlinkOperator;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The built standalone jar ({@code target/*-standalone.jar}) in its own JVM ({@code java -jar})
 * against the embedded API server, reached through a kubeconfig file (KUBECONFIG).
 */
@EnableKubernetesMockClient(crud = true)
class StandaloneJarIT {
    static final Duration START = Duration.ofSeconds(40);
    static final String LEASE = "bluegreen-controller";

    KubernetesMockServer server;
    KubernetesClient client;
    Process process;

    @AfterEach
    void killLeftover() {
        if (process != null && process.isAlive()) {
            process.destroyForcibly();
        }
    }

    @Test
    void leadsReconcilesAndStopsCleanlyOnSigterm() throws Exception {
        // given the embedded API with our CRD, the upstream operator's stand-in and a Lease check
        EmbeddedApi.installCrd(client);
        EmbeddedApi.allowLeases(server);
        Path dir = Path.of("target", "standalone-it");
        Path kubeconfig = EmbeddedApi.kubeconfig(client, dir);
        Path log = dir.resolve("controller.log");
        try (var fake = FakeFlinkOperator.start(client)) {
            // when the jar starts
            process =
                    start(
                            kubeconfig,
                            log,
                            "--lease-namespace",
                            "default",
                            "--identity",
                            "standalone-it");

            // then it takes the Lease and runs a parent to a live blue child
            await().atMost(START)
                    .untilAsserted(
                            () ->
                                    assertThat(EmbeddedApi.leaseHolder(client, "default", LEASE))
                                            .as("Lease holder; log:%n%s", read(log))
                                            .isEqualTo("standalone-it"));
            client.resource(Fixtures.parent("orders", Fixtures.job(2, "savepoint"))).create();
            await().atMost(START)
                    .untilAsserted(
                            () ->
                                    assertThat(state("orders"))
                                            .as("parent state; log:%n%s", read(log))
                                            .isEqualTo("ACTIVE_BLUE"));
            assertThat(fake.deployment("default", "orders-blue")).isNotNull();

            // and on SIGTERM it exits 0, having stopped and released the Lease
            process.destroy();
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("exited in time").isTrue();
            assertThat(process.exitValue()).as("exit code; log:%n%s", read(log)).isZero();
            assertThat(read(log)).contains("Shut down cleanly").contains("Lease released");
            assertThat(EmbeddedApi.leaseHolder(client, "default", LEASE)).isNull();
        }
    }

    @Test
    void badFlagExitsWithTwoNamingTheFlag() throws Exception {
        Path dir = Path.of("target", "standalone-it");
        Path kubeconfig = EmbeddedApi.kubeconfig(client, dir);
        Path log = dir.resolve("bad-flag.log");

        process = start(kubeconfig, log, "--lease-namespace", "default", "--no-such-flag", "x");

        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isEqualTo(2);
        assertThat(read(log)).contains("--no-such-flag: unknown flag");
    }

    @Test
    void missingLeaseNamespaceOutsideAPodExitsWithTwoNamingTheFlag() throws Exception {
        Path dir = Path.of("target", "standalone-it");
        Path kubeconfig = EmbeddedApi.kubeconfig(client, dir);
        Path log = dir.resolve("no-lease-namespace.log");

        process = start(kubeconfig, log);

        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isEqualTo(2);
        assertThat(read(log)).contains("--lease-namespace: not set");
    }

    private String state(String name) {
        var parent =
                client.resources(FlinkBlueGreenDeployment.class)
                        .inNamespace("default")
                        .withName(name)
                        .get();
        return parent == null || parent.getStatus() == null ? null : parent.getStatus().getState();
    }

    private static Process start(Path kubeconfig, Path log, String... args) throws IOException {
        return start(kubeconfig, log, List.of(), args);
    }

    /** Starts the jar with {@code jvmOptions} (e.g. {@code -D...}) and {@code args}. */
    static Process start(Path kubeconfig, Path log, List<String> jvmOptions, String... args)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-XX:TieredStopAtLevel=1");
        command.addAll(jvmOptions);
        command.add("-jar");
        command.add(jar().toString());
        command.addAll(List.of(args));
        var builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.redirectOutput(log.toFile());
        builder.environment().put("KUBECONFIG", kubeconfig.toAbsolutePath().toString());
        builder.environment().remove("BLUEGREEN_LEASE_NAMESPACE");
        return builder.start();
    }

    /** The jar {@code mvn package} built. */
    static Path jar() {
        File[] jars =
                Path.of("target")
                        .toFile()
                        .listFiles(
                                (d, n) ->
                                        n.startsWith("bluegreen-operator-plugin-")
                                                && n.endsWith("-standalone.jar"));
        assertThat(jars).as("the standalone jar (run after mvn package)").hasSize(1);
        return jars[0].toPath();
    }

    static String read(Path log) throws IOException {
        return Files.exists(log) ? Files.readString(log) : "(no log)";
    }
}
