package dev.bluegreen.operator.resource;

import java.nio.file.Files;
import java.nio.file.Path;

/** Locates the project root and the shared/ folder beside it, for tests. */
public final class ProjectFiles {
    private ProjectFiles() {}

    /** The project root: the system property {@code bluegreen.project.root}, else found upwards. */
    public static Path root() {
        var property = System.getProperty("bluegreen.project.root");
        if (property != null && Files.isDirectory(Path.of(property, "bluegreen-core"))) {
            return Path.of(property).toAbsolutePath().normalize();
        }
        var dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isDirectory(dir.resolve("bluegreen-core"))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new IllegalStateException(
                    "project root not found above " + Path.of("").toAbsolutePath());
        }
        return dir;
    }

    /** The shared/ folder beside the project root (reference material and upstream CRDs). */
    public static Path shared() {
        return root().resolveSibling("shared");
    }
}
