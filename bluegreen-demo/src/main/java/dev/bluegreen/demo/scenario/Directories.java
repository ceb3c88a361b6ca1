package dev.bluegreen.demo.scenario;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Empties and creates the demo's working directories, so every run starts from nothing. */
public final class Directories {
    private Directories() {}

    /** Deletes each directory with its content, if present, and creates it empty. */
    public static void recreate(Path... dirs) {
        for (Path dir : dirs) {
            try {
                deleteTree(dir);
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot empty " + dir, e);
            }
        }
    }

    /** Deletes {@code dir} and its content, deepest first; nothing when it does not exist. */
    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
