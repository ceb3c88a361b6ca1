package dev.bluegreen.operator.listener;

import dev.bluegreen.core.extension.BlueGreenExtension;
import dev.bluegreen.operator.standalone.ServiceJars;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Loading the drop-in's extensions never fails: each bad one is a problem and left out. The test
 * class path holds the example extension {@code steady-green}; the jars made here add bad ones.
 */
class DropInExtensionsTest {
    @TempDir Path dir;

    @Test
    void offersTheExtensionsOfThePluginClassLoader() {
        var loaded = DropInExtensions.load(Optional.empty(), getClass().getClassLoader());

        assertThat(loaded.extensions().names()).containsExactly("steady-green");
        assertThat(loaded.problems()).isEmpty();
    }

    @Test
    void skipsAMissingClassAnInvalidNameAndOnesThatThrowKeepingTheRest() throws IOException {
        var loader =
                loader(
                        jar(
                                "bad.jar",
                                "com.example.NoSuchExtension",
                                BadName.class.getName(),
                                Throwing.class.getName(),
                                NameThrows.class.getName()));

        var loaded = DropInExtensions.load(Optional.empty(), loader);

        assertThat(loaded.extensions().names()).containsExactly("steady-green");
        assertThat(loaded.problems())
                .hasSize(4)
                .anyMatch(p -> p.contains("com.example.NoSuchExtension"))
                .anyMatch(p -> p.contains(NameThrows.class.getName() + ": java.lang.Illegal"))
                .anyMatch(p -> p.contains("invalid name 'Bad Name'"))
                .anyMatch(p -> p.contains(Throwing.class.getName()));
    }

    @Test
    void twoExtensionsOfOneNameAreBothLeftOut() throws IOException {
        var loader = loader(jar("twin.jar", Twin.class.getName()));

        var loaded = DropInExtensions.load(Optional.empty(), loader);

        assertThat(loaded.extensions().names()).isEmpty();
        assertThat(loaded.problems())
                .singleElement()
                .asString()
                .contains("two extensions are named 'steady-green'")
                .contains("neither is offered");
    }

    @Test
    void theExtensionsDirKeyAddsItsJarsAndAMissingFolderIsAProblem() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("extensions"));
        ServiceJars.jar(folder, "twin.jar", Twin.class.getName());

        var withDir = DropInExtensions.load(Optional.of(folder), getClass().getClassLoader());
        var missing =
                DropInExtensions.load(
                        Optional.of(dir.resolve("missing")), getClass().getClassLoader());

        assertThat(withDir.extensions().names()).isEmpty();
        assertThat(withDir.problems()).singleElement().asString().contains("two extensions");
        assertThat(missing.extensions().names()).containsExactly("steady-green");
        assertThat(missing.problems())
                .singleElement()
                .asString()
                .startsWith("listener option extensions-dir: no such directory");
    }

    private URLClassLoader loader(Path jar) throws IOException {
        return new URLClassLoader(new URL[] {jar.toUri().toURL()}, getClass().getClassLoader());
    }

    private Path jar(String name, String... providers) throws IOException {
        return ServiceJars.jar(dir, name, providers);
    }

    /** An extension whose name no parent can pick. */
    public static final class BadName implements BlueGreenExtension {
        @Override
        public String name() {
            return "Bad Name";
        }
    }

    /** An extension whose constructor throws. */
    public static final class Throwing implements BlueGreenExtension {
        public Throwing() {
            throw new IllegalStateException("no configuration");
        }

        @Override
        public String name() {
            return "throwing";
        }
    }

    /** An extension whose name() throws, without a message. */
    public static final class NameThrows implements BlueGreenExtension {
        @Override
        public String name() {
            throw new IllegalStateException();
        }
    }

    /** A second extension named like the example. */
    public static final class Twin implements BlueGreenExtension {
        @Override
        public String name() {
            return "steady-green";
        }
    }
}
