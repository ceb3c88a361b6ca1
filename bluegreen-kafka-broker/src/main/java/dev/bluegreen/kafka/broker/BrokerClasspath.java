package dev.bluegreen.kafka.broker;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The broker's runtime classpath, written at build time by {@code dependency:build-classpath} as
 * absolute paths into the local Maven repository (valid on the machine that built this module).
 */
final class BrokerClasspath {

    /** The resource this module's build writes. */
    static final String RESOURCE = "dev/bluegreen/kafka/broker/broker.classpath";

    private BrokerClasspath() {}

    /**
     * Reads and checks the classpath resource.
     *
     * @param loader where to look for {@code resource}
     * @throws IOException naming the resource when it is missing or empty, or naming the first jar
     *     that does not exist
     */
    static List<Path> load(ClassLoader loader, String resource) throws IOException {
        try (InputStream in = loader.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException(
                        "Kafka broker classpath resource "
                                + resource
                                + " not found (build bluegreen-kafka-broker with Maven)");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), resource);
        }
    }

    /**
     * Splits the path-separator-joined {@code text} and checks that every entry exists.
     *
     * @param source names the text's origin in exceptions
     * @throws IOException naming {@code source} when it lists nothing or a missing file
     */
    static List<Path> parse(String text, String source) throws IOException {
        List<Path> entries = new ArrayList<>();
        for (String entry : text.strip().split(java.io.File.pathSeparator)) {
            if (!entry.isBlank()) {
                entries.add(Path.of(entry.strip()));
            }
        }
        if (entries.isEmpty()) {
            throw new IOException("Kafka broker classpath resource " + source + " is empty");
        }
        requireFiles(entries, source);
        return List.copyOf(entries);
    }

    private static void requireFiles(List<Path> entries, String source) throws IOException {
        for (Path entry : entries) {
            if (!Files.isRegularFile(entry)) {
                throw new IOException(
                        "Kafka broker classpath resource "
                                + source
                                + " lists "
                                + entry
                                + ", which does not exist (the resource holds local Maven"
                                + " repository paths: rebuild bluegreen-kafka-broker on this"
                                + " machine)");
            }
        }
    }

    /** Joins {@code entries} for {@code java -cp}. */
    static String join(List<Path> entries) {
        List<String> parts = new ArrayList<>();
        entries.forEach(entry -> parts.add(entry.toString()));
        return String.join(java.io.File.pathSeparator, parts);
    }
}
