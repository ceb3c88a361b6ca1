package dev.bluegreen.operator.it;

import dev.bluegreen.operator.fake.FakeFlinkOperator;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.DelegatingConfiguration;
import org.apache.flink.kubernetes.operator.api.listener.FlinkResourceListener;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The example extension in the drop-in: its jar next to the drop-in jar in one plugin folder,
 * loaded by Flink's real plugin manager (one class loader for the folder's jars), together with a
 * broken extension jar that the controller must skip without stopping.
 */
@EnableKubernetesMockClient(crud = true, https = false)
class ExtensionDropInIT {
    static final String PREFIX = DropInPluginIT.PREFIX;

    KubernetesClient client;

    @Test
    void anExtensionJarNextToOursDecidesTransitionsAndABrokenOneIsSkipped() throws Exception {
        EmbeddedApi.installCrd(client);
        try (var jobManagers = FakeJobManagers.start();
                var routed = jobManagers.routeThisJvm(client.getConfiguration().getMasterUrl());
                var fake = FakeFlinkOperator.start(client)) {
            FlinkResourceListener listener = loadListener();
            try {
                listener.configure(config());
                var scenario = new ExtensionScenario(client, jobManagers::toString);
                scenario.deployed(List.of("held", "steady"), List.of());
                scenario.runsTheSwitchOnlyWhenThePolicySaysReady();
                scenario.patchesReporterKeysInPlace();
            } finally {
                ((AutoCloseable) listener).close();
            }
        }
    }

    /** The listener from {@code <plugins>/bluegreen/}: the drop-in, the example, a broken jar. */
    static FlinkResourceListener loadListener() throws Exception {
        Path plugins = Path.of("target", "extension-dropin-it", "plugins");
        Path folder = Files.createDirectories(plugins.resolve("bluegreen"));
        copy(DropInPluginIT.dropInJar(), folder.resolve("bluegreen-operator-plugin-dropin.jar"));
        copy(ExtensionJars.example(), folder.resolve("bluegreen-example-policy.jar"));
        ExtensionJars.broken(folder);
        FlinkResourceListener listener = DropInPluginIT.loadFrom(plugins);
        // the example's classes come from its jar in the plugin folder, through the listener's
        // class loader, and are not the test class path's
        Class<?> example =
                listener.getClass()
                        .getClassLoader()
                        .loadClass("dev.bluegreen.example.policy.SteadyGreenExtension");
        assertThat(example.getProtectionDomain().getCodeSource().getLocation().toString())
                .endsWith("/plugins/bluegreen/bluegreen-example-policy.jar");
        return listener;
    }

    private static void copy(Path from, Path to) throws Exception {
        Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
    }

    private Configuration config() {
        var operatorConf = new Configuration();
        operatorConf.setString(
                PREFIX + "class", "dev.bluegreen.operator.listener.BlueGreenListener");
        operatorConf.setString(PREFIX + "master-url", client.getConfiguration().getMasterUrl());
        operatorConf.setString(PREFIX + "leader-election", "false");
        return new DelegatingConfiguration(operatorConf, PREFIX);
    }
}
