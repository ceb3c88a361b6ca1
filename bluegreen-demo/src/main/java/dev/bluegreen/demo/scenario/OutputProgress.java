package dev.bluegreen.demo.scenario;

import dev.bluegreen.example.OutputAudit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * How far a job version has written: its complete lines ({@code id,key,eventTime,count,version})
 * and the smallest and largest id among them, read from the example job's output directory while
 * the jobs still write (a half-written last line is not counted), or from parsed lines (a topic).
 *
 * @param lines complete lines of the version
 * @param minId the smallest id among them, -1 for none
 * @param maxId the largest id among them, -1 for none
 */
record OutputProgress(long lines, long minId, long maxId) {
    static final OutputProgress NONE = new OutputProgress(0, -1, -1);

    /** The progress of {@code version} in the {@code *.csv} files of {@code dir}. */
    static OutputProgress of(Path dir, String version) {
        if (!Files.isDirectory(dir)) {
            return NONE;
        }
        try (Stream<Path> files = Files.list(dir)) {
            OutputProgress total = NONE;
            for (Path file : files.filter(f -> f.toString().endsWith(".csv")).toList()) {
                total = total.plus(of(Files.readString(file, StandardCharsets.UTF_8), version));
            }
            return total;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the output directory " + dir, e);
        }
    }

    /** The progress of {@code version} in one file's text. */
    static OutputProgress of(String text, String version) {
        String suffix = "," + version;
        OutputProgress progress = NONE;
        int start = 0;
        for (int end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
            String line = text.substring(start, end);
            int comma = line.indexOf(',');
            if (line.endsWith(suffix) && comma > 0) {
                long id = Long.parseLong(line.substring(0, comma));
                progress = progress.plus(one(id));
            }
            start = end + 1;
        }
        return progress;
    }

    /** The progress of {@code version} among parsed output lines (e.g. read from a topic). */
    static OutputProgress of(List<OutputAudit.Line> lines, String version) {
        OutputProgress progress = NONE;
        for (OutputAudit.Line line : lines) {
            if (line.version().equals(version)) {
                progress = progress.plus(one(line.id()));
            }
        }
        return progress;
    }

    /** One line with record id {@code id}. */
    static OutputProgress one(long id) {
        return new OutputProgress(1, id, id);
    }

    /** Both progresses together. */
    OutputProgress plus(OutputProgress other) {
        if (lines == 0 || other.lines == 0) {
            return lines == 0 ? other : this;
        }
        return new OutputProgress(
                lines + other.lines, Math.min(minId, other.minId), Math.max(maxId, other.maxId));
    }
}
