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
                if (Files.exists(dir)) {
                    try (Stream<Path> files = Files.walk(dir)) {
                        for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                            Files.delete(p);
                        }
                    }
                }
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot empty " + dir, e);
            }
        }
    }
}
