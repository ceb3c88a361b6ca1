package dev.bluegreen.kafka.broker;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

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
        try (InputStream in = Files.newInputStream(file)) {
            in.skipNBytes(scanned);
            byte[] fresh = in.readAllBytes();
            scanned += fresh.length;
            String text = carry + new String(fresh, StandardCharsets.UTF_8);
            if (text.contains(marker)) {
                return true;
            }
            // Keep the tail that could be the start of the marker.
            carry = text.substring(Math.max(0, text.length() - marker.length()));
            return false;
        }
    }

    /** The last {@value #TAIL_LINES} lines, or a note saying why there are none. */
    String tail() {
        return tail(file, TAIL_LINES);
    }

    /** The last {@code lines} lines of {@code file}, or a note saying why there are none. */
    static String tail(Path file, int lines) {
        try {
            // Decoding leniently: a log cut mid-character must still be quoted.
            List<String> all =
                    new String(Files.readAllBytes(file), StandardCharsets.UTF_8).lines().toList();
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(log " + file + " unreadable: " + e + ")";
        }
    }
}
