package dev.bluegreen.operator.it;

import dev.bluegreen.operator.standalone.ServiceJars;

import java.io.IOException;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The extension jars the drop-in and standalone ITs load. */
final class ExtensionJars {
    private ExtensionJars() {}

    /**
     * The example extension's jar (bluegreen-example-policy), which the build copies from the
     * reactor to {@code target/extensions/} (maven-dependency-plugin, phase package).
     */
    static Path example() {
        Path jar = Path.of("target", "extensions", "bluegreen-example-policy.jar");
        assertThat(jar).as("the example extension's jar (run after mvn package)").exists();
        return jar;
    }

    /**
     * A broken extension jar in {@code dir}: its service file names a class the jar does not hold,
     * as a jar built against the wrong package or with a typo would.
     */
    static Path broken(Path dir) throws IOException {
        return ServiceJars.jar(dir, "broken-extension.jar", "com.example.NoSuchExtension");
    }
}
