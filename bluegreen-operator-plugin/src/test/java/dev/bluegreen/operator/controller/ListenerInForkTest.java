package dev.bluegreen.operator.controller;

import dev.bluegreen.operator.it.OperatorPlugins;

import org.apache.flink.kubernetes.operator.api.listener.FlinkResourceListener;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ServiceLoader;
import java.util.jar.JarOutputStream;
import java.util.zip.ZipEntry;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * In a fork, our plain jar (listener class and its {@code META-INF/services} file included) is on
 * the operator's class path. The operator looks for listeners only through Flink's plugin manager
 * ({@code ListenerUtils.discoverListeners}, release-1.15.0), whose plugin class loaders do not read
 * service files from the class path: the listener is never loaded there.
 */
class ListenerInForkTest {
    @TempDir Path plugins;

    @Test
    void theServiceFileIsOnTheClassPathButThePluginManagerDoesNotSeeIt() throws IOException {
        assertThat(ServiceLoader.load(FlinkResourceListener.class, getClass().getClassLoader()))
                .as("the class path (a fork's) has our listener's service file")
                .anyMatch(l -> l.getClass().getSimpleName().equals("BlueGreenListener"));

        emptyJar(Files.createDirectories(plugins.resolve("other")).resolve("other.jar"));
        var manager = OperatorPlugins.manager(plugins);

        assertThat(manager.load(FlinkResourceListener.class))
                .as("listeners the operator discovers")
                .isExhausted();
    }

    private static void emptyJar(Path jar) throws IOException {
        try (OutputStream out = Files.newOutputStream(jar);
                JarOutputStream zip = new JarOutputStream(out)) {
            zip.putNextEntry(new ZipEntry("README.txt"));
            zip.write("not a listener".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            zip.closeEntry();
        }
    }
}
