package dev.bluegreen.operator.it;

import dev.bluegreen.operator.fake.FakeFlinkOperator;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The example extension in the standalone process: the built shaded jar in its own JVM with {@code
 * --extensions-dir} naming a folder that holds the example's jar; a folder that cannot be used
 * stops the process at start with exit code 2, naming the flag.
 */
@EnableKubernetesMockClient(crud = true)
class ExtensionStandaloneIT {
    static final Path DIR = Path.of("target", "extension-standalone-it");

    KubernetesClient client;
    Process process;

    @AfterEach
    void killLeftover() {
        if (process != null && process.isAlive()) {
            process.destroyForcibly();
        }
    }

    @Test
    void anExtensionsDirJarDecidesTransitionsAndClassifiesChanges() throws Exception {
        EmbeddedApi.installCrd(client);
        Path extensions = Files.createDirectories(DIR.resolve("extensions"));
        Files.copy(
                ExtensionJars.example(),
                extensions.resolve("bluegreen-example-policy.jar"),
                StandardCopyOption.REPLACE_EXISTING);
        Path log = DIR.resolve("controller.log");
        try (var jobManagers = FakeJobManagers.start();
                var fake = FakeFlinkOperator.start(client)) {
            process =
                    start(
                            log,
                            jobManagers.jvmOptions(client.getConfiguration().getMasterUrl()),
                            "--leader-election",
                            "false",
                            "--metrics-port",
                            "0",
                            "--extensions-dir",
                            extensions.toString());
            var scenario = new ExtensionScenario(client, () -> log(log) + jobManagers);
            scenario.deployed(List.of("held", "steady"), List.of());
            scenario.runsTheSwitchOnlyWhenThePolicySaysReady();
            scenario.patchesReporterKeysInPlace();
            assertThat(log(log)).contains("extensions [steady-green]");
        }
    }

    @Test
    void aMissingExtensionsDirExitsWithTwoNamingTheFlag() throws Exception {
        Path log = DIR.resolve("missing-dir.log");

        process =
                start(
                        log,
                        List.of(),
                        "--leader-election",
                        "false",
                        "--extensions-dir",
                        "target/no-such");

        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isEqualTo(2);
        assertThat(log(log)).contains("--extensions-dir: no such directory");
    }

    @Test
    void aBrokenExtensionJarExitsWithTwoNamingTheFlagAndTheClass() throws Exception {
        Path broken = DIR.resolve("broken");
        ExtensionJars.broken(broken);
        Path log = DIR.resolve("broken-jar.log");

        process =
                start(
                        log,
                        List.of(),
                        "--leader-election",
                        "false",
                        "--extensions-dir",
                        broken.toString());

        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isEqualTo(2);
        assertThat(log(log))
                .contains("--extensions-dir: cannot load an extension")
                .contains("com.example.NoSuchExtension");
    }

    private Process start(Path log, List<String> jvmOptions, String... args) throws Exception {
        Files.createDirectories(DIR);
        return StandaloneJarIT.start(EmbeddedApi.kubeconfig(client, DIR), log, jvmOptions, args);
    }

    private static String log(Path log) {
        try {
            return StandaloneJarIT.read(log);
        } catch (java.io.IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
