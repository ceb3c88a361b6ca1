package dev.bluegreen.example;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Counts what the example job wrote: reads every {@code *.csv} file of an output directory (lines
 * {@code id,key,eventTimeMillis,perKeyCount,version}) and compares the ids with the contiguous
 * range the source produced.
 *
 * <p>Valid when the last job writing into the directory stopped with a savepoint (or was cancelled
 * after its last checkpoint's output was written) and no job is writing any more: then every id
 * below the source position was written at least once, ids are contiguous from 0 (the source has
 * parallelism 1), and {@code expected = max id + 1}. Records past the last written id that the
 * source never emitted cannot be detected as lost. Stateless and thread-safe.
 */
public final class OutputAudit {
    private OutputAudit() {}

    /**
     * The result of an audit.
     *
     * @param recordsOut lines written
     * @param distinct distinct ids among them
     * @param duplicates {@code recordsOut - distinct}: lines whose id was written before
     * @param lost {@code expected - distinct}: ids below the largest id that never appeared
     * @param expected {@code max id + 1}, or 0 for no output
     * @param outByVersion lines per version label, sorted by label
     */
    public record Audit(
            long recordsOut,
            long distinct,
            long duplicates,
            long lost,
            long expected,
            Map<String, Long> outByVersion) {

        /** Copies the version map. */
        public Audit {
            outByVersion = Map.copyOf(outByVersion);
        }
    }

    /**
     * Audits every {@code *.csv} file under {@code outputDir}; a missing directory counts as empty.
     *
     * @throws IllegalArgumentException naming file and line for a malformed line
     * @throws UncheckedIOException when a file cannot be read
     */
    public static Audit audit(Path outputDir) {
        return of(lines(outputDir));
    }

    /**
     * Every line of the {@code *.csv} files under {@code outputDir} (files in name order); a
     * missing directory has none. Read it only when nothing writes, or expect a half-written last
     * line to fail the parse.
     *
     * @throws IllegalArgumentException naming file and line for a malformed line
     * @throws UncheckedIOException when a file cannot be read
     */
    public static List<Line> lines(Path outputDir) {
        if (!Files.isDirectory(outputDir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(outputDir)) {
            var lines = new java.util.ArrayList<Line>();
            for (Path file : files.filter(f -> f.toString().endsWith(".csv")).sorted().toList()) {
                addLines(file, lines);
            }
            return lines;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read output directory " + outputDir, e);
        }
    }

    /** Parses the non-blank lines of {@code file} into {@code lines}. */
    private static void addLines(Path file, List<Line> lines) throws IOException {
        List<String> text = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (int i = 0; i < text.size(); i++) {
            if (!text.get(i).isBlank()) {
                lines.add(Line.parse(text.get(i), file.getFileName() + ":" + (i + 1)));
            }
        }
    }

    /** Audits already parsed lines (id and version only matter). */
    public static Audit of(List<Line> lines) {
        BitSet seen = new BitSet();
        long maxId = -1;
        Map<String, Long> byVersion = new TreeMap<>();
        for (Line line : lines) {
            seen.set(Math.toIntExact(line.id()));
            maxId = Math.max(maxId, line.id());
            byVersion.merge(line.version(), 1L, Long::sum);
        }
        long distinct = seen.cardinality();
        long expected = maxId + 1;
        return new Audit(
                lines.size(),
                distinct,
                lines.size() - distinct,
                expected - distinct,
                expected,
                byVersion);
    }

    /**
     * One output line.
     *
     * @param id record id
     * @param key record key
     * @param eventTime event time, epoch milliseconds
     * @param perKeyCount the key's count after this record
     * @param version the job version that wrote it
     */
    public record Line(long id, String key, long eventTime, long perKeyCount, String version) {
        /**
         * Parses {@code id,key,eventTimeMillis,perKeyCount,version}.
         *
         * @param where file and line number for the error message
         * @throws IllegalArgumentException naming {@code where} for a malformed line
         */
        public static Line parse(String text, String where) {
            String[] parts = text.split(",", -1);
            if (parts.length != 5) {
                throw new IllegalArgumentException(
                        where + ": expected 5 comma-separated fields, got \"" + text + "\"");
            }
            try {
                return new Line(
                        id(parts[0]),
                        parts[1],
                        Long.parseLong(parts[2]),
                        Long.parseLong(parts[3]),
                        parts[4]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(
                        where
                                + ": expected id, event time and count as integers, got \""
                                + text
                                + "\"",
                        e);
            }
        }

        private static long id(String text) {
            long id = Long.parseLong(text);
            if (id < 0) {
                throw new NumberFormatException("negative id");
            }
            return id;
        }
    }
}
