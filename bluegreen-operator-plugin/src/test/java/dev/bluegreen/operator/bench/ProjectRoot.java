package dev.bluegreen.operator.bench;

import java.nio.file.Files;
import java.nio.file.Path;

/** The project root: {@code bluegreen.project.root}, else the first parent with the modules. */
final class ProjectRoot {
    private ProjectRoot() {}

    /**
     * The project root directory.
     *
     * @throws IllegalStateException when neither the property nor a parent directory has one
     */
    static Path find() {
        String property = System.getProperty("bluegreen.project.root");
        if (property != null) {
            return Path.of(property).toAbsolutePath();
        }
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null
                && !(Files.isRegularFile(dir.resolve("pom.xml"))
                        && Files.isDirectory(dir.resolve("bluegreen-core")))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new IllegalStateException(
                    "project root not found above " + Path.of("").toAbsolutePath());
        }
        return dir;
    }
}
