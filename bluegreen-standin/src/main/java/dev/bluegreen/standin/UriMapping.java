package dev.bluegreen.standin;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;

/**
 * Maps a FlinkDeployment's {@code job.jarURI} to a local jar: the longest configured prefix wins
 * and the rest of the URI is resolved under its directory; {@code file:} URIs are used as they are.
 * Immutable and thread-safe.
 */
final class UriMapping {
    private final Map<String, Path> prefixes;

    UriMapping(Map<String, Path> prefixes) {
        this.prefixes = Map.copyOf(prefixes);
    }

    /**
     * The local jar of {@code jarUri}.
     *
     * @throws SpecException naming {@code spec.job.jarURI} when no mapping applies, the URI leaves
     *     the mapped directory or the file does not exist
     */
    Path map(String jarUri) {
        Path jar = resolve(jarUri);
        if (!Files.isRegularFile(jar)) {
            throw new SpecException(
                    "spec.job.jarURI: \""
                            + jarUri
                            + "\" maps to "
                            + jar
                            + ", which does not exist");
        }
        return jar;
    }

    private Path resolve(String jarUri) {
        var prefix =
                prefixes.keySet().stream()
                        .filter(jarUri::startsWith)
                        .max(Comparator.comparingInt(String::length));
        if (prefix.isPresent()) {
            return mapped(jarUri, prefix.get());
        }
        if (jarUri.startsWith("file:")) {
            return file(jarUri);
        }
        throw new SpecException(
                "spec.job.jarURI: no local mapping for \""
                        + jarUri
                        + "\"; mapped prefixes: "
                        + prefixes.keySet()
                        + " (StandInSettings.Builder#mapLocalUri)");
    }

    /** The jar under the directory {@code prefix} maps to; it may not leave that directory. */
    private Path mapped(String jarUri, String prefix) {
        Path dir = prefixes.get(prefix).toAbsolutePath().normalize();
        Path jar = dir.resolve(jarUri.substring(prefix.length())).normalize();
        if (!jar.startsWith(dir)) {
            throw new SpecException(
                    "spec.job.jarURI: \"" + jarUri + "\" leaves the mapped directory " + dir);
        }
        return jar;
    }

    private static Path file(String jarUri) {
        try {
            return Path.of(URI.create(jarUri));
        } catch (IllegalArgumentException e) {
            throw new SpecException("spec.job.jarURI: not a valid file URI: \"" + jarUri + "\"");
        }
    }
}
