package dev.bluegreen.kafka.broker;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Reads a child process's log file while it grows: finds a marker line without rereading what was
 * already scanned, and gives the last lines for error messages. Not thread-safe.
 */
final class BrokerLog {

    /** How many lines an error message quotes. */
    static final int TAIL_LINES = 40;

    private final Path file;
    private long scanned;
    private String carry = "";

    BrokerLog(Path file) {
        this.file = file;
    }

    Path file() {
        return file;
    }

    /**
     * Whether {@code marker} occurs in the part of the file written so far. Reads only new bytes; a
     * marker split across two reads is still found.
     */
    boolean contains(String marker) throws IOException {
        if (!Files.exists(file)) {
            return false;
        }
        String text = carry + fresh();
        if (text.contains(marker)) {
            return true;
        }
        // Keep the tail that could be the start of the marker.
        carry = text.substring(Math.max(0, text.length() - marker.length()));
        return false;
    }

    /** The text written since the last read. */
    private String fresh() throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            in.skipNBytes(scanned);
            byte[] fresh = in.readAllBytes();
            scanned += fresh.length;
            return new String(fresh, StandardCharsets.UTF_8);
        }
    }

    /** The first line that contains {@code text}, if any (reads the whole file). */
    Optional<String> firstLineContaining(String text) {
        return lines(file).filter(line -> line.contains(text)).findFirst();
    }

    /** The last {@value #TAIL_LINES} lines, or a note saying why there are none. */
    String tail() {
        return tail(file, TAIL_LINES);
    }

    /** The last {@code lines} lines of {@code file}, or a note saying why there are none. */
    static String tail(Path file, int lines) {
        if (!Files.isReadable(file)) {
            return "(log " + file + " unreadable: it does not exist or cannot be read)";
        }
        List<String> all = lines(file).toList();
        return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    }

    private static Stream<String> lines(Path file) {
        try {
            // Decoding leniently: a log cut mid-character must still be quoted.
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8).lines();
        } catch (IOException e) {
            return Stream.of("(log " + file + " unreadable: " + e + ")");
        }
    }
}
