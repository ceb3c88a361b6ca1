package dev.bluegreen.operator.listener;

import dev.bluegreen.core.extension.BlueGreenExtension;
import dev.bluegreen.operator.controller.Extensions;
import dev.bluegreen.operator.standalone.BadOptionException;
import dev.bluegreen.operator.standalone.ControllerOptions;
import dev.bluegreen.operator.standalone.ExtensionFolder;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The drop-in's extensions: every {@link BlueGreenExtension} in the plugin's class loader (the jars
 * next to ours in the operator's plugin folder, which Flink's plugin loader puts in one class
 * loader) and, with the listener key {@code extensions-dir}, in the jars of that folder. Loading
 * never stops the host operator: an extension that cannot be found or instantiated, has an invalid
 * name, or shares its name with another (both are left out) is a problem, reported and skipped; the
 * others are offered. A parent naming a skipped extension gets the controller's invalid-spec error
 * for an unknown extension.
 */
final class DropInExtensions {
    /** Bounds the loop over a service iterator that keeps failing. */
    private static final int MAX_PROBLEMS = 100;

    private DropInExtensions() {}

    /** What was loaded and what was skipped, one line per problem. */
    record Loaded(Extensions extensions, List<String> problems) {}

    /** The extensions of the plugin class loader {@code plugin} and of {@code dir}, if given. */
    static Loaded load(Optional<Path> dir, ClassLoader plugin) {
        List<String> problems = new ArrayList<>();
        ClassLoader loader = plugin;
        if (dir.isPresent()) {
            String key = "listener option " + ControllerOptions.Option.EXTENSIONS_DIR.key();
            try {
                loader = ExtensionFolder.classLoader(dir.get(), plugin, key);
            } catch (BadOptionException e) {
                problems.add(e.getMessage());
            }
        }
        Map<String, BlueGreenExtension> byName = new TreeMap<>();
        Set<String> duplicated = new TreeSet<>();
        Iterator<BlueGreenExtension> found =
                ServiceLoader.load(BlueGreenExtension.class, loader).iterator();
        while (problems.size() < MAX_PROBLEMS && hasNext(found, problems)) {
            next(found, problems).ifPresent(e -> add(e, byName, duplicated, problems));
        }
        duplicated.forEach(byName::remove);
        return new Loaded(Extensions.of(byName.values()), List.copyOf(problems));
    }

    private static boolean hasNext(Iterator<BlueGreenExtension> found, List<String> problems) {
        while (problems.size() < MAX_PROBLEMS) {
            try {
                return found.hasNext();
            } catch (ServiceConfigurationError | LinkageError e) {
                problems.add("cannot load an extension: " + e.getMessage());
            }
        }
        return false;
    }

    private static Optional<BlueGreenExtension> next(
            Iterator<BlueGreenExtension> found, List<String> problems) {
        try {
            return Optional.of(found.next());
        } catch (ServiceConfigurationError | LinkageError e) {
            problems.add("cannot load an extension: " + e.getMessage());
            return Optional.empty();
        }
    }

    private static void add(
            BlueGreenExtension extension,
            Map<String, BlueGreenExtension> byName,
            Set<String> duplicated,
            List<String> problems) {
        String name;
        try {
            name = Extensions.nameOf(extension);
        } catch (RuntimeException | LinkageError e) { // an invalid name, or name() throws
            problems.add(
                    "extension "
                            + extension.getClass().getName()
                            + ": "
                            + (e.getMessage() == null ? e.toString() : e.getMessage()));
            return;
        }
        BlueGreenExtension before = byName.putIfAbsent(name, extension);
        if (before != null) {
            duplicated.add(name);
            problems.add(
                    "two extensions are named '"
                            + name
                            + "' ("
                            + before.getClass().getName()
                            + " and "
                            + extension.getClass().getName()
                            + "); neither is offered");
        }
    }
}
