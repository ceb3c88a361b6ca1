package dev.bluegreen.example;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.UUID;

/**
 * An at-least-once sink that appends one line per record to {@code
 * <output>/part-<version>-<subtask>-<uuid>.csv}; every writer instance (each start or restore)
 * opens a new file. Each line is flushed as it is written, and {@link SinkWriter#flush} (called
 * before every checkpoint and stop-with-savepoint barrier) flushes again, so nothing stays buffered
 * across a checkpoint.
 */
public final class LineFileSink implements Sink<String> {
    private static final long serialVersionUID = 1L;

    private final String output;
    private final String version;

    /** A sink writing into directory {@code output}; {@code version} goes into file names. */
    public LineFileSink(String output, String version) {
        this.output = output;
        this.version = version;
    }

    @Override
    @SuppressWarnings("deprecation") // the only abstract factory method in Flink 1.20
    public SinkWriter<String> createWriter(InitContext context) throws IOException {
        Path dir = Paths.get(output);
        Files.createDirectories(dir);
        String name =
                "part-"
                        + version
                        + "-"
                        + context.getTaskInfo().getIndexOfThisSubtask()
                        + "-"
                        + UUID.randomUUID()
                        + ".csv";
        return new LineWriter(Files.newBufferedWriter(dir.resolve(name), StandardCharsets.UTF_8));
    }

    private static final class LineWriter implements SinkWriter<String> {
        private final Writer writer;

        LineWriter(BufferedWriter writer) {
            this.writer = writer;
        }

        @Override
        public void write(String line, Context context) throws IOException {
            // a whole line per flush: a killed job never leaves half a line
            writer.write(line + "\n");
            writer.flush();
        }

        @Override
        public void flush(boolean endOfInput) throws IOException {
            writer.flush();
        }

        @Override
        public void close() throws IOException {
            writer.close();
        }
    }
}
