package dev.bluegreen.diff;

import java.nio.file.Files;
import java.nio.file.Path;

/** Locates the project root (the directory with pom.xml and bluegreen-core/) for tests. */
final class ProjectRoot {

    private ProjectRoot() {}

    static Path get() {
        String property = System.getProperty("bluegreen.project.root");
        if (property != null && !property.isBlank() && isRoot(Path.of(property))) {
            return Path.of(property).toAbsolutePath();
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (isRoot(dir)) {
                return dir;
            }
        }
        throw new IllegalStateException(
                "project root not found from "
                        + Path.of("").toAbsolutePath()
                        + " (set -Dbluegreen.project.root)");
    }

    static Path shared() {
        return get().resolve("../shared").normalize();
    }

    private static boolean isRoot(Path dir) {
        return Files.isRegularFile(dir.resolve("pom.xml"))
                && Files.isDirectory(dir.resolve("bluegreen-core"));
    }
}
