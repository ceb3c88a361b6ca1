package dev.bluegreen.kafka.example;

import dev.bluegreen.example.Event;

import org.apache.flink.api.common.functions.MapFunction;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The Kafka example's fault for a job that fails for good: passes records through and throws, in
 * every run, at the first record once {@code path} exists (looked at no more than every {@value
 * #CHECK_EVERY_MS} ms). With no restart strategy the job then ends FAILED; with one, every restart
 * fails again at its first record.
 */
public final class FailWhenFile implements MapFunction<Event, Event> {
    /** How often the file is looked for, at most, milliseconds. */
    static final long CHECK_EVERY_MS = 50;

    private static final long serialVersionUID = 1L;

    private final String path;
    private transient long checkedAt;
    private transient boolean checked;

    /** A fault that fires once {@code path} exists. */
    public FailWhenFile(String path) {
        this.path = path;
    }

    @Override
    public Event map(Event event) {
        long now = System.nanoTime();
        if (!checked || now - checkedAt >= TimeUnit.MILLISECONDS.toNanos(CHECK_EVERY_MS)) {
            checked = true;
            checkedAt = now;
            if (Files.exists(Path.of(path))) {
                throw new FileAppeared(
                        "injected failure: --fail-when-file "
                                + path
                                + " exists, at id "
                                + event.id);
            }
        }
        return event;
    }

    /** The exception the fault throws; its message names the file and the record id. */
    public static final class FileAppeared extends RuntimeException {
        private static final long serialVersionUID = 1L;

        FileAppeared(String message) {
            super(message);
        }
    }
}
