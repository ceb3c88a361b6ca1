package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.operator.internal.pipeline.decide.Decision;
import dev.bluegreen.operator.internal.pipeline.decide.ParentObservation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Records every decision with its observation as a JSON file ({@link ObservationJson}) when the
 * system property {@value #PROPERTY} names a directory; does nothing otherwise (the default). For
 * replaying a controller bug without a cluster: see docs/controller.md. Thread-safe.
 */
final class Recordings {
    /** The system property naming the directory the recordings go to. */
    static final String PROPERTY = "bluegreen.record.observations";

    private static final AtomicLong SEQUENCE = new AtomicLong();

    private Recordings() {}

    /** Records {@code decision} on {@code seen} at {@code now} when recording is on. */
    static void record(ParentObservation seen, Instant now, Decision decision) {
        String dir = System.getProperty(PROPERTY);
        if (dir == null || dir.isBlank()) {
            return;
        }
        String name = fileName(seen, decision);
        var recorded =
                new ObservationJson.Recorded(now, seen, ObservationJson.Outcome.of(decision));
        try {
            Files.createDirectories(Path.of(dir));
            Files.writeString(Path.of(dir, name), ObservationJson.write(recorded));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot record the observation in " + dir, e);
        }
    }

    /** {@code <namespace>-<name>-<sequence>-<next state>.json}. */
    private static String fileName(ParentObservation seen, Decision decision) {
        var meta = seen.parent().getMetadata();
        long sequence = SEQUENCE.incrementAndGet();
        var state = decision.plan().record().state();
        return String.format(
                "%s-%s-%05d-%s.json", meta.getNamespace(), meta.getName(), sequence, state);
    }
}
