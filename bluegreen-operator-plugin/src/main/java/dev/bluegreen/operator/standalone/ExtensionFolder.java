package dev.bluegreen.operator.standalone;

import dev.bluegreen.operator.controller.Extensions;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The extensions of a controller process ({@code --extensions-dir}, {@code
 * BLUEGREEN_EXTENSIONS_DIR}, or the drop-in's listener key {@code extensions-dir}): every {@code
 * *.jar} directly in the folder, in one {@link URLClassLoader} whose parent is the process's own
 * class loader (the standalone jar's, or the drop-in plugin's), so an extension sees our {@code
 * bluegreen-core} and {@code bluegreen-diff} classes and brings only its own; then {@link
 * Extensions#load} through it (which also finds extensions on the parent's class path). The class
 * loader stays open for the life of the process.
 */
public final class ExtensionFolder {
    private ExtensionFolder() {}

    /**
     * The extensions found through {@code parent} and, when {@code dir} is given, the jars in it.
     *
     * @param source the option's name for errors, e.g. {@code --extensions-dir}
     * @throws BadOptionException naming {@code source}: the folder or a jar cannot be read, an
     *     extension cannot be instantiated, or its name is invalid or taken twice
     */
    public static Extensions load(Optional<Path> dir, ClassLoader parent, String source) {
        ClassLoader loader = dir.isEmpty() ? parent : classLoader(dir.get(), parent, source);
        try {
            return Extensions.load(loader);
        } catch (IllegalArgumentException | LinkageError e) {
            throw new BadOptionException(source, e.getMessage());
        }
    }

    /**
     * A class loader over the jars directly in {@code dir} (sorted by name), child of {@code
     * parent}.
     *
     * @throws BadOptionException naming {@code source} when the folder cannot be listed or a jar
     *     cannot be opened as a jar
     */
    public static URLClassLoader classLoader(Path dir, ClassLoader parent, String source) {
        List<URL> urls = new ArrayList<>();
        for (Path jar : jars(dir, source)) {
            urls.add(checkedJar(jar, source));
        }
        return new URLClassLoader("bluegreen-extensions", urls.toArray(URL[]::new), parent);
    }

    private static List<Path> jars(Path dir, String source) {
        if (!Files.isDirectory(dir)) {
            throw new BadOptionException(source, "no such directory: " + dir);
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().toList();
        } catch (IOException e) {
            throw new BadOptionException(source, "cannot list " + dir + ": " + e.getMessage());
        }
    }

    private static URL checkedJar(Path jar, String source) {
        try (var opened = new JarFile(jar.toFile())) {
            opened.getManifest(); // reads the central directory: a corrupt jar fails here
            return jar.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new BadOptionException(source, "cannot load " + jar + ": " + e.getMessage());
        } catch (IOException | SecurityException e) {
            throw new BadOptionException(
                    source, "cannot read the jar " + jar + ": " + e.getMessage());
        }
    }
}
