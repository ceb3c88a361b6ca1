package dev.bluegreen.operator.docs;

import dev.bluegreen.operator.resource.ProjectFiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The project's user-facing Markdown pages: README.md, CHANGELOG.md and every page under docs/. */
final class Docs {
    private Docs() {}

    /** README.md, CHANGELOG.md and docs/**.md, sorted. */
    static List<Path> pages() {
        Path root = ProjectFiles.root();
        try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
            return Stream.concat(
                            Stream.of(root.resolve("README.md"), root.resolve("CHANGELOG.md")),
                            docs.filter(p -> p.toString().endsWith(".md")).sorted())
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A page's text without fenced code blocks (their contents are not Markdown). */
    static String prose(Path page) {
        StringBuilder out = new StringBuilder();
        boolean fenced = false;
        for (String line : read(page).split("\n", -1)) {
            if (line.strip().startsWith("```")) {
                fenced = !fenced;
                out.append('\n');
                continue;
            }
            out.append(fenced ? "" : line).append('\n');
        }
        return out.toString();
    }

    static String read(Path page) {
        try {
            return Files.readString(page);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The page's path from the project root, for messages. */
    static String name(Path page) {
        return ProjectFiles.root().relativize(page).toString();
    }
}
