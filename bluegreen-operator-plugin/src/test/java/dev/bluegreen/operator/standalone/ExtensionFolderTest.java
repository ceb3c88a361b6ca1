package dev.bluegreen.operator.standalone;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ExtensionFolderTest {
    static final String FLAG = "--extensions-dir";

    @TempDir Path dir;

    @Test
    void withoutAFolderTheClassPathsExtensionsAreOffered() {
        var extensions = ExtensionFolder.load(Optional.empty(), getClass().getClassLoader(), FLAG);

        assertThat(extensions.names()).containsExactly("steady-green");
    }

    @Test
    void aFolderWithoutJarsAddsNothing() throws IOException {
        Files.writeString(dir.resolve("README.txt"), "not a jar");

        var extensions = ExtensionFolder.load(Optional.of(dir), getClass().getClassLoader(), FLAG);

        assertThat(extensions.names()).containsExactly("steady-green");
    }

    @Test
    void aMissingFolderACorruptJarAndABadExtensionNameTheFlag() throws IOException {
        Path corrupt = Files.createDirectories(dir.resolve("corrupt"));
        Files.writeString(corrupt.resolve("broken.jar"), "not a zip");
        Path missingClass = Files.createDirectories(dir.resolve("missing-class"));
        ServiceJars.jar(missingClass, "x.jar", "com.example.NoSuchExtension");
        ClassLoader parent = getClass().getClassLoader();

        assertThatThrownBy(
                        () -> ExtensionFolder.load(Optional.of(dir.resolve("none")), parent, FLAG))
                .isInstanceOf(BadOptionException.class)
                .hasMessageStartingWith("--extensions-dir: no such directory");
        assertThatThrownBy(() -> ExtensionFolder.load(Optional.of(corrupt), parent, FLAG))
                .isInstanceOf(BadOptionException.class)
                .hasMessageStartingWith("--extensions-dir: cannot read the jar")
                .hasMessageContaining("broken.jar");
        assertThatThrownBy(() -> ExtensionFolder.load(Optional.of(missingClass), parent, FLAG))
                .isInstanceOf(BadOptionException.class)
                .hasMessageStartingWith("--extensions-dir: cannot load an extension")
                .hasMessageContaining("com.example.NoSuchExtension");
    }
}
