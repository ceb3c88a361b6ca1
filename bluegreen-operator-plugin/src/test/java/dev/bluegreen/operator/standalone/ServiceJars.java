package dev.bluegreen.operator.standalone;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

/** Extension jars made by tests: only a service file listing the given provider classes. */
public final class ServiceJars {
    /** The service file an extension jar lists its implementations in. */
    public static final String SERVICE_FILE =
            "META-INF/services/dev.bluegreen.core.extension.BlueGreenExtension";

    private ServiceJars() {}

    /** Writes {@code folder/name} listing {@code providers}; returns its path. */
    public static Path jar(Path folder, String name, String... providers) throws IOException {
        Files.createDirectories(folder);
        Path jar = folder.resolve(name);
        try (OutputStream file = Files.newOutputStream(jar);
                var out = new JarOutputStream(file)) {
            out.putNextEntry(new JarEntry(SERVICE_FILE));
            out.write((String.join("\n", providers) + "\n").getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return jar;
    }
}
